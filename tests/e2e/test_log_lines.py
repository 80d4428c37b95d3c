"""The stderr reader the e2e test relies on: lines as printed by torch 2.13.0 and ExecuTorch 1.5.1.

Fast (no subprocess); not marked e2e. If this reader misclassified lines, the e2e "no exir debug"
and "no ExecuTorch line" checks could pass vacuously, so its shapes are pinned here.
"""

from __future__ import annotations

from harness.log_lines import below, count_containing, executorch_lines, parse, parse_line, repeated

TORCH_DEBUG = (
    "V1129 16:22:11.370000 5051 executorch/exir/pass_manager.py:259] "
    "Graph after pass 'dead_code_elimination_pass': graph():"
)
TORCH_DEBUG_ELSEWHERE = (
    "V1129 16:22:11.370000 5051 ../../../../tmp/pytest-of-root/pytest-4/migrated0/"
    "executorch/exir/pass_manager.py:259]     %x : [num_users=1] = placeholder[target=x]"
)
WHY = (
    "V1129 16:22:11.376000 5051 executorch/exir/backend/utils.py:578] WhyNoPartition: Node "
    "aten_pow_tensor_scalar was not partitioned because only support power == 2, got 3."
)
EXAMPLE_FORMAT = (
    "[DEBUG 2026-11-29 16:22:11,376 utils.py:578] WhyNoPartition: Node aten_pow_tensor_scalar "
    "was not partitioned because only support power == 2, got 3."
)
TORCH_OWN = (
    "W1129 16:21:48.224000 4869 torch/utils/_pytree.py:630] <enum 'KernelPreference'> is an Enum"
)
FOREIGN_WARNING = "/root/.pyenv/versions/3.11.7/lib/python3.11/copyreg.py:105: FutureWarning: x"
OUR_WARNING = "/tmp/x/executorch/exir/capture/_config.py:12: UserWarning: something odd"
STDLIB_FORMAT = "INFO:executorch.backends.xnnpack.partition.xnnpack_partitioner:found 1 partition"


def test_torch_format_lines_carry_level_and_executorch_module():
    line = parse_line(TORCH_DEBUG)
    assert (line.level, line.module, line.root_format) == ("DEBUG", "exir/pass_manager", False)
    assert line.is_exir_debug
    assert parse_line(TORCH_DEBUG_ELSEWHERE).module == "exir/pass_manager"


def test_why_no_partition_belongs_to_the_backend_not_exir():
    line = parse_line(WHY)
    assert line.is_executorch and not line.is_exir_debug


def test_root_handler_formats_are_recognised():
    example = parse_line(EXAMPLE_FORMAT)
    assert example.root_format and example.level == "DEBUG" and example.is_executorch
    stdlib = parse_line(STDLIB_FORMAT)
    assert stdlib.root_format and stdlib.level == "INFO"
    assert stdlib.module == "backends/xnnpack/partition/xnnpack_partitioner"


def test_foreign_and_plain_lines_are_not_executorch():
    for text in (TORCH_OWN, FOREIGN_WARNING, "  return cls.__new__(cls, *args)", ""):
        assert not parse_line(text).is_executorch, text
    assert parse_line(OUR_WARNING).module == "exir/capture/_config"


def test_helpers_filter_count_and_find_repeats():
    stderr = "\n".join([TORCH_DEBUG, WHY, EXAMPLE_FORMAT, TORCH_OWN, OUR_WARNING, OUR_WARNING])
    ours = executorch_lines(parse(stderr))
    assert len(ours) == 5
    assert [line.level for line in below("WARNING", ours)] == ["DEBUG", "DEBUG", "DEBUG"]
    assert list(repeated(ours).values()) == [2]
    assert count_containing(stderr, "only support power == 2, got 3") == 2
