"""Stable reason codes where a backend rejects through a helper of its own (issue 23).

XNNPACK's configs reject through one `why = WhyNoPartition(logger=logger)` per file, Vulkan's
checks through `self.log_skip(node, reason)`, Arm's through the `WhyNoPartitionReporter()` its
partitioner makes. The helper carries the backend's usual code, and a call whose cause is another
gets its own `code=`, recognised by the words of its reason ("invalid dtype" -> `XNN.DTYPE`).
The helper's statement is required (the recipe refuses when upstream moved it); a call whose words
changed keeps the helper's code. Each recipe depends on the runtime alone, never on another
recipe having changed another file (recipes are taken or left one by one): XNNPACK's `why`
becomes an instance of a `WhyNoPartition` subclass of its own file calling `report_rejection`
(a subclass, not a function: `why` is passed on where `WhyNoPartition | None` is annotated, and
ExecuTorch's mypy checks it), and Arm's reporter is given its
code as an attribute the core's reporter reads when it has that recipe (`arm-reporter-rejections`)
and that is harmless when it does not. The codes: `et_log_report/codes.py`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

import libcst as cst

from codemods.recipes.base import Edit, Recipe, RecipePlan, laid_out, locate, segment
from codemods.shared.layout import Surroundings, fit, node_code
from codemods.shared.review import Review

_TIGHT_EQUAL = cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))  # code="..."


def _blocks(tree: ast.AST) -> Iterator[list[ast.stmt]]:
    for node in ast.walk(tree):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield block


def _callee(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return f"{func.value.id}.{func.attr}"
    return func.id if isinstance(func, ast.Name) else ""


def with_code(stmt: ast.Expr, code: str, source: str) -> str:
    """The call statement `stmt` (of the module `source`) with `code="..."` added last, laid out
    as black would (an exploded call, one argument a line with a trailing comma, stays so)."""
    call = cst.parse_expression(segment(source, stmt.value))
    assert isinstance(call, cst.Call)
    args = list(call.args)
    added = cst.Arg(cst.SimpleString(f'"{code}"'), keyword=cst.Name("code"), equal=_TIGHT_EQUAL)
    last = args[-1] if args else None
    if last is not None and isinstance(last.comma, cst.Comma) and len(args) > 1:
        args[-1] = last.with_changes(comma=args[0].comma)  # the newline between arguments
        args.append(added.with_changes(comma=last.comma))  # the trailing one
        return segment_text(call.with_changes(args=args), stmt.col_offset, exploded=True)
    return segment_text(call.with_changes(args=[*args, added]), stmt.col_offset)


def segment_text(call: cst.Call, column: int, exploded: bool = False) -> str:
    """`call` as a statement of a block at `column` (continuation lines without the block's
    indentation), fitted to 88 columns unless it is `exploded` already."""
    text = node_code(call) if exploded else fit(call, Surroundings(column, 0, " " * column))[1]
    first, *rest = text.split("\n")
    return "\n".join([first, *(line.removeprefix(" " * column) for line in rest)]) + "\n"


def _imports_torch(tree: ast.Module) -> bool:
    """True if the module binds `torch` with a top-level `import torch`."""
    return any(
        isinstance(stmt, ast.Import) and any(a.name == "torch" and not a.asname for a in stmt.names)
        for stmt in tree.body
    )


def plan_codes(
    tree: ast.Module,
    source: str,
    *,
    helper: tuple[tuple[str, str], ...],
    call: str,
    codes: tuple[tuple[str, str], ...],
    imports: tuple[str, ...] = (),
) -> RecipePlan | Review | None:
    """Replace each `old` statement of `helper` (wherever it stands, required) by its `new`,
    and give each `call(...)` statement whose arguments say one of `codes`' words (the first
    that matches) that code."""
    edits: list[Edit] = []
    done = any(new and any(locate(b, new) is not None for b in _blocks(tree)) for _, new in helper)
    if not done and any("torch." in new for _, new in helper) and not _imports_torch(tree):
        return Review("`import torch` is not in the module (the helper's annotation needs it)")
    for old, new in () if done else helper:
        found = [(b, i) for b in _blocks(tree) if (i := locate(b, old)) is not None]
        if not found:
            return Review(f"`{old.strip().splitlines()[0]}` is not there any more")
        count = len(ast.parse(old).body)
        for block, index in found[:1]:
            edits.append(Edit(block, index, count, laid_out(new, block[index].col_offset)))
    coded = 0
    for block in _blocks(tree):
        for index, stmt in enumerate(block):
            value = stmt.value if isinstance(stmt, ast.Expr) else None
            if not isinstance(value, ast.Call) or _callee(value) != call:
                continue
            if any(keyword.arg == "code" for keyword in value.keywords):
                continue
            said = [*value.args, *(k.value for k in value.keywords)]
            words = " ".join(segment(source, a) for a in said)
            code = next((c for key, c in codes if key in words), None)
            if code is not None and isinstance(stmt, ast.Expr):
                edits.append(Edit(block, index, 1, with_code(stmt, code, source)))
                coded += 1
    if not edits:
        return None
    return RecipePlan(edits, imports, f"{coded} call(s) of {call}() given their own code")


def _recipe(
    name: str,
    path: str,
    helper: tuple[tuple[str, str], ...],
    call: str,
    codes: dict[str, str],
    change: str,
    effect: str,
) -> Recipe:
    imports = ("report_rejection",) if any("report_rejection" in n for _, n in helper) else ()

    def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
        pairs = tuple(codes.items())
        return plan_codes(tree, source, helper=helper, call=call, codes=pairs, imports=imports)

    WORDS[name] = (call, codes)
    return Recipe(name, path, plan, change=change, effect=effect)


WORDS: dict[str, tuple[str, dict[str, str]]] = {}  # recipe -> (the call, its words' codes)


# XNNPACK's WhyNoPartition with a code: still a WhyNoPartition (a subclass of the file), so `why`
# passed on where `why: WhyNoPartition | None` is annotated (`DecomposeBatchNorm`) type-checks
_WHY = (
    "why = WhyNoPartition(logger=logger)\n",
    '''

class _XnnpackWhy(WhyNoPartition):
    """WhyNoPartition with XNNPACK's stable reason code, reported to the partition run."""

    def __call__(
        self, node: torch.fx.Node, reason: str, code: str = "XNN.CONSTRAINT"
    ) -> None:
        self.node, self.reason = node, reason  # as WhyNoPartition keeps them
        report_rejection(self.logger, node, reason, code)


