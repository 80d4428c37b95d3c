"""The stable reason codes of the delegation record: why a node stayed on the CPU.

A backend's rejection site passes one of these to ``report_rejection(logger, node, reason,
code=...)``; the text beside it may change from release to release, the code does not. A code is
``PREFIX.NAME`` (the prefix names the backend that decided) or a bare ``NAME`` when the core
decided. ``python -m et_log_report.docs`` writes this table into docs/delegation.md.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BACKENDS", "CODES", "ReasonCode", "describe"]


@dataclass(frozen=True)
class ReasonCode:
    """One cause: what happened, and what the user can do about it."""

    code: str
    cause: str
    action: str

    @property
    def prefix(self) -> str:
        return self.code.partition(".")[0] if "." in self.code else ""


# prefix -> who decides (the docs' section titles, in this order)
BACKENDS = {
    "": "Any partitioner (decided by ExecuTorch's core)",
    "XNN": "XNNPACK",
    "VK": "Vulkan (and WebGPU, which runs Vulkan's checks)",
    "ARM": "Arm (TOSA, Ethos-U)",
    "COREML": "Core ML",
    "OV": "OpenVINO",
    "NXP": "NXP Neutron",
    "ENN": "Samsung ENN",
    "QNN": "Qualcomm",
    "MTK": "MediaTek",
    "MLX": "MLX",
    "COREAI": "Core AI",
}

_UNSUPPORTED = "no support for this operator in the backend's compiler"
_ELSEWHERE = (
    "Nothing to change in the model for this backend: keep it on the CPU, try another "
    "partitioner for it (they run in the order given), or ask the backend's owners."
)
_CONSTRAINT = (
    "Change the argument, shape or attribute the text names (for example `pow(x, 2)` "
    "instead of `pow(x, 3)`), or accept the CPU for this node."
)
_DTYPE = (
    "Cast to a dtype the backend supports (usually float32) before this operator, or "
    "quantize the model for a backend that runs quantized operators."
)
_QUANTIZE = (
    "Quantize the operator: annotate it with the backend's quantizer, run calibration and "
    "`convert_pt2e`, and check that a dequantize node feeds it."
)

CODES: tuple[ReasonCode, ...] = (
    ReasonCode(
        "NONE_GIVEN",
        "The partitioner left the node out and no rejection site said why.",
        "Run with `TORCH_LOGS=+<backend>` for the backend's own debug lines; the backend's "
        "owners can report a reason where it decides (`report_rejection`).",
    ),
    ReasonCode(
        "UNSPECIFIED",
        "The backend gave a reason (the text) but no code: a rejection site that has not "
        "chosen one yet.",
        "Read the text. Backend owners: pass a code from this table.",
    ),
    ReasonCode(
        "BOOKKEEPING",
        "Not an operator: a `getitem` that reads an output of the node before it, or the "
        "call of a delegate an earlier partitioner made. Never counted in coverage.",
        "Nothing: it follows the node it belongs to.",
    ),
    ReasonCode(
        "NO_CONFIG",
        "A partitioner built on ExecuTorch's config-based partitioner (XNNPACK's) has no "
        "config for this operator: it does not lower it at all.",
        _ELSEWHERE,
    ),
    ReasonCode(
        "XNN.CONSTRAINT",
        "XNNPACK has a config for the operator, but a constraint on its arguments, shapes "
        "or attributes failed; the text names the constraint.",
        _CONSTRAINT,
    ),
    ReasonCode(
        "XNN.DTYPE",
        "An input or output dtype XNNPACK does not run for this operator (or mixed dtypes).",
        _DTYPE,
    ),
    ReasonCode(
        "XNN.PRECISION",
        "The node's precision (fp32, fp16, static or dynamic quantization) is not one the "
        "partitioner was asked for, or not one this operator's config supports.",
        "Pass `config_precisions` including it to `XnnpackPartitioner`, or quantize the "
        "model as the partitioner expects.",
    ),
    ReasonCode(
        "XNN.NOT_QUANTIZED",
        "A quantized pattern is incomplete: the weight, bias or activation has no "
        "dequantize/quantize node where XNNPACK expects one.",
        _QUANTIZE,
    ),
    ReasonCode(
        "VK.NO_IMPL",
        "Vulkan has no operator implementation for this target.",
        _ELSEWHERE,
    ),
    ReasonCode("VK.DTYPE", "A dtype Vulkan does not support for this operator.", _DTYPE),
    ReasonCode(
        "VK.CONSTRAINT",
        "Vulkan implements the operator, but not for these arguments, tensor ranks or "
        "dynamic shapes; the text says which.",
        _CONSTRAINT,
    ),
    ReasonCode(
        "VK.USER_EXCLUDED",
        "The node comes from an nn.Module outside the partitioner's allowlist or inside "
        "its blocklist.",
        "Change the allowlist or blocklist given to the partitioner, if this was not meant.",
    ),
    ReasonCode(
        "ARM.UNSUPPORTED",
        "Arm's TOSA support checks rejected the node (operator, dtype, shape or "
        "quantization); the text names the check.",
        "Read the text: change what it names, quantize for Ethos-U, or choose a TOSA "
        "specification (compile spec) that supports it.",
    ),
    ReasonCode(
        "ARM.USER_EXCLUDED",
        "One of the checks the user gave Arm's partitioner (`additional_checks`, such as "
        "`DontPartition`) rejected the node; the text names the check.",
        "Remove the check, or narrow it, if this was not meant.",
    ),
    ReasonCode(
        "COREML.USER_EXCLUDED",
        "The operator is in `skip_ops_for_coreml_delegation`.",
        "Remove it from `skip_ops_for_coreml_delegation`, if this was not meant.",
    ),
    ReasonCode(
        "COREML.OVERRIDDEN",
        "The Core ML partitioner's own override turned support off for this node.",
        "See the partitioner's options that override support (such as lowering a full graph only).",
    ),
    ReasonCode(
        "COREML.UNSUPPORTED",
        f"coremltools has {_UNSUPPORTED}.",
        _ELSEWHERE,
    ),
    ReasonCode("OV.UNSUPPORTED", f"OpenVINO has {_UNSUPPORTED}.", _ELSEWHERE),
    ReasonCode(
        "OV.USER_EXCLUDED",
        "The operator is on the partitioner's skip list (`op_types_to_skip`, `op_names_to_skip`).",
        "Take it off the skip list, if this was not meant.",
    ),
    ReasonCode(
        "NXP.USER_EXCLUDED",
        "Delegation of the node was prohibited: `NXP_DO_NOT_DELEGATE` is set on it, or its "
        "operator is in `operators_not_to_delegate`.",
        "Remove the mark or the operator from the list, if this was not meant.",
    ),
    ReasonCode("NXP.NO_CONVERTER", "Neutron has no node converter for this operator.", _ELSEWHERE),
    ReasonCode(
        "NXP.NOT_SUPPORTED",
        "The node is not quantized, or its converter rejects it on the Neutron target.",
        _QUANTIZE,
    ),
    ReasonCode("ENN.UNSUPPORTED", f"Samsung ENN has {_UNSUPPORTED}.", _ELSEWHERE),
    ReasonCode("QNN.UNSUPPORTED", "Qualcomm's support check rejected the node.", _ELSEWHERE),
    ReasonCode(
        "QNN.USER_EXCLUDED",
        "The node's name or operator is in the partitioner's skip sets (`skip_node_id_set`, "
        "`skip_node_op_set`).",
        "Take it out of the skip sets, if this was not meant.",
    ),
    ReasonCode(
        "MTK.USER_EXCLUDED",
        "The operator or the node's name is on the partitioner's skip list "
        "(`op_types_to_skip`, `op_names_to_skip`).",
        "Take it off the skip list, if this was not meant.",
    ),
    ReasonCode("MLX.UNSUPPORTED", "MLX's support check rejected the node.", _ELSEWHERE),
    ReasonCode("COREAI.UNSUPPORTED", "Core AI's support check rejected the node.", _ELSEWHERE),
)

_BY_CODE = {entry.code: entry for entry in CODES}


def describe(code: str) -> ReasonCode | None:
    """The table's entry for ``code``; None for a code this et-log does not know (a newer
    ExecuTorch's, or a backend's own): readers show it as it is."""
    return _BY_CODE.get(code)
