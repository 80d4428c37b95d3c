"""Adding a site kind is two modules and their examples, nothing else (docs/ARCHITECTURE.md,
"Adding a site kind"): a throwaway kind, written into a copy of the packages, is linted, fixed,
documented, exposed as a libcst command and tested by its examples, each tool run as a user runs
it. The registry's errors, when the two modules do not fit together, name the file."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from lint_rules.rules import ALL_RULES, RegistryError, discover_rules

REPO = Path(__file__).resolve().parent.parent
CODE = f"ETL{int(ALL_RULES[-1].code[3:]) + 1:03d}"  # the next free code
STEM = f"{CODE.lower()}_deprecated_warn_method"
COMMAND = "MigrateDeprecatedWarn"

# The throwaway kind: `<log>.warn(...)`, a deprecated alias, becomes `<log>.warning(...)`.
RULE_MODULE = '''
"""{code}: `<log>.warn(...)`, the deprecated alias of `.warning`."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from fnmatch import fnmatchcase

from lint_rules.config import Config
from lint_rules.facts import ModuleFacts
from lint_rules.rules.base import Example, Option, Rule, Site

RECEIVERS = Option("warn-receivers", ("*log*",), "names of loggers whose `.warn` is flagged")


def detect(facts: ModuleFacts, config: Config) -> Iterator[Site]:
    names = RECEIVERS.read(config)
    for call, receiver in facts.receivers_of("warn"):
        if isinstance(receiver, ast.Name) and any(fnmatchcase(receiver.id, n) for n in names):
            yield Site(call, review="" if call.args else "no message: review")


RULE = Rule(
    code="{code}",
    name="deprecated-warn-method",
    message="`.warn` is a deprecated alias; call `.warning`",
    fixable=True,
    command="{command}",
    what_it_does="Flags `log.warn(...)` on a logger.",
    why_bad="`Logger.warn` is deprecated.",
    use_instead="`log.warning(...)`.",
    fix_safety="Only the method's name changes.",
    site="`log.warn(...)` on a logger",
    after="`log.warning(...)`",
    detect=detect,
    options=(RECEIVERS,),
    needles=(b".warn(",),
    spellings=(r"\\.warn\\s*\\(",),
    valid=(
        Example(code="def f(log):\\n    log.warning('x')\\n"),
        Example(code="import warnings\\n\\nwarnings.warn('x')\\n"),
        Example(code="def f(self):\\n    self.warn('x')\\n"),
    ),
    invalid=(
        Example(
            code="def f(log):\\n    log.warn('x')\\n",
            fixed="def f(log):\\n    log.warning('x')\\n",
            at=((2, 5),),
        ),
        Example(
            code="def f(my_logger, n):\\n    my_logger.warn('%d left', n)\\n",
            fixed="def f(my_logger, n):\\n    my_logger.warning('%d left', n)\\n",
            at=((2, 5),),
        ),
        Example(code="def f(log):\\n    log.warn()\\n", at=((2, 5),), note="review"),
    ),
)
'''

FIX_MODULE = '''
"""{code}'s rewrite: `<log>.warn(...)` -> `<log>.warning(...)`."""

from __future__ import annotations

import ast

import libcst as cst

from codemods.fixes.base import Fix, Names, SitePlan, site_call
from lint_rules import Finding
from lint_rules.detector import Analysis
from lint_rules.rules import Site


def plan(finding: Finding, site: Site, analysis: Analysis) -> SitePlan:
    call = site_call(site)
    receiver = ast.unparse(call.func.value)

    def build(node: cst.Call, names: Names) -> cst.Call:
        return node.with_changes(func=node.func.with_changes(attr=cst.Name("warning")))

    return SitePlan(finding, call, build, rename=lambda names: f"{{receiver}}.warning")


