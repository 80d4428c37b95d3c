"""Arm's rejections through the core's `WhyNoPartitionReporter`, reported to the partition run.

`arm-reporter-rejections` edits the core's reporter (`exir/backend/utils.py`): `report_reject`
also calls `report_rejection`, with the code its backend gave the reporter
(`WhyNoPartitionReporter(code=...)`, recipe `arm-codes`) or the one a wrapped check carries
(`wrap_check(check, message, code=...)`). `arm-user-checks` gives the checks a user adds to Arm's
partitioner (`additional_checks=[DontPartition(...)]`) the code of the user's own choice,
`ARM.USER_EXCLUDED`, so the critical-operator WARNING spares what they kept off the NPU (review
17, H1). Matched on ExecuTorch 1.5.1's and main's text (the same); any other shape is refused.
"""

from __future__ import annotations

import ast
from functools import partial

from codemods.recipes.base import (
    THE_RUN,
    Edit,
    Recipe,
    RecipePlan,
    edit_blocks,
    edit_function,
    find_class,
    replace_once,
)
from codemods.shared.review import Review

_IMPORTS = ("partition_report.report_rejection",)
_RUN = "(`TORCH_LOGS=<backend>`, `partition_report`)"

# WhyNoPartitionReporter's methods: (as upstream has them, as the recipe leaves them)
_REPORTER = (
    (
        "def __init__(self):\n"
        "    self._rejected_nodes: OrderedDict[torch.fx.Node, str] = (\n"
        "        OrderedDict()\n"
        "    )  # {Rejected node: reason}\n",
        'def __init__(self, code: str = "UNSPECIFIED"):\n'
        "    self._rejected_nodes: OrderedDict[torch.fx.Node, str] = (\n"
        "        OrderedDict()\n"
        "    )  # {Rejected node: reason}\n"
        "    self.code = code  # the reason code its backend gives\n",
    ),
    (
        "def report_reject(self, node: torch.fx.Node, reason: str):\n"
        '    """Report a node that was rejected from a partition, along with a reason for '
        'why."""\n'
        "    if node not in self._rejected_nodes:\n"
        "        self._rejected_nodes[node] = reason\n",
        "def report_reject(self, node: torch.fx.Node, reason: str, code: str | None = None):\n"
        '    """Report a node that was rejected from a partition, along with a reason for '
        'why."""\n'
        "    if node not in self._rejected_nodes:\n"
        "        self._rejected_nodes[node] = reason\n"
        "        report_rejection(None, node, reason, code or self.code)\n",
    ),
    (
        "def wrap_check(\n"
        "    self, operator_support: OperatorSupportBase, message: str\n"
        ") -> OperatorSupportBase:\n"
        '    """Wrap the operator_support, reporting rejects with the specified message."""\n'
        "    return ReportRejected(operator_support, self, message)\n",
        "def wrap_check(\n"
        "    self,\n"
        "    operator_support: OperatorSupportBase,\n"
        "    message: str,\n"
        "    code: str | None = None,\n"
        ") -> OperatorSupportBase:\n"
        '    """Wrap the operator_support, reporting rejects with the specified message."""\n'
        "    return ReportRejected(operator_support, self, message, code)\n",
    ),
)
_REJECTED_INIT = (  # ReportRejected.__init__
    "def __init__(\n"
    "    self,\n"
    "    operator_support: OperatorSupportBase,\n"
    "    reporter: WhyNoPartitionReporter,\n"
    "    message,\n"
    "):\n"
    "    self.operator_support = operator_support\n"
    "    self.reporter = reporter\n"
    "    self.message = message\n",
    "def __init__(\n"
    "    self,\n"
    "    operator_support: OperatorSupportBase,\n"
    "    reporter: WhyNoPartitionReporter,\n"
    "    message,\n"
    "    code: str | None = None,\n"
    "):\n"
    "    self.operator_support = operator_support\n"
    "    self.reporter = reporter\n"
    "    self.message = message\n"
    "    self.code = code  # its reason code, else the reporter's\n",
)
_REJECTED_REPORT = (
    "self.reporter.report_reject(node, self.message)\n",
    "self.reporter.report_reject(node, self.message, self.code)\n",
)


def plan_arm_reporter(tree: ast.Module, source: str) -> RecipePlan | Review | None:
    """`report_reject` also reports to the run, with the code a wrapped check carries, else the
    one the reporter's backend gave its constructor (default `UNSPECIFIED`)."""
    edits: list[Edit] = []
    for name, pairs in (
        ("WhyNoPartitionReporter", _REPORTER),
        ("ReportRejected", (_REJECTED_INIT,)),
    ):
        cls = find_class(tree, name)
        if cls is None:
            return Review(f"no class {name} in this file: upstream changed")
        for old, new in pairs:
            edit = replace_once(cls.body, old, new)
            if isinstance(edit, Review):
                return Review(f"{name}: {edit.reason}")
            edits += [edit] if edit else []
    passed = edit_blocks(
        tree,
        source,
        target="ReportRejected.is_node_supported",
        changes=[_REJECTED_REPORT],
        imports=_IMPORTS,
    )
    if isinstance(passed, Review):
        return passed
    edits += passed.edits if passed else []
    return RecipePlan(edits, _IMPORTS) if edits else None


ARM_REPORTER = Recipe(
    "arm-reporter-rejections",
    "exir/backend/utils.py",
    plan_arm_reporter,
    change="`WhyNoPartitionReporter.report_reject` also calls `report_rejection(None, node, "
    "reason, code or self.code)`; its constructor takes the backend's code (`code: str = "
    '"UNSPECIFIED"`, Arm\'s `ARM.UNSUPPORTED`: recipe `arm-codes`), and `wrap_check` and '
    "`ReportRejected` a check's own (an optional `code`: `arm-user-checks`)",
    effect=f"Arm's reasons reach the partition run {_RUN}; Arm's own table of rejected nodes "
    "stays as it was",
    works_with=THE_RUN,
)

_WRAPPED = 'reporter.wrap_check(check, f"Rejected by {check.__class__.__name__}")'
_WRAPPED_CODED = (
    "reporter.wrap_check(\n"
    '    check, f"Rejected by {check.__class__.__name__}", code="ARM.USER_EXCLUDED"\n'
    ")"
)

ARM_USER_CHECKS = Recipe(
    "arm-user-checks",
    "backends/arm/operator_support/tosa_supported_operators.py",
    partial(
        edit_function,
        target="_wrapped_additional_checks",
        old=f"return [\n    {_WRAPPED}\n    for check in additional_checks\n]\n",
        new="return [\n"
        + "".join(f"    {line}\n" for line in _WRAPPED_CODED.splitlines())
        + "    for check in additional_checks\n]\n",
        imports=(),
    ),
    change="`_wrapped_additional_checks` wraps each of the user's `additional_checks` with "
    '`code="ARM.USER_EXCLUDED"`; needs `arm-reporter-rejections` (`wrap_check` takes the code)',
    effect="a node one of the user's own checks rejects (`additional_checks=[DontPartition("
    "...)]`) carries `ARM.USER_EXCLUDED` in the delegation record and `partition_report`, so "
    "the critical-operator WARNING does not name what the user kept off the NPU",
    needs=("arm-reporter-rejections",),
    works_with=THE_RUN,
)
