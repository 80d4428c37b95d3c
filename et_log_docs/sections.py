"""A generated section of a doc: the lines between `<!-- name -->` and `<!-- /name -->`, written
by the code that makes them (a table from a registry, a figure from a bench script). The one
writer of such sections for the packages' docs modules, bench/, scripts/ and tests/e2e/harness/.
Standard library only, importing none of our packages: each of them may use it."""

from __future__ import annotations

import sys
from pathlib import Path

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

NEWLINE = "\n"


def markers(name: str) -> tuple[str, str]:
    """The opening and closing comments of the section `name`."""
    return f"<!-- {name} -->", f"<!-- /{name} -->"


def _bounds(text: str, name: str) -> tuple[int, int] | None:
    """Where the section's body starts and ends (after the opening comment, at the closing one)."""
    begin, end = markers(name)
    start = text.find(begin)
    if start < 0:
        return None
    stop = text.find(end, start + len(begin))
    return None if stop < 0 else (start + len(begin), stop)


def read_section(text: str, name: str) -> str | None:
    """The body of the section `name` in `text`, without its first and last newline (None:
    no such section)."""
    bounds = _bounds(text, name)
    if bounds is None:
        return None
    body = text[bounds[0] : bounds[1]]
    return body.removeprefix("\n").removesuffix("\n")


def with_section(
    text: str, name: str, body: str, *, where: str = "the doc", append: str | None = None
) -> str:
    """`text` with the section `name` holding `body`, on lines of its own between the markers.
    A text without the section gets it at its end after `append` (a heading, or "") when
    given; else ValueError names `where` and the markers."""
    begin, end = markers(name)
    bounds = _bounds(text, name)
    if bounds is not None:
        return f"{text[: bounds[0]]}\n{body}\n{text[bounds[1] :]}"
    if append is None:
        raise ValueError(f"{where}: no {begin} ... {end} section")
    return f"{text.rstrip(NEWLINE)}\n\n{append}{begin}\n{body}\n{end}\n"


def write_section(path: Path, name: str, body: str, *, append: str | None = None) -> None:
    """Write `body` as the section `name` of the doc at `path` (see `with_section`; a missing
    file counts as empty when `append` is given)."""
    missing = append is not None and not path.exists()
    text = "" if missing else path.read_text(encoding="utf-8")
    path.write_text(with_section(text, name, body, where=str(path), append=append), "utf-8")


def regenerate(path: Path, render: Callable[[str], str], argv: Sequence[str], command: str) -> int:
    """The `main` of a docs generator: `render(the page's text)` is what the page should be.
    With `--check` in `argv`, exit status 1 and a line naming `command` when it differs;
    else the page is written when it differs. A section gone from the page: status 1."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    try:
        fresh = render(text)
    except ValueError as error:  # the page lost a section's markers
        sys.stderr.write(f"{error}\n")
        return 1
    if fresh == text:
        return 0
    if "--check" in argv:
        sys.stderr.write(f"{path} is stale: run `{command}`\n")
        return 1
    path.write_text(fresh, encoding="utf-8")
    return 0
