"""The report's sections a reviewer needs beyond the rewrites: how the series lands, the module
namespaces that change, the Buck edits left to a person, the torch names the runtime reads; and
the class B notes' line before and after."""

from __future__ import annotations

import ast
from pathlib import Path

from codemods.fixes._shown import printed, root_call_note, root_setup, template
from codemods.migrate import main
from codemods.report.namespace import namespace_change, public_names
from codemods.report.sections import TORCH_NAMES


def _call(source: str) -> ast.Call:
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
    return node.value


def test_a_template_keeps_literal_text_and_names_each_computed_part() -> None:
    shown = template(ast.parse('f"Epoch {i}: {loss:.2f} {idx:4} {op!r}"', mode="eval").body)
    assert shown == "Epoch {i}: {loss:.2f} {idx:4} {op!r}"  # each field as written (review 14, F5)
    assert printed(_call('print("alignment", 16, "bytes", sep=" = ")')) == "alignment = 16 = bytes"
    assert printed(_call('print("Applying %s quantization" % mode)')) == "Applying %s quantization"
    assert printed(_call('print("  a   b\\n")')) == "  a   b"  # its spaces; the newline


def test_a_root_call_note_says_what_users_saw_and_will_see() -> None:
    warning = root_call_note(_call('logging.warning(f"{n} skipped")'), "warning")
    assert warning == "before: stderr `WARNING:root:{n} skipped`; after: stderr `{n} skipped`"
    info = root_call_note(_call('logging.info("done")'), "info")
    assert info.startswith("before: nothing, unless a root handler showed INFO")
    assert "`INFO:root:done` in that handler's format; after: nothing (an INFO record" in info


def test_a_namespace_change_is_the_public_names_gained_and_lost() -> None:
    old = "import logging\nimport sys as _sys\nlogger = logging.getLogger(__name__)\n"
    new = "from rt import get_logger\nimport sys as _sys\nlogger = get_logger(__name__)\n"
    assert namespace_change(old, new) == (["get_logger"], ["logging"])
    declared = "import logging\n__all__ = ['f']\ndef f(): pass\n"
    assert public_names(declared) == {"f"}  # __all__ decides
    assert namespace_change(declared, declared.replace("import logging", "")) == ([], [])
    nested = "try:\n    import numpy as np\nexcept ImportError:\n    np = None\n"
    assert public_names(nested) == {"np"}


def _report(sample_copy: Path, tmp_path: Path) -> str:
    report = tmp_path / "pr.md"
    argv = [str(sample_copy / "exir"), str(sample_copy / "backends"), "-q", "-j", "1"]
    assert main([*argv, "--report", str(report)]) == 0
    return report.read_text(encoding="utf-8")


def _section(text: str, heading: str) -> str:
    return text.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]


def test_the_report_says_how_the_pull_requests_land(sample_copy: Path, tmp_path: Path) -> None:
    """The report names the mechanical and the owners' pull requests `--patches` writes."""
    report, out = tmp_path / "pr.md", tmp_path / "series"
    argv = [str(sample_copy / "exir"), str(sample_copy / "backends"), "-q", "-j", "1"]
    assert main([*argv, "--report", str(report), "--patches", str(out)]) == 0
    lands = _section(report.read_text(encoding="utf-8"), "## How it lands")
    said = {
        kind: lands.split(lead)[1].split(".\n")[0].rstrip(".").split(", ")
        for kind, lead in (
            ("loggers", "with or without its own logging set up: "),
            ("logging", "stacked on that owner's mechanical one: "),
        )
    }
    folders = sorted(p.name for p in out.iterdir() if p.is_dir())
    written = {
        kind: [
            f.split("-", 1)[1].removesuffix(f"-{kind}") for f in folders if f.endswith(f"-{kind}")
        ]
        for kind in said
    }
    assert said == written and said["loggers"] and said["logging"]


