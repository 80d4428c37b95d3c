"""Backends' own rejection sites fed to the partition run (`report_rejection`).

Two shapes. A named statement a backend runs when it rejects a node (XNNPACK's `WhyNoPartition`,
Vulkan's `log_skip`, Arm's `WhyNoPartitionReporter`, Core ML, OpenVINO, the config partitioner's
missing config) is matched exactly (`edit_function` in base.py). The common shape of an operator
support check, a log line then `return False` in `is_node_supported`, is matched here for any
backend: `logger.info/debug/warning(MSG)` becomes `report_rejection(logger, node, MSG)` (one INFO line
on the component that ran, the reason in the report), and so does a `print(MSG)` there (a line
printed once per node, which the site kinds leave for review: ETL008's per-node lines);
`self.log_once(MSG)` (gated by the partitioner's own `log` flag) stays and
`report_rejection(logger, node, MSG)` follows it.
"""

from __future__ import annotations

import ast

import libcst as cst

from codemods.recipes.base import THE_RUN, Edit, Recipe, RecipePlan, blocks, segment
from codemods.recipes.reason_codes import WORDS
from codemods.shared.layout import Surroundings, fit
from codemods.shared.review import Review

Words = tuple[tuple[str, str], ...]  # the words of a message -> its code (the first that matches)

_REPLACED = ("info", "debug", "warning")  # logger methods whose line report_rejection takes over
_KEPT = "log_once"  # a partitioner's own switchable log, kept before the report


def _message(stmt: ast.stmt, logger: str) -> tuple[str, ast.expr] | None:
    """(`log`, `print` or `keep`, the message) when `stmt` is a rejection log line: a logger's
    or a printed line is replaced by the report, a partitioner's `log_once` kept before it."""
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)):
        return None
    call = stmt.value
    func = call.func
    if len(call.args) != 1 or call.keywords:
        return None
    if isinstance(func, ast.Name) and func.id == "print":
        return "print", call.args[0]  # a per-node line the site kinds left for review
    if not isinstance(func, ast.Attribute):
        return None
    owner = func.value.id if isinstance(func.value, ast.Name) else None
    if owner == logger and func.attr in _REPLACED:
        return "log", call.args[0]
    if owner == "self" and func.attr == _KEPT:
        return "keep", call.args[0]
    return None


def _is_return_false(stmt: ast.stmt) -> bool:
    value = stmt.value if isinstance(stmt, ast.Return) else None
    return isinstance(value, ast.Constant) and value.value is False


def _returned_name(stmt: ast.stmt) -> str | None:
    """`supported` for `return supported`: a verdict the check computed (Qualcomm's backend's)."""
    value = stmt.value if isinstance(stmt, ast.Return) else None
    return value.id if isinstance(value, ast.Name) else None


def _is_guarded_report(stmt: ast.stmt) -> bool:
    """`if not <verdict>: report_rejection(...)`, this recipe's output for a computed verdict."""
    return isinstance(stmt, ast.If) and len(stmt.body) == 1 and _is_report(stmt.body[0])


def _is_report(stmt: ast.stmt) -> bool:
    call = stmt.value if isinstance(stmt, ast.Expr) else None
    func = call.func if isinstance(call, ast.Call) else None
    return isinstance(func, ast.Name) and func.id == "report_rejection"


def report_call(message: str, logger: str, node: str, column: int, code: str) -> str:
    """`report_rejection(logger, node, <message as written>, code="<code>")` laid out as black
    would, for a statement at `column` (continuation lines without the block's indentation)."""
    lines = message.split("\n")
    message_text = "\n".join([lines[0], *(line[column:] for line in lines[1:])])
    call = cst.parse_expression(
        f'report_rejection({logger}, {node}, {message_text}, code="{code}")'
    )
    assert isinstance(call, cst.Call)
    indent = " " * column
    text = fit(call, Surroundings(before=column, after=0, indent=indent))[1]
    first, *rest = text.split("\n")
    return "\n".join([first, *(line.removeprefix(indent) for line in rest)]) + "\n"


def support_checks(tree: ast.Module) -> list[ast.FunctionDef]:
    """Every `is_node_supported` method of the module's classes."""
    return [
        item
        for cls in tree.body
        if isinstance(cls, ast.ClassDef)
        for item in cls.body
        if isinstance(item, ast.FunctionDef) and item.name == "is_node_supported"
    ]