FIX = Fix("`<log>.warn(...)` -> `<log>.warning(...)`", plan)
'''

# Run in the copy: the new kind's command applies only its kind (not ETL002's root call).
COMMAND_CHECK = """
import sys
from libcst.codemod import CodemodCommand, CodemodContext, TransformSuccess, transform_module
import codemods.commands
from lint_rules.rules import RULES_BY_CODE

command = getattr(codemods.commands, RULES_BY_CODE[sys.argv[1]].command)
assert issubclass(command, CodemodCommand) and command.SELECT == (sys.argv[1],), command
source = "import logging\\n\\n\\ndef f(log):\\n    logging.info('i')\\n    log.warn('w')\\n"
result = transform_module(command(CodemodContext(filename="exir/mod.py")), source)
assert isinstance(result, TransformSuccess), result
print(result.code, end="")
"""


def _copy_with_kind(root: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__")
    for package in ("et_log_docs", "lint_rules", "codemods", "et_log_runtime"):
        shutil.copytree(REPO / package, root / package, ignore=ignore)
    (root / "docs").mkdir()
    for page in ("rules.md", "codemod.md", "MIGRATION.md"):
        shutil.copy2(REPO / "docs" / page, root / "docs" / page)
    values = {"code": CODE, "command": COMMAND}
    (root / "lint_rules" / "rules" / f"{STEM}.py").write_text(RULE_MODULE.format(**values))
    (root / "codemods" / "fixes" / f"{STEM}.py").write_text(FIX_MODULE.format(**values))


def _run(root: Path, *args: str, ok: tuple[int, ...] = (0,), stderr: bool = False) -> str:
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.run(
        [sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode in ok, f"{args}: exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return proc.stderr if stderr else proc.stdout


def test_a_new_kind_is_two_modules_and_their_examples(tmp_path: Path) -> None:
    _copy_with_kind(tmp_path)
    sample = tmp_path / "exir" / "sample.py"
    sample.parent.mkdir()
    sample.write_text("def f(log):\n    log.warn('x')\n")

    found = json.loads(_run(tmp_path, "-m", "lint_rules", "--format", "json", "exir", ok=(1,)))
    sites = [(f["code"], f["line"], f["col"], f["fixable"]) for f in found["findings"]]
    assert sites == [(CODE, 2, 5, True)], found

    _run(tmp_path, "-m", "codemods.migrate", "exir", "-q")
    assert sample.read_text() == "def f(log):\n    log.warning('x')\n"

    _run(tmp_path, "-m", "lint_rules.docs")
    rules_md = (tmp_path / "docs" / "rules.md").read_text()
    assert f"## {CODE} `deprecated-warn-method`" in rules_md
    assert f"| [{CODE}](#{CODE.lower()}-deprecated-warn-method) |" in rules_md
    row = f"| [{CODE}](rules.md#{CODE.lower()}-deprecated-warn-method) | `log.warn(...)` on a logger |"
    for page in ("codemod.md", "MIGRATION.md"):  # the kind tables follow the registry
        assert row in (tmp_path / "docs" / page).read_text(), page

    # Its own `[tool.et-log]` key, declared in its module alone: read, checked, documented.
    assert "`warn-receivers`" in rules_md.split(f"## {CODE}")[1]
    other = tmp_path / "exir" / "other.py"
    other.write_text("def f(lg):\n    lg.warn('x')\n")
    (tmp_path / "pyproject.toml").write_text('[tool.et-log]\nwarn-receivers = ["lg"]\n')
    found = json.loads(_run(tmp_path, "-m", "lint_rules", "--format", "json", "exir", ok=(1,)))
    assert [(f["path"], f["code"]) for f in found["findings"]] == [("exir/other.py", CODE)]
    (tmp_path / "pyproject.toml").write_text("[tool.et-log]\nwarn-receiver = []\n")
    said = _run(tmp_path, "-m", "lint_rules", "exir", ok=(2,), stderr=True)
    assert "pyproject.toml: unknown key 'warn-receiver' in [tool.et-log]" in said, said
    (tmp_path / "pyproject.toml").unlink()

    rewritten = _run(tmp_path, "-c", COMMAND_CHECK, CODE)
    assert (
        rewritten
        == "import logging\n\n\ndef f(log):\n    logging.info('i')\n    log.warning('w')\n"
    )

    # The tests of every kind's examples, on the new kind's (12 of them in all).
    examples = [REPO / "tests" / "lint" / "test_lint_rule_examples.py"]
    examples.append(REPO / "tests" / "codemods" / "test_rule_examples.py")
    out = _run(
        tmp_path, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", CODE, *map(str, examples)
    )
    assert " passed" in out and "failed" not in out, out
    assert int(out.rsplit(" passed", 1)[0].rsplit(None, 1)[-1]) >= 12, out


def _package(root: Path, name: str, modules: dict[str, str]) -> tuple[str, list[str]]:
    folder = root / name
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    for stem, text in modules.items():
        (folder / f"{stem}.py").write_text(textwrap.dedent(text))
    return name, [str(folder)]


@pytest.fixture()
def packages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def _rule_text(code: str, name: str, fixable: bool = True, command: str = COMMAND) -> str:
    text = RULE_MODULE.format(code=code, command=command).replace("deprecated-warn-method", name)
    return text.replace("fixable=True", f"fixable={fixable}")


@pytest.mark.parametrize(
    ("stem", "text", "error"),
    [
        ("etl010_other_name", _rule_text("ETL010", "deprecated-warn-method"), "so its file is"),
        ("etl011_deprecated_warn_method", _rule_text("ETL010", "deprecated-warn-method"), "ETL010"),
        ("etl010_no_rule", "X = 1\n", "exports `RULE = Rule(...)`"),
        ("etl010_no_command", _rule_text("ETL010", "no-command", command=""), "names its libcst"),
        ("etl010_extra", _rule_text("ETL010", "extra", fixable=False), "has no command"),
    ],
    ids=["named-otherwise", "other-code", "no-rule", "fixable-no-command", "command-not-fixable"],
)
def test_a_kind_module_that_does_not_fit_is_named(packages, stem, text, error) -> None:
    package, folders = _package(packages, f"rules_{abs(hash(stem))}", {stem: text})
    with pytest.raises(RegistryError, match=re.escape(error)) as raised:
        discover_rules(package, folders)
    assert f"{stem}.py" in str(raised.value)


def test_two_modules_of_one_code_are_named(packages) -> None:
    modules = {
        "etl010_deprecated_warn_method": _rule_text("ETL010", "deprecated-warn-method"),
        "etl010_twin": _rule_text("ETL010", "twin"),
    }
    package, folders = _package(packages, "rules_twins", modules)
    with pytest.raises(RegistryError, match="ETL010 is also etl010_deprecated_warn_method.py"):
        discover_rules(package, folders)


def test_a_fixable_rule_needs_its_fix_and_a_fix_its_fixable_rule(packages) -> None:
    from codemods.fixes import discover_fixes

    rule_package, rule_folders = _package(
        packages, "rules_for_fixes", {STEM: _rule_text(CODE, "deprecated-warn-method")}
    )
    (rule,) = discover_rules(rule_package, rule_folders)
    fix = FIX_MODULE.format(code=CODE)
    package, folders = _package(packages, "fixes_ok", {STEM: fix})
    assert list(discover_fixes(package, folders, [rule])) == [CODE]

    package, folders = _package(packages, "fixes_missing", {})
    with pytest.raises(RegistryError, match=f"{CODE} is fixable but has no fix: write .*{STEM}.py"):
        discover_fixes(package, folders, [rule])

    package, folders = _package(packages, "fixes_orphan", {STEM: fix, "etl099_orphan": fix})
    with pytest.raises(RegistryError, match="etl099_orphan.py: no fixable rule has this stem"):
        discover_fixes(package, folders, [rule])

    package, folders = _package(packages, "fixes_no_fix", {STEM: "X = 1\n"})
    with pytest.raises(RegistryError, match=re.escape(f"{STEM}.py: {CODE}'s fix exports `FIX")):
        discover_fixes(package, folders, [rule])