why = _XnnpackWhy(logger=logger)
''',
)
_XNN = "backends/xnnpack/partition/config/"
_XNN_SAID = {
    "change": "`why = WhyNoPartition(logger=logger)` becomes an instance of `_XnnpackWhy`, a "
    '`WhyNoPartition` of the file whose `__call__(node, reason, code="XNN.CONSTRAINT")` calls '
    "`report_rejection` (`why` keeps its type: an optional `WhyNoPartition` parameter still "
    "type-checks it); "
    "a call whose reason names another cause passes its code (`XNN.DTYPE`, `XNN.PRECISION`, "
    "`XNN.NOT_QUANTIZED`)",
    "effect": "XNNPACK's reasons carry stable codes in the delegation record and "
    "`partition_report` (the vendored runtime's README: Reason codes)",
}
_NOT_QUANTIZED = {k: "XNN.NOT_QUANTIZED" for k in ("dequant", "quantized", "qparam", "scale/zp")}

# per file: the words of a reason -> its code (the first that matches); the rest: XNN.CONSTRAINT
XNNPACK = [
    _recipe(
        "xnnpack-codes-common",
        f"{_XNN}xnnpack_config.py",
        (_WHY,),
        "why",
        {
            "precision types": "XNN.PRECISION",
            "invalid dtype": "XNN.DTYPE",
            "mixed input dtypes": "XNN.DTYPE",
        },
        **_XNN_SAID,
    ),
    _recipe(
        "xnnpack-codes-gemm",
        f"{_XNN}gemm_configs.py",
        (_WHY,),
        "why",
        {"precision type": "XNN.PRECISION", **_NOT_QUANTIZED},
        **_XNN_SAID,
    ),
    _recipe(
        "xnnpack-codes-nodes",
        f"{_XNN}node_configs.py",
        (_WHY,),
        "why",
        {"output dtype": "XNN.DTYPE", "input dtype": "XNN.DTYPE"},
        **_XNN_SAID,
    ),
    _recipe(
        "xnnpack-codes-generic",
        f"{_XNN}generic_node_configs.py",
        (_WHY,),
        "why",
        {"does not support fp16": "XNN.DTYPE", "does not support dtype": "XNN.DTYPE"},
        **_XNN_SAID,
    ),
]

ARM = _recipe(
    "arm-codes",
    "backends/arm/tosa/partitioner.py",
    (
        (
            "reporter = WhyNoPartitionReporter()\n",
            'reporter = WhyNoPartitionReporter()\nreporter.code = "ARM.UNSUPPORTED"\n',
        ),
    ),
    "reporter.report_reject",
    {},
    change='after `reporter = WhyNoPartitionReporter()`, `reporter.code = "ARM.UNSUPPORTED"`',
    effect="Arm's reasons carry a stable code in the delegation record and `partition_report` "
    "(with `arm-reporter-rejections`, which reads it)",
)