def plan_log_then_reject(
    tree: ast.Module,
    source: str,
    code: str,
    words: Words = (),
    logger: str = "logger",
    reasons: Words = (),
) -> RecipePlan | Review | None:
    """The plan for every `log; return False` in the module's `is_node_supported` methods, each
    reporting the code of the first of `words` its message says, else `code`, and the reason of
    the first of `reasons` its message says, else the message (a log line's words, such as
    Qualcomm's `[phase] aten.x | False`, need not explain anything)."""
    checks = support_checks(tree)
    if not checks:
        return Review("no is_node_supported() in this file")
    edits: list[Edit] = []
    done = 0
    for function in checks:
        if len(function.args.args) < 2:
            return Review(f"is_node_supported() at line {function.lineno} takes no node")
        node = function.args.args[-1].arg
        for block in blocks(function):
            for index, stmt in enumerate(block[:-1]):
                if _is_report(stmt) or _is_guarded_report(stmt):
                    done += 1  # a site reported earlier (replaced, or after a kept line)
                    continue
                found = _message(stmt, logger)
                if found is None:
                    continue
                how, message = found
                following = block[index + 1]
                verdict = _returned_name(following) if how == "log" else None
                if verdict is None and not _is_return_false(following):
                    continue
                text = segment(source, message)
                said = next((c for word, c in words if word in text), code)
                text = next((f'"{r}"' for word, r in reasons if word in text), text)
                if verdict is not None:
                    # `logger.info(f"... | {supported}"); return supported`: the line stays
                    # (it logs both verdicts), a refusal is reported after it
                    inner = report_call(text, logger, node, stmt.col_offset + 4, said)
                    body = "".join("    " + line for line in inner.splitlines(keepends=True))
                    edits.append(Edit(block, index + 1, 0, f"if not {verdict}:\n{body}"))
                    continue
                report = report_call(text, logger, node, stmt.col_offset, said)
                if how == "keep":
                    edits.append(Edit(block, index + 1, 0, report))
                else:
                    edits.append(Edit(block, index, 1, report))
    if not edits:
        return None if done else Review("no `log a reason; return False` in is_node_supported()")
    return RecipePlan(
        edits, ("partition_report.report_rejection",), f"{len(edits)} rejection(s)", logger=logger
    )


def log_then_reject(
    name: str,
    path: str,
    backend: str,
    code: str,
    words: Words = (),
    printed: str = "",
    reasons: Words = (),
) -> Recipe:
    """The recipe for `backend`'s support check in `path`, its rejections coded `code` unless
    their message says one of `words`, their reason the message unless it says one of `reasons`;
    `printed`, the line its check printed on stdout, if any (the effect quotes it: users no
    longer see it by default)."""
    gone = (
        f"; the line it printed on stdout for each such node, `{printed}`, no longer shows by "
        "default"
        if printed
        else ""
    )
    if words:
        WORDS[name] = ("logger.info", dict(words))
    return Recipe(
        name,
        path,
        lambda tree, source: plan_log_then_reject(tree, source, code, words, reasons=reasons),
        change="in `is_node_supported`, each `logger.info/debug/warning(MSG)` or `print(MSG)` "
        f'right before `return False` becomes `report_rejection(logger, node, MSG, code="{code}")`'
        "; a `self.log_once(MSG)` there stays and is followed by it"
        + (
            "; a line that only logs the verdict (`MSG; return supported`) stays and a refusal "
            "is reported after it; the reason says why in words of its own: "
            + ", ".join(f"`{reason}`" for _, reason in reasons)
            if reasons
            else ""
        ),
        effect=f"{backend}'s reasons reach the partition run (`TORCH_LOGS=<backend>`, "
        "`partition_report`), once per node, as INFO lines of the component (DEBUG records "
        "while nothing of ExecuTorch's is named"
        + (
            ")"
            if printed
            else ": an application at INFO sees a reason that was an INFO line no more)"
        )
        + gone,
        behaviour_change=True,
        works_with=THE_RUN,
    )


QUALCOMM = log_then_reject(
    "qualcomm-rejections",
    "backends/qualcomm/partition/qnn_partitioner.py",
    "Qualcomm",
    "QNN.UNSUPPORTED",
    # the lines of the user's skip sets and of the nodes the user marked for fallback
    (('| Skipped"', "QNN.USER_EXCLUDED"), ('| Forced Fallback"', "QNN.USER_EXCLUDED")),
    # its lines name the op and a verdict word; the reason says what the check found
    reasons=(
        (
            "| Skipped, this op can be supported",
            "not implemented by the QNN backend yet (to_be_implemented_operator): it can be "
            "supported, please report an issue in https://github.com/pytorch/executorch/issues",
        ),
        ('| Forced Fallback"', "marked for CPU fallback (QCOM_FALLBACK_NODE)"),
        ('| Skipped"', "in the partitioner's skip_node_id_set or skip_node_op_set"),
        ("| No node visitor", "no QNN node visitor for it"),
        ("| {supported}", "not supported by the QNN backend (IsNodeSupportedByBackend)"),
    ),
)
MEDIATEK = log_then_reject(
    "mediatek-rejections",
    "backends/mediatek/partitioner.py",
    "MediaTek",
    "MTK.USER_EXCLUDED",  # its one reported line: the user's skip list ("... is skipped.")
    printed="[Neuropilot Backend] The {op_type} operator with name '{node.name}' is skipped.",
)
MLX = log_then_reject("mlx-rejections", "backends/mlx/partitioner.py", "MLX", "MLX.UNSUPPORTED")
COREAI = log_then_reject(
    "coreai-rejections",
    "backends/apple/coreai/partition/partitioner.py",
    "Core AI",
    "COREAI.UNSUPPORTED",
)
