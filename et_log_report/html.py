"""A record as one HTML page: no server, no network, nothing fetched (styles and the filter
script are inline). At the top every partitioner run with its coverage; then, per run, where
each node ran, the nodes left on the CPU grouped by reason code (with what to do), and every
node grouped by the user's source line."""

from __future__ import annotations

import re
from collections import defaultdict
from html import escape

from .codes import describe
from .record import Node, Record, Run
from .text import coverage, percent

__all__ = ["render_html"]

STYLE = """
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;
text-align:left;vertical-align:top}th{background:#f3f3f3}code{font-size:13px}
.bar{display:inline-block;width:120px;height:10px;background:#f0c8a0;vertical-align:middle}
.bar span{display:block;height:10px;background:#3a9a4a}.cpu{background:#fff4ea}
.del{background:#eef8ee}section{border-top:2px solid #999;margin-top:1.5em}
.code{font-weight:bold}.muted{color:#777}
.critical{color:#fff;background:#b3261e;border-radius:3px;padding:0 4px;font-size:12px}
"""
SCRIPT = """
document.getElementById('filter').addEventListener('input', function (event) {
  var text = event.target.value.toLowerCase();
  document.querySelectorAll('tr.node').forEach(function (row) {
    row.hidden = text !== '' && row.textContent.toLowerCase().indexOf(text) < 0;
  });
});
"""


def with_code(text: str) -> str:
    """`text` escaped, its Markdown code spans (`like this`) as <code>."""
    parts = re.split(r"`([^`]+)`", text)
    return "".join(
        escape(p) if i % 2 == 0 else f"<code>{escape(p)}</code>" for i, p in enumerate(parts)
    )


def _source(node: Node) -> str:
    s = node.source
    if s is None:
        return '<span class="muted">no source line</span>'
    module = f' <span class="muted">{escape(node.wrote)}</span>' if node.wrote else ""
    return f"{escape(s.where)} <code>{escape(s.code)}</code>{module}"


CRITICAL = ' <span class="critical">critical</span>'  # a critical operator left on the CPU


def _ran(node: Node, run: Run) -> str:
    if node.partition is not None:
        return f"{escape(run.partitioner)} ({escape(node.partition)})"
    return "CPU: " + escape(", ".join(node.codes)) + (CRITICAL if node.critical else "")


def _row(node: Node, run: Run) -> str:
    kind = "del" if node.partition is not None else "cpu"
    cells = [f"<code>{escape(node.name)}</code>", f"<code>{escape(node.target)}</code>"]
    cells += [_ran(node, run), _source(node)]
    return f'<tr class="node {kind}">' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


def _bar(run: Run) -> str:
    share = 100 * run.delegated / run.operators if run.operators else 0
    return f'<span class="bar"><span style="width:{share:.0f}%"></span></span>'


def _summary(record: Record) -> str:
    rows = ["<tr><th>run</th><th>partitioner</th><th>component</th><th>partitions</th>"]
    rows[0] += "<th>delegated</th><th>coverage</th><th>left on the CPU, by code</th></tr>"
    for run in record.runs:
        codes: dict[str, int] = defaultdict(int)
        for node in run.left:
            for code in node.codes:
                codes[code] += 1
        left = ", ".join(f"{escape(code)} {count}" for code, count in codes.items()) or "none"
        rows.append(
            f'<tr><td><a href="#run-{run.index}">{run.index}</a></td>'
            f"<td>{escape(run.partitioner)}</td><td>{escape(run.component)}</td>"
            f"<td>{run.partitions}</td><td>{run.delegated} of {run.operators}</td>"
            f"<td>{_bar(run)} {percent(run.delegated, run.operators)}</td><td>{left}</td></tr>"
        )
    return "<table>" + "".join(rows) + "</table>"


def _by_reason(run: Run) -> list[str]:
    groups: dict[str, list[Node]] = defaultdict(list)
    for node in run.left:
        for code in node.codes:
            groups[code].append(node)
    out = ["<h3>Left on the CPU, by reason</h3>"] if groups else []
    for code, nodes in sorted(groups.items(), key=lambda item: -len(item[1])):
        entry = describe(code)
        what = with_code(f"{entry.cause} {entry.action}") if entry else "(a code this table lacks)"
        out.append(f'<p><span class="code">{escape(code)}</span> ({len(nodes)}): {what}</p>')
        out.append("<table>")
        for node in nodes:
            texts = "; ".join(r.text for r in node.reasons if r.code == code)
            out.append(
                f'<tr class="node cpu"><td><code>{escape(node.name)}</code>'
                f"{CRITICAL if node.critical else ''}</td>"
                f"<td>{escape(texts)}</td><td>{_source(node)}</td></tr>"
            )
        out.append("</table>")
    return out


def _by_line(run: Run) -> list[str]:
    lines: dict[str, list[Node]] = defaultdict(list)
    for node in run.shown:
        key = f"{node.source.where} {node.source.code}" if node.source else "no source line"
        lines[key].append(node)
    out = ["<h3>By source line</h3><table>"]
    for key, nodes in lines.items():
        ran = "<br>".join(f"<code>{escape(n.target)}</code>: {_ran(n, run)}" for n in nodes)
        out.append(f'<tr class="node"><td><code>{escape(key)}</code></td><td>{ran}</td></tr>')
    return [*out, "</table>"]


def _run(run: Run) -> str:
    head = f"{run.index}. {run.partitioner} [{run.component}]: {coverage(run)}"
    rows = [_row(node, run) for node in run.nodes]
    parts = [f'<section id="run-{run.index}"><h2>{escape(head)}</h2>']
    parts += ["<h3>Where each node ran</h3><table>"]
    parts += ["<tr><th>node</th><th>target</th><th>ran on</th><th>source</th></tr>", *rows]
    parts += ["</table>", *_by_reason(run), *_by_line(run), "</section>"]
    return "\n".join(parts)


def render_html(record: Record) -> str:
    """The whole page."""
    title = f"Delegation record: {record.path}"
    body = [
        f"<h1>{escape(title)}</h1>",
        f"<p>{len(record.runs)} partitioner run(s). Filter nodes: "
        '<input id="filter" type="search" placeholder="name, target, code, file"></p>',
        _summary(record),
        *(_run(run) for run in record.runs),
    ]
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>\n<body>\n"
        + "\n".join(body)
        + f"\n<script>{SCRIPT}</script>\n</body></html>\n"
    )
