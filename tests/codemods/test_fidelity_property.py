"""Property: for any literal/number/f-string arguments and any literal `sep`, the migrated
print emits the text the print wrote (percent signs, braces, quotes, backslashes...), with one
change only: a whitespace `sep` next to a string literal's own space or tab is left out, not
doubled (issue 21: separators as `print` rendered them, without doubling)."""

from __future__ import annotations

import contextlib
import io
import logging

from codemod_support import migrate
from hypothesis import given, settings
from hypothesis import strategies as st

TEXT = st.text(alphabet=st.sampled_from(list("ab %%s{}'\"\\\t-é:")), max_size=8)
ARG = st.one_of(
    TEXT.map(repr),
    st.integers(-5, 500).map(str),
    TEXT.map(lambda t: "f" + repr(t.replace("{", "{{").replace("}", "}}"))),
    st.just("value"),
    st.just("(value, 2)"),
)


class _Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@settings(max_examples=150, deadline=None)
@given(args=st.lists(ARG, min_size=1, max_size=4), sep=st.one_of(st.none(), TEXT))
def test_migrated_print_emits_the_printed_text(config, args, sep):
    sep_kw = "" if sep is None else f", sep={sep!r}"
    call = f"print({', '.join(args)}{sep_kw}, file=sys.stderr)"
    src = f"import sys\n\n\ndef run(value):\n    {call}\n"
    result = migrate(src, config)
    assert result.rewritten, result.review
    printed = io.StringIO()
    scope: dict = {}
    exec(compile(src, "before.py", "exec"), scope)  # our own generated snippet, not target code
    with contextlib.redirect_stderr(printed):
        scope["run"]("v%s")
    capture = _Capture()
    logger = logging.getLogger("et_log_property")
    logger.addHandler(capture)
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    migrated = result.new_text.replace(
        "from et_log_runtime import get_logger\n", "import logging\n"
    ).replace("get_logger(__name__)", "logging.getLogger('et_log_property')")
    try:
        scope = {}
        exec(compile(migrated, "after.py", "exec"), scope)
        scope["run"]("v%s")
    finally:
        logger.removeHandler(capture)
    assert capture.messages == [_expected(args, sep)]
    if not _drops_a_separator(args, sep):  # otherwise the very text print wrote
        assert capture.messages == [printed.getvalue().removesuffix("\n")]


def _literal(arg: str) -> str | None:
    return eval(arg) if arg[:1] in "'\"" else None  # a plain string literal of ours


def _drops_a_separator(args: list[str], sep: str | None) -> bool:
    sep = " " if sep is None else sep
    if not sep.isspace():
        return False
    pairs = zip(args, args[1:], strict=False)
    return any(
        (_literal(a) or "x")[-1:].isspace() or (_literal(b) or "x")[:1].isspace() for a, b in pairs
    )


def _expected(args: list[str], sep: str | None) -> str:
    """What print wrote, but for a whitespace `sep` next to a literal's own whitespace."""
    values = [str(eval(arg, {"value": "v%s"})) for arg in args]
    out = values[0]
    for index in range(1, len(args)):
        if not _drops_a_separator(args[index - 1 : index + 1], sep):
            out += " " if sep is None else sep
        out += values[index]
    return out
