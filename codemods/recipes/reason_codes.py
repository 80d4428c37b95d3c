"""Stable reason codes where a backend rejects through a helper of its own (issue 23).

XNNPACK's configs reject through one `why = WhyNoPartition(logger=logger)` per file, Vulkan's
checks through `self.log_skip(node, reason)`, Arm's through the `WhyNoPartitionReporter()` its
partitioner makes. Each call gets the backend's code, or, when its cause is another, the code of
the words of its reason ("invalid dtype" -> `XNN.DTYPE`); a call whose words changed upstream keeps
the backend's code. XNNPACK's and Arm's helpers are the core's, which take the code
(`WhyNoPartition.__call__(..., code=)`, `WhyNoPartitionReporter(code=)`: recipes
`why-no-partition-info` and `arm-reporter-rejections`), so their recipes here need those
(`Recipe.needs`: a run applies them only where it applies those too, or found them applied). The
codes: `et_log_report/codes.py`.
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


def _required(tree: ast.Module, statements: tuple[str, ...]) -> Review | None:
    """A Review when one of `statements` is not in the module any more."""
    for statement in statements:
        if not any(locate(block, statement) is not None for block in _blocks(tree)):
            return Review(f"`{statement.strip().splitlines()[0]}` is not there any more")
    return None


def plan_codes(
    tree: ast.Module,
    source: str,
    *,
    helper: tuple[tuple[str, str], ...],
    call: str,
    codes: tuple[tuple[str, str], ...],
    imports: tuple[str, ...] = (),
    default: str | None = None,
) -> RecipePlan | Review | None:
    """Replace each `old` statement of `helper` (wherever it stands, required) by its `new`,
    and give each `call(...)` statement whose arguments say one of `codes`' words (the first
    that matches) that code, and any other the `default` code when there is one."""
    edits: list[Edit] = []
    done = any(new and any(locate(b, new) is not None for b in _blocks(tree)) for _, new in helper)
    for old, new in () if done else helper:
        found = [(b, i) for b in _blocks(tree) if (i := locate(b, old)) is not None]
        if not found:
            return Review(f"`{old.strip().splitlines()[0]}` is not there any more")
        count = len(ast.parse(old).body)
        for block, index in found[:1]:
            edits.append(Edit(block, index, count, laid_out(new, block[index].col_offset)))
    coded = own = 0
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
            own += code is not None
            code = code or default
            if code is not None and isinstance(stmt, ast.Expr):
                edits.append(Edit(block, index, 1, with_code(stmt, code, source)))
                coded += 1
    if not edits:
        return None
    if default is not None:
        detail = f"{coded} call(s) of {call}() given a code, {own} by the words of their reason"
    else:  # only the words give one: none said (Arm's) is no news
        detail = f"{coded} call(s) of {call}() given their own code" if coded else ""
    return RecipePlan(edits, imports, detail)


def _recipe(
    name: str,
    path: str,
    helper: tuple[tuple[str, str], ...],
    call: str,
    codes: dict[str, str],
    change: str,
    effect: str,
    *,
    default: str | None = None,
    required: tuple[str, ...] = (),
    needs: str,
) -> Recipe:
    imports = (
        ("partition_report.report_rejection",)
        if any("report_rejection" in n for _, n in helper)
        else ()
    )

    def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
        missing = _required(tree, required)
        if missing is not None:
            return missing
        pairs = tuple(codes.items())
        return plan_codes(
            tree, source, helper=helper, call=call, codes=pairs, imports=imports, default=default
        )

    WORDS[name] = (call, codes)
    return Recipe(name, path, plan, change=change, effect=effect, needs=(needs,))


WORDS: dict[str, tuple[str, dict[str, str]]] = {}  # recipe -> (the call, its words' codes)

_WHY = "why = WhyNoPartition(logger=logger)\n"  # required: the calls are of this `why`
_XNN = "backends/xnnpack/partition/config/"
_WHY_CODES = "why-no-partition-info"


def _xnnpack(name: str, file: str, codes: dict[str, str]) -> Recipe:
    """The recipe of one of XNNPACK's config files: each `why(...)` call passes its code."""
    own = ", ".join(f"`{code}`" for code in dict.fromkeys(codes.values()))
    return _recipe(
        name,
        f"{_XNN}{file}",
        (),
        "why",
        codes,
        change=f'each `why(node, reason)` call passes `code="XNN.CONSTRAINT"`, or, when its '
        f"reason names another cause, that cause's code ({own}); needs `{_WHY_CODES}` "
        "(`WhyNoPartition.__call__` takes the code)",
        effect="XNNPACK's reasons carry stable codes in the delegation record and "
        "`partition_report` (the vendored runtime's README: Reason codes)",
        default="XNN.CONSTRAINT",
        required=(_WHY,),
        needs=_WHY_CODES,
    )


_NOT_QUANTIZED = {k: "XNN.NOT_QUANTIZED" for k in ("dequant", "quantized", "qparam", "scale/zp")}

# per file: the words of a reason -> its code (the first that matches); the rest: XNN.CONSTRAINT
XNNPACK = [
    _xnnpack(
        "xnnpack-codes-common",
        "xnnpack_config.py",
        {
            "precision types": "XNN.PRECISION",
            "invalid dtype": "XNN.DTYPE",
            "mixed input dtypes": "XNN.DTYPE",
        },
    ),
    _xnnpack(
        "xnnpack-codes-gemm",
        "gemm_configs.py",
        {"precision type": "XNN.PRECISION", **_NOT_QUANTIZED},
    ),
    _xnnpack(
        "xnnpack-codes-nodes",
        "node_configs.py",
        {"output dtype": "XNN.DTYPE", "input dtype": "XNN.DTYPE"},
    ),
    _xnnpack(
        "xnnpack-codes-generic",
        "generic_node_configs.py",
        {"does not support fp16": "XNN.DTYPE", "does not support dtype": "XNN.DTYPE"},
    ),
]

ARM = _recipe(
    "arm-codes",
    "backends/arm/tosa/partitioner.py",
    (
        (
            "reporter = WhyNoPartitionReporter()\n",
            'reporter = WhyNoPartitionReporter(code="ARM.UNSUPPORTED")\n',
        ),
    ),
    "reporter.report_reject",
    {},
    change='`reporter = WhyNoPartitionReporter()` becomes `WhyNoPartitionReporter(code="ARM.'
    'UNSUPPORTED")`; needs `arm-reporter-rejections` (the reporter takes the code)',
    effect="Arm's reasons carry a stable code in the delegation record and `partition_report`",
    needs="arm-reporter-rejections",
)
