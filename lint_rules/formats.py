"""Output formats: text (ruff/flake8 style), json, github annotations, sarif, lintrunner."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from urllib.parse import quote

from lint_rules.config import Config
from lint_rules.finding import Finding
from lint_rules.rules import ALL_RULES, RULES_BY_CODE
from lint_rules.runner import FileError

LINTRUNNER_CODE = "ETLOG"
# One severity, three spellings: `--severity` / `severity` in [tool.et-log] picks the row.
# A file that could not be linted is always an error.
LEVELS: dict[str, dict[str, str]] = {
    "note": {"github": "notice", "sarif": "note", "lintrunner": "advice"},
    "warning": {"github": "warning", "sarif": "warning", "lintrunner": "warning"},
    "error": {"github": "error", "sarif": "error", "lintrunner": "error"},
}
SRCROOT = "%SRCROOT%"


def render(fmt: str, findings: list[Finding], errors: list[FileError], config: Config) -> str:
    """The whole report in a machine format (json, github, sarif, lintrunner; the CLI writes
    text itself), ending with a newline unless empty. Every format names files by their path
    relative to the project root (absolute when outside it)."""
    rel = config.relpath
    level = LEVELS[config.severity]
    if fmt == "json":
        doc = {
            "findings": [
                {
                    **_finding_dict(f, rel),
                    "severity": config.severity,
                    "component": config.component_for(f.path),
                }
                for f in findings
            ],
            "errors": [{"path": rel(e.path), "line": e.line, "reason": e.reason} for e in errors],
        }
        return json.dumps(doc, indent=2) + "\n"
    elif fmt == "github":
        lines = [_github(f, rel, level["github"]) for f in findings] + [
            f"::error file={_gh_prop(rel(e.path))},line={max(e.line, 1)},title=ETL000"
            f"::{_gh_data(e.reason)}"
            for e in errors
        ]
    elif fmt == "sarif":
        return json.dumps(_sarif(findings, errors, config), indent=2) + "\n"
    elif fmt == "lintrunner":
        lines = [json.dumps(_lintrunner(f, rel, level["lintrunner"])) for f in findings] + [
            json.dumps(
                {
                    "path": rel(e.path),
                    "line": e.line or None,
                    "char": None,
                    "code": LINTRUNNER_CODE,
                    "severity": "error",
                    "name": "unlintable-file",
                    "original": None,
                    "replacement": None,
                    "description": e.reason,
                }
            )
            for e in errors
        ]
    else:
        raise ValueError(f"unknown format {fmt!r}")
    return "".join(line + "\n" for line in lines)


def _finding_dict(f: Finding, rel: Callable[[str], str]) -> dict[str, object]:
    return {
        "path": rel(f.path),
        "line": f.line,
        "col": f.col,
        "end_line": f.end_line,
        "end_col": f.end_col,
        "code": f.code,
        "message": f.message,
        "fixable": f.fixable,
        "reason": f.reason,
        "source": f.source,
    }


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_prop(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def _github(f: Finding, rel: Callable[[str], str], level: str) -> str:
    props = (
        f"file={_gh_prop(rel(f.path))},line={f.line},col={f.col},"
        f"endLine={f.end_line},endColumn={f.end_col},title={f.code}"
    )
    return f"::{level} {props}::{_gh_data(f.code + ' ' + f.message)}"


def _lintrunner(f: Finding, rel: Callable[[str], str], level: str) -> dict[str, object]:
    rule = RULES_BY_CODE[f.code]
    detail = "fixable with et-log-migrate" if f.fixable else f"needs review: {f.reason}"
    return {
        "path": rel(f.path),
        "line": f.line,
        "char": f.col,
        "code": LINTRUNNER_CODE,
        "severity": level,
        "name": f"{f.code} {rule.name}",
        "original": None,
        "replacement": None,
        "description": f"{f.message} ({detail})",
    }


def _artifact(path: str, config: Config) -> dict[str, object]:
    """A SARIF artifactLocation: a percent-encoded URI relative to %SRCROOT% (the project
    root), or an absolute file URI for a file outside the root."""
    rel = config.relpath(path)
    if rel.startswith("/"):
        return {"uri": "file://" + quote(rel)}
    return {"uri": quote(rel), "uriBaseId": SRCROOT}


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("et-log")
    except Exception:  # running from a checkout that is not installed
        return "0.1.0"


def _sarif(findings: list[Finding], errors: list[FileError], config: Config) -> dict[str, object]:
    level = LEVELS[config.severity]["sarif"]
    index = {rule.code: i for i, rule in enumerate(ALL_RULES)}
    rules = [
        {
            "id": rule.code,
            "name": rule.name,
            "shortDescription": {"text": rule.message},
            "fullDescription": {"text": rule.what_it_does},
            "help": {"text": f"{rule.why_bad}\n\nUse instead: {rule.use_instead}"},
            "defaultConfiguration": {"level": level},
        }
        for rule in ALL_RULES
    ]
    results = [
        {
            "ruleId": f.code,
            "ruleIndex": index[f.code],
            "level": level,
            "message": {"text": f.message + (f" ({f.reason})" if f.reason else "")},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": _artifact(f.path, config),
                        "region": {
                            "startLine": f.line,
                            "startColumn": f.col,
                            "endLine": f.end_line,
                            "endColumn": f.end_col,
                        },
                    }
                }
            ],
            "properties": {"fixable": f.fixable},
        }
        for f in findings
    ]
    notifications = []
    for e in errors:
        where: dict[str, object] = {"artifactLocation": _artifact(e.path, config)}
        if e.line:
            where["region"] = {"startLine": e.line}
        notifications.append(
            {
                "level": "error",
                "message": {"text": e.reason},
                "locations": [{"physicalLocation": where}],
            }
        )
    run: dict[str, object] = {
        "tool": {"driver": {"name": "et-log-lint", "version": _version(), "rules": rules}},
        # Columns count characters (code points), not UTF-16 units: the finding's own contract.
        "columnKind": "unicodeCodePoints",
        "results": results,
        "invocations": [
            {"executionSuccessful": not errors, "toolExecutionNotifications": notifications}
        ],
    }
    if config.root is not None:
        run["originalUriBaseIds"] = {
            SRCROOT: {
                "uri": config.root.as_uri().rstrip("/") + "/",
                "description": {"text": "The project root (see docs/lint.md)."},
            }
        }
    return {
        "version": "2.1.0",
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "runs": [run],
    }


def statistics(findings: list[Finding], component_for: Callable[[str], str]) -> str:
    """Two tables: per code (with how many the codemod fixes) and per component x code."""
    per_code = Counter(f.code for f in findings)
    fixable = Counter(f.code for f in findings if f.fixable)
    out = ["code    count  fixable  name"]
    for rule in ALL_RULES:
        if per_code[rule.code]:
            out.append(
                f"{rule.code}  {per_code[rule.code]:>5}  {fixable[rule.code]:>7}  {rule.name}"
            )
    out.append(f"total   {sum(per_code.values()):>5}  {sum(fixable.values()):>7}")
    by_component: dict[str, Counter[str]] = {}
    for f in findings:
        by_component.setdefault(component_for(f.path), Counter())[f.code] += 1
    codes = [r.code for r in ALL_RULES]
    width = max([len("component"), *(len(c) for c in by_component)])
    out.append("")
    out.append(f"{'component':<{width}}  " + "  ".join(codes) + "  total")
    for name, counts in sorted(by_component.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
        cells = "  ".join(f"{counts[c]:>6}" for c in codes)
        out.append(f"{name:<{width}}  {cells}  {sum(counts.values()):>5}")
    return "\n".join(out) + "\n"
