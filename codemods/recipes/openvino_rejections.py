"""OpenVINO's support check: its two rejection lines become the partition run's reasons.

`OpenvinoOperatorsSupport.is_node_supported` prints "Op not supported: torch.ops.<op>" for an op
outside its tables and, when the op is also on the user's skip list, "[OpenVINO Backend] The <op>
operator with name '<node>' is skipped." before returning False. Each line becomes
`report_rejection(logger, node, <the same text>, code=...)` (`OV.UNSUPPORTED`, the skip list's
`OV.USER_EXCLUDED`): inside a partitioner run it is the node's why-not line (`TORCH_LOGS=openvino`,
`partition_report`), logged once instead of beside the run's line; outside a run, a DEBUG line on
`openvino`. The lines are recognised by the text they write
(as `print`, or as the logger call the site kinds made of it), so how ETL008 renders a print does
not matter; the doubled space of `print("Op not supported: ", op)` is written once.
"""

from __future__ import annotations

import ast
import re

from codemods.recipes.base import THE_RUN, Edit, Recipe, RecipePlan, blocks, find_target, laid_out
from codemods.shared.review import Review

TARGET = "OpenvinoOperatorsSupport.is_node_supported"
_LEVELS = ("debug", "info", "warning")
_UNSUPPORTED = ("Op not supported: {}", ['"torch.ops." + str(op_type)'])
_UNSUPPORTED_REASON = '"Op not supported: torch.ops." + str(op_type)'
_SKIPPED = (
    "[OpenVINO Backend] The {} operator with name '{}' is skipped.",
    ["op_type", "{node}.name"],
)
_SKIPPED_REASON = (
    "f\"[OpenVINO Backend] The {{op_type}} operator with name '{{{node}.name}}' is skipped.\""
)

Part = str | ast.expr


def _pieces(expr: ast.expr) -> list[Part] | None:
    """What `str(expr)` writes: literal text, and the values it formats."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [expr.value]
    if not isinstance(expr, ast.JoinedStr):
        return [expr]
    out: list[Part] = []
    for value in expr.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            out.append(value.value)
        elif (
            isinstance(value, ast.FormattedValue)
            and value.conversion == -1
            and not value.format_spec
        ):
            out.append(value.value)
        else:
            return None
    return out


def _parts(call: ast.Call, logger: str) -> list[Part] | None:
    """The text `print(...)` or `<logger>.<level>(...)` writes, in pieces."""
    func = call.func
    printing = isinstance(func, ast.Name) and func.id == "print"
    logging_ = (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id == logger
        and func.attr in _LEVELS
    )
    if not (printing or logging_) or call.keywords or not call.args:
        return None
    if any(isinstance(a, ast.Starred) for a in call.args):
        return None
    parts: list[Part] = []
    first, *rest = call.args
    if printing or not rest:
        for index, arg in enumerate(call.args):
            pieces = _pieces(arg)
            if pieces is None:
                return None
            parts += ([" "] if index else []) + pieces
        return parts
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return None
    texts = first.value.split("%s")
    if len(texts) != len(rest) + 1 or any("%" in t for t in texts):
        return None
    for text, value in zip(texts, [*rest, None], strict=True):
        parts += [text, *([value] if value is not None else [])]
    return parts


def template(stmt: ast.stmt, logger: str) -> tuple[str, tuple[str, ...]] | None:
    """(the line's text with `{}` for each value and runs of spaces written once, the values'
    syntax trees) when `stmt` prints or logs one line."""
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    parts = _parts(call, logger) if isinstance(call, ast.Call) else None
    if parts is None:
        return None
    text = "".join("{}" if isinstance(p, ast.expr) else p for p in parts)
    values = tuple(ast.dump(p) for p in parts if isinstance(p, ast.expr))
    return re.sub(" +", " ", text), values


def module_logger(tree: ast.Module) -> str | None:
    """The name bound at module level to `get_logger(...)` (the logger the site kinds use)."""
    for stmt in tree.body:
        if not isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            continue
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        call = stmt.value
        func = call.func if isinstance(call, ast.Call) else None
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        if name == "get_logger" and len(targets) == 1 and isinstance(targets[0], ast.Name):
            return targets[0].id
    return None


def _lines(node: str) -> dict[tuple[str, tuple[str, ...]], str]:
    """Each rejection line's template -> the reason written for it (`node`: the node's name)."""
    lines = {}
    for (text, values), reason, code in (
        (_UNSUPPORTED, _UNSUPPORTED_REASON, "OV.UNSUPPORTED"),
        (_SKIPPED, _SKIPPED_REASON, "OV.USER_EXCLUDED"),
    ):
        trees = tuple(ast.dump(ast.parse(v.format(node=node), mode="eval").body) for v in values)
        lines[(text, trees)] = f'{reason.format(node=node)}, code="{code}"'
    return lines


def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
    function = find_target(tree, TARGET)
    if isinstance(function, Review):
        return function
    logger = module_logger(tree)
    if logger is None:
        return Review("no module logger `... = get_logger(__name__)` (the site kinds add it)")
    node = function.args.args[-1].arg
    lines = _lines(node)
    reports = {
        ast.dump(ast.parse(f"report_rejection({logger}, {node}, {r})").body[0]): r
        for r in lines.values()
    }
    edits: list[Edit] = []
    seen: list[str] = []  # the reason of each line found, logged or already reported
    for block in blocks(function):
        for index, stmt in enumerate(block):
            found = template(stmt, logger)
            reason = lines.get(found) if found else None
            if reason is not None:
                report = f"report_rejection({logger}, {node}, {reason})\n"
                edits.append(Edit(block, index, 1, laid_out(report, stmt.col_offset)))
                seen.append(reason)
            elif ast.dump(stmt) in reports:
                seen.append(reports[ast.dump(stmt)])
    missing = [text for (text, _), reason in lines.items() if seen.count(reason) != 1]
    if missing:
        return Review(f"{TARGET}(): the line {missing[0]!r} is not printed or logged once any more")
    return RecipePlan(edits, ("partition_report.report_rejection",)) if edits else None


RECIPE = Recipe(
    "openvino-rejections",
    "backends/openvino/partitioner.py",
    plan,
    change='`is_node_supported`\'s "Op not supported: torch.ops.<op>" and "... is skipped." lines '
    "become `report_rejection(logger, node, <the same text>, code=...)` (`OV.UNSUPPORTED`, "
    "`OV.USER_EXCLUDED`)",
    effect="OpenVINO's reasons are the run's why-not lines (`TORCH_LOGS=openvino`, "
    "`partition_report`), once per node instead of beside a line of their own; the lines "
    "OpenVINO printed on stdout for each node it does not take, `Op not supported:  "
    "torch.ops.{op_type}` and, for a node the user skips, `[OpenVINO Backend] The {op_type} "
    "operator with name '{node.name}' is skipped.`, no longer show by default",
    behaviour_change=True,
    works_with=THE_RUN,
)
