"""Regenerate the per-backend table in docs/MIGRATION.md from a real ExecuTorch checkout.

    .venv/bin/python tests/e2e/harness/migration_table.py /work/et-tree [--write]

Copies the documented folders (``wheel_env.MIGRATED_FOLDERS``: exir, backends, extension, devtools) (and ``pyproject.toml``) to a temporary directory, lints the copy
(``python -m lint_rules --format json``: the sites on main today), migrates it
(``python -m codemods.migrate --report``: what the codemod fixes and what it leaves for review), and
renders both per component. With ``--write`` the section between ``<!-- migration-table -->`` and
``<!-- /migration-table -->`` in docs/MIGRATION.md is replaced; otherwise it is printed.
The checkout itself is never modified.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

if __name__ == "__main__":  # run as a file: the harness is imported as a package, from tests/e2e
    sys.path[0] = str(Path(__file__).resolve().parents[1])
REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO))
from et_log_docs.sections import write_section  # noqa: E402
from harness.wheel_env import MIGRATED_FOLDERS  # noqa: E402
from lint_rules import detect_file, load_config  # noqa: E402 - the repository's own packages
from lint_rules.discovery import iter_python_files  # noqa: E402
from lint_rules.rules import CODES  # noqa: E402

DOC = REPO / "docs" / "MIGRATION.md"
FOLDERS_TEXT = " ".join(f"`{name}/`" for name in MIGRATED_FOLDERS)
SECTION = "migration-table"  # DOC's section this script writes (et_log_docs.sections)


def _run(args: list[str], cwd: Path, ok: tuple[int, ...]) -> str:
    result = subprocess.run([sys.executable, *args], cwd=cwd, capture_output=True, text=True)
    if result.returncode not in ok:
        raise SystemExit(f"{' '.join(args)} exited {result.returncode}:\n{result.stderr[-2000:]}")
    return result.stdout


def _commit(tree: Path) -> str:
    head = subprocess.run(
        ["git", "-C", str(tree), "log", "-1", "--format=%h (%cs)"], capture_output=True, text=True
    )
    return head.stdout.strip() or "an unknown commit"


def measure(tree: Path) -> tuple[list[dict], dict, Counter]:
    """(lint findings before migrating, the migration's JSON report, stdout prints exempt from
    ETL008 per component) on a copy of ``tree``."""
    with tempfile.TemporaryDirectory(prefix="et-log-table-") as tmp:
        copy = Path(tmp)
        folders = [name for name in MIGRATED_FOLDERS if (tree / name).is_dir()]
        for name in folders:
            shutil.copytree(tree / name, copy / name, symlinks=True)
        if (tree / "pyproject.toml").is_file():
            shutil.copy2(tree / "pyproject.toml", copy / "pyproject.toml")
        lint = _run(["-m", "lint_rules", "--format", "json", *folders], copy, (0, 1))
        exempt = exempt_prints(copy, folders)
        report = copy / "report.json"
        _run(["-m", "codemods.migrate", *folders, "--report", str(report)], copy, (0,))
        return json.loads(lint)["findings"], json.loads(report.read_text()), exempt


def exempt_prints(root: Path, folders: list[str]) -> Counter:
    """Per component: stdout prints ETL008 leaves alone because their function prints by design
    (print_*, pretty_*, dump*, show*, __str__, ...): the lint with that exemption off, minus on."""
    counts: Counter = Counter()
    for overrides, sign in (
        ({"select": ["ETL008"], "print-functions": []}, 1),
        ({"select": ["ETL008"]}, -1),
    ):
        config = load_config(root, overrides)
        for path in iter_python_files([str(root / name) for name in folders], config):
            found = sum(1 for _ in detect_file(path, config))
            counts[config.component_for(path)] += sign * found
    return +counts


def render(findings: list[dict], report: dict, commit: str, exempt: Counter) -> str:
    today: dict[str, Counter] = defaultdict(Counter)
    for finding in findings:
        today[finding["component"]][finding["code"]] += 1
    review_sites: dict[str, list[dict]] = defaultdict(list)
    for site in report["review"]:
        review_sites[site["component"]].append(site)
    rows = sorted(today, key=lambda c: (-sum(today[c].values()), c))
    out = [
        f"Measured on pytorch/executorch main at {commit} ({FOLDERS_TEXT}: the documented command).",
        "",
        "| component | sites today | "
        + " | ".join(CODES)
        + " | fixed by the codemod | left for review |",
        "|---|---:|" + "---:|" * len(CODES) + "---:|---:|",
    ]
    for comp in rows:
        counts = today[comp]
        fixed = sum(report["components"].get(comp, {}).get("rewritten", {}).values())
        per_code = " | ".join(str(counts[c] or "") for c in CODES)
        left = len(review_sites.get(comp, ()))
        out.append(f"| {comp} | {sum(counts.values())} | {per_code} | {fixed} | {left} |")
    totals = report["totals"]
    out += [
        f"| **total** | **{len(findings)}** | "
        + " | ".join(str(sum(today[c][code] for c in today) or "") for code in CODES)
        + f" | **{totals['sites_rewritten']}** | **{totals['sites_for_review']}** |",
        "",
        f"The codemod changes {totals['files_changed']} of {totals['files_scanned']} files; "
        f"{totals['files_failed']} fail, {totals['files_skipped']} are skipped.",
        "",
    ]
    out += etl008_rows(findings, report, exempt)
    out += ["", "ExecuTorch recipes on this tree (behaviour changes by design are marked):", ""]
    out += [
        f"- {r['recipe']} (`{r['path']}`): {r['status']}"
        + (", behaviour change" if r.get("behaviour_change") else "")
        for r in report.get("recipes", [])
    ]
    out += ["", "Left for review after the codemod, per component:", ""]
    for comp in sorted(review_sites, key=lambda c: (-len(review_sites[c]), c)):
        out.append(f"- **{comp}**")
        for site in sorted(review_sites[comp], key=lambda s: (s["path"], s["line"])):
            source = " ".join(site["source"].split())
            source = source if len(source) <= 90 else source[:87] + "..."
            out.append(f"  - `{site['path']}:{site['line']}` {site['code']} `{source}`")
    return "\n".join(out)


def etl008_rows(findings: list[dict], report: dict, exempt: Counter) -> list[str]:
    """ETL008 (diagnostics printed to stdout) per component: fixed, review, exempt."""
    fixed = Counter(s["component"] for s in report["rewritten"] if s["code"] == "ETL008")
    review = Counter(s["component"] for s in report["review"] if s["code"] == "ETL008")
    names = sorted(set(fixed) | set(review) | set(exempt), key=lambda c: (-fixed[c] - review[c], c))
    rows = [
        "ETL008 (stdout prints in library code) per component: rewritten into logger calls, left "
        "for review, and not flagged because their function prints by design:",
        "",
        "| component | rewritten | review | exempt |",
        "|---|---:|---:|---:|",
    ]
    rows += [f"| {c} | {fixed[c]} | {review[c]} | {exempt[c]} |" for c in names]
    total = (sum(fixed.values()), sum(review.values()), sum(exempt.values()))
    rows.append(f"| **total** | **{total[0]}** | **{total[1]}** | **{total[2]}** |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree", type=Path, help="an ExecuTorch checkout (has exir/ and backends/)")
    parser.add_argument("--write", action="store_true", help=f"update {DOC.relative_to(REPO)}")
    parser.add_argument("--commit", help="the checkout's commit, when it is not a git repository")
    args = parser.parse_args()
    findings, report, exempt = measure(args.tree.resolve())
    body = render(findings, report, args.commit or _commit(args.tree), exempt)
    if args.write:
        write_section(DOC, SECTION, body, append="")
    else:
        print(body)


if __name__ == "__main__":
    main()
