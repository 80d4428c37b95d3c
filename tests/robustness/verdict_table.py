"""docs/robustness.md's table of verdicts: each kind of bad input given to et-log-lint,
et-log-migrate and et-log-report, and what each answers (the kind of message, the exit status).

    .venv/bin/python tests/robustness/verdict_table.py [--check]

Every cell is measured: the three commands run on inputs built in a temporary folder, and their
output is read back into a kind (`verdict`). The section between `<!-- verdicts -->` and
`<!-- /verdicts -->` is written anew (`--check`: exit 1 when the page is stale);
tests/robustness/test_verdicts.py fails when it is.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

if __name__ == "__main__":  # run as a file: the repository's packages, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from et_log_docs.sections import regenerate, with_section

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "robustness.md"
SECTION = "verdicts"
TOOLS = ("et-log-lint", "et-log-migrate", "et-log-report")
MODULES = {"et-log-lint": "lint_rules", "et-log-migrate": "codemods.migrate"}
MODULES["et-log-report"] = "et_log_report"
RECORD = b'{"schema": 1, "runs": []}\n'
SITE = b'import logging\n\nlogging.info("hi")\n'
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01"


@dataclass(frozen=True)
class Case:
    """One kind of bad input: its row's text, the files it needs, the path the messages must
    name, and each tool's arguments (None: the tool has no such input)."""

    row: str
    files: dict[str, bytes]
    named: str
    args: dict[str, tuple[str, ...] | None]


def _same(*args: str, report: tuple[str, ...] | None = None) -> dict[str, tuple[str, ...] | None]:
    """The lint's and the migration's arguments (the migration writes nothing: --check)."""
    return {
        "et-log-lint": args,
        "et-log-migrate": ("-q", "--check", *args),
        "et-log-report": report,
    }


CASES = (
    Case(
        "binary bytes named `.py` (`pic.py`)",
        {"pic.py": PNG},
        "pic.py",
        _same("pic.py", report=("show", "pic.py")),
    ),
    Case(
        "a binary file not named Python (`pic.png`)",
        {"pic.png": PNG},
        "pic.png",
        _same("pic.png", report=("show", "pic.png")),
    ),
    Case(
        "text that does not parse, named `.py` (`broken.py`)",
        {"broken.py": SITE + b"def (\n"},
        "broken.py",
        _same("broken.py", report=("show", "broken.py")),
    ),
    Case(
        "a text file not named Python (`notes.txt`)",
        {"notes.txt": SITE},
        "notes.txt",
        _same("notes.txt", report=("show", "notes.txt")),
    ),
    Case(
        "an empty file (`empty.py`)",
        {"empty.py": b""},
        "empty.py",
        _same("empty.py", report=("show", "empty.py")),
    ),
    Case(
        "a JSON list (`list.json`)",
        {"list.json": b"[1, 2]\n"},
        "list.json",
        _same("list.json", report=("show", "list.json")),
    ),
    Case(
        "a Python module (`ok.py`)",
        {"ok.py": b"x = 1\n"},
        "ok.py",
        _same("ok.py", report=("show", "ok.py")),
    ),
    Case(
        "a file that does not exist (`gone.py`)",
        {},
        "gone.py",
        _same("gone.py", report=("show", "gone.py")),
    ),
    Case(
        "a folder where an option takes a file (`exir`)",
        {"exir/ok.py": b"x = 1\n", "r.json": RECORD},
        "exir",
        {
            "et-log-lint": ("--baseline", "exir"),
            "et-log-migrate": ("--report", "exir"),
            "et-log-report": ("html", "r.json", "-o", "exir"),
        },
    ),
    Case(
        "an output in a folder that does not exist (`missing/out`)",
        {"ok.py": SITE, "r.json": RECORD},
        "missing/out",
        {
            "et-log-lint": ("ok.py", "--baseline", "missing/out", "--generate-baseline"),
            "et-log-migrate": ("-q", "--check", "ok.py", "--report", "missing/out.md"),
            "et-log-report": ("html", "r.json", "-o", "missing/out.html"),
        },
    ),
    Case(
        "a subcommand's bad argument (`check r.json --min-coverage abc`)",
        {"r.json": RECORD},
        "abc",
        {
            "et-log-lint": None,
            "et-log-migrate": None,
            "et-log-report": ("check", "r.json", "--min-coverage", "abc"),
        },
    ),
)

# The kinds a message can be, most telling first: what the file is not, what went wrong.
KINDS = (
    "not UTF-8 text",
    "not Python",
    "not a delegation record",
    "a folder, not a file",
    "cannot write",
    "no such file or folder",
    "cannot read",
)


@dataclass(frozen=True)
class Answer:
    """One tool's answer to one case: its exit status and output."""

    status: int
    output: str


def run(case: Case, tool: str) -> Answer:
    """`tool` run on `case`'s inputs, built in a fresh temporary folder (its working folder)."""
    args = case.args[tool]
    assert args is not None
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / ".git").mkdir()  # the project root: paths are named from here
        (root / "exir").mkdir()  # an ExecuTorch checkout (another tree is refused first)
        for name, data in case.files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
        env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "200"}
        command = [sys.executable, "-m", MODULES[tool], *args]
        done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)
    return Answer(done.returncode, done.stdout + done.stderr)


def verdict(case: Case, tool: str, answer: Answer) -> str:
    """The cell: the kind of message (with what the file is instead, for the report), whether
    it names the file, the usage it prints, and the exit status."""
    lines = answer.output.splitlines()
    cell = ""
    for kind in KINDS:
        line = next((line for line in lines if kind in line), None)
        if line is None:
            continue
        cell = f"`{kind}`"
        if kind == "not a delegation record":
            cell = f"`{kind}: {line.split(kind + ': ', 1)[1]}`"
        if case.named not in line:
            cell += " (the file is not named)"
        break
    usage = next((line for line in lines if line.startswith("usage: ")), None)
    if usage is not None:
        prog = " ".join(word for word in usage.split()[1:3] if not word.startswith("["))
        cell = f"{cell}, usage of `{prog}`" if cell else f"usage of `{prog}`"
    if not cell:
        cell = {0: "clean", 1: "findings"}.get(answer.status, "no verdict")
    return f"{cell}, exit {answer.status}"


def measure() -> list[tuple[Case, dict[str, str]]]:
    """Every case's cells, the tools run four at a time."""
    jobs = [(case, tool) for case in CASES for tool in TOOLS if case.args[tool] is not None]
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda job: run(*job), jobs))
    cells: dict[str, dict[str, str]] = {case.row: {} for case in CASES}
    for (case, tool), answer in zip(jobs, answers, strict=True):
        cells[case.row][tool] = verdict(case, tool, answer)
    return [(case, cells[case.row]) for case in CASES]


def render_table(rows: Sequence[tuple[Case, dict[str, str]]]) -> str:
    lines = ["| input | " + " | ".join(TOOLS) + " |", "|---|---|---|---|"]
    for case, cells in rows:
        shown = [cells.get(tool, "— (no such input)") for tool in TOOLS]
        lines.append(f"| {case.row} | " + " | ".join(shown) + " |")
    return "\n".join(lines)


def render(text: str) -> str:
    return with_section(text, SECTION, render_table(measure()), where=str(PAGE))


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    return regenerate(PAGE, render, args, "python tests/robustness/verdict_table.py")


if __name__ == "__main__":
    sys.exit(main())