def test_the_report_lists_namespaces_buck_and_torch_names(
    sample_copy: Path, tmp_path: Path
) -> None:
    text = _report(sample_copy, tmp_path)
    namespaces = _section(text, "## Module namespaces")
    assert "| gains | loses | modules |" in namespaces and "get_logger" in namespaces
    torch = _section(text, "## Torch names the runtime reads")
    assert [line[3:-1] for line in torch.splitlines() if line.startswith("- `")] == list(
        TORCH_NAMES
    )
    assert "## Buck: left to do by hand" in text


def test_a_root_call_shown_by_its_modules_own_basic_config_says_so() -> None:
    """Qualcomm's `convert_mha_to_sha.py` shape: the module's `basicConfig(level=INFO,
    format=FORMAT)` showed its `if self.verbose: logging.info(...)` lines when no library
    imported before had configured the root; the class B note says so, and the line stays an
    INFO record (a flag asks for detail, not a warning: reviews 9 and 11)."""
    from lint_rules import Config
    from lint_rules.detector import analyse

    text = (
        "import logging\n"
        'FORMAT = "[%(levelname)s %(asctime)s %(filename)s:%(lineno)s] %(message)s"\n'
        "logging.basicConfig(level=logging.INFO, format=FORMAT)\n\n\n"
        "class P:\n"
        "    def run(self, node):\n"
        "        if self.verbose:\n"
        '            logging.info(f"{node} is for GQA!")\n'
        "        logging.debug('hidden')\n"
    )
    analysis = analyse(text, "backends/qualcomm/_passes/p.py", Config())
    assert analysis is not None
    setup = root_setup(analysis.facts)
    assert setup is not None and setup.shows("info") and not setup.shows("debug")
    call = _call('logging.info(f"{node} is for GQA!")')
    call.lineno = 9
    shown = root_call_note(call, "info", setup, "p.py", "self.verbose")
    assert shown.startswith("before: stderr `[INFO <time> p.py:9] {node} is for GQA!` (through")
    assert "when no library imported before it had configured the root" in shown
    assert "when `self.verbose` is set; after: nothing (an INFO record of {component}" in shown
    unflagged = root_call_note(call, "info", setup, "p.py")
    assert "after: nothing (an INFO record of {component}" in unflagged
    debug = root_call_note(_call("logging.debug('hidden')"), "debug", setup, "p.py")
    assert debug.startswith("before: nothing, unless a root handler showed DEBUG")


def test_a_vendored_run_says_what_the_runtime_brings_into_every_process(
    sample_copy: Path, tmp_path: Path, monkeypatch
) -> None:
    report = tmp_path / "pr.md"
    monkeypatch.chdir(sample_copy)
    assert main(["--vendor", "exir", "backends", "-q", "-j", "1", "--report", str(report)]) == 0
    risks = _section(
        report.read_text(encoding="utf-8"), "## What the runtime brings into every process"
    )
    assert "`torch.backends` entry point `executorch_logging`" in risks
    assert "Failed to load the backend extension: executorch_logging" in risks
    assert "TORCH_DEVICE_BACKEND_AUTOLOAD=0" in risks and "set_logs" in risks
    # the partition run is opt-in: a default run brings none of its variables
    assert "EXECUTORCH_DELEGATION_RECORD" not in risks and "EXECUTORCH_CRITICAL_OPS" not in risks
    # review 9, M4: the hook's one risk is in the report's opening, before any table
    opening = report.read_text(encoding="utf-8").split("\n## ")[0]
    assert "**Not in this series: the `torch.backends` hook.**" in opening
    assert "fail every `import torch`" in opening


def test_a_terminal_code_in_a_printed_text_is_written_escaped() -> None:
    """Cadence's runtime prints coloured text: the notes quote it with the ESC written out, so
    the report and the commit messages hold no raw control byte (review 10, n4)."""
    from codemods.report.tally import note_text

    note = "before: stdout `\x1b[1;32mPASS\x1b[0m\tdone`; after: {component} INFO"
    assert note_text(note, "cadence") == (
        "before: stdout `\\x1b[1;32mPASS\\x1b[0m\tdone`; after: cadence INFO"
    )
