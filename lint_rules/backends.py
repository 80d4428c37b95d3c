"""Which folders under ``backends/`` are ExecuTorch backends, each a TORCH_LOGS component.

A backend is ``backends/<name>/`` or ``backends/apple/<name>/`` holding Python, except the folders
that are core (``transforms``), tests (``test``, ``tests``) or a demo (``example``, ``examples``);
``apple`` only groups backends. The one statement of that rule: the lint maps a file to its
component with ``backend_of``, and vendoring fills the runtime's component table of a checkout with
``backend_folders``. Stdlib only.
"""

from __future__ import annotations

from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

BACKENDS_FOLDER = "backends"
GROUPING_FOLDER = "apple"
NOT_BACKENDS = frozenset({"transforms", "test", "tests", "example", "examples"})


def is_backend_name(name: str) -> bool:
    """True for a folder name under ``backends/`` (or ``backends/apple/``) that is a backend."""
    return name.isidentifier() and name not in NOT_BACKENDS and name != GROUPING_FOLDER


def backend_of(folders: Sequence[str]) -> str | None:
    """The backend of a file from its folders (outermost first), or None for core code."""
    for i, part in enumerate(folders):
        if part != BACKENDS_FOLDER:
            continue
        rest = folders[i + 1 :]
        if rest and rest[0] == GROUPING_FOLDER:
            rest = rest[1:]
        return rest[0] if rest and is_backend_name(rest[0]) else None
    return None


def backend_folders(root: Path) -> tuple[list[str], list[str]]:
    """The backends of a checkout: (``backends/<name>`` names, ``backends/apple/<name>`` names),
    each sorted; a folder counts when it holds a Python file at any depth."""
    top = root / BACKENDS_FOLDER
    return _with_python(top), _with_python(top / GROUPING_FOLDER)


def _with_python(folder: Path) -> list[str]:
    if not folder.is_dir():
        return []
    return sorted(
        child.name
        for child in folder.iterdir()
        if is_backend_name(child.name)
        and child.is_dir()
        and not child.is_symlink()
        and next(child.rglob("*.py"), None) is not None
    )


def sets_up_itself(root: Path, top: str, name: str) -> str | None:
    """The file of backend ``name`` (``backends/[apple/]<name>``) that gives the backend's own
    top logger (``executorch.backends[.apple].<name>``) a handler or turns its propagation off,
    as ``backends/mlx/_logging.py`` does, if any: such a backend is not made a TORCH_LOGS
    component (torch's handler beside its own would print each line twice, and torch's levels
    would override the ones it documents). Matched on the text, without parsing."""
    folder = root / BACKENDS_FOLDER / (f"{GROUPING_FOLDER}/{name}" if top else name)
    qname = f"executorch.{BACKENDS_FOLDER}.{f'{GROUPING_FOLDER}.' if top else ''}{name}"
    needles = (f'getLogger("{qname}")', f"getLogger('{qname}')")
    for path in sorted(folder.rglob("*.py")) if folder.is_dir() else []:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if any(n in text for n in needles) and (
            ".propagate = False" in text or ".addHandler(" in text
        ):
            return path.relative_to(root).as_posix()
    return None
