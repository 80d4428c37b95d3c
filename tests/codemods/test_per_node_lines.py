"""A skip or bookkeeping line printed once per graph node keeps the severity it had: no WARNING from
its words. The shape: Qualcomm's `backends/qualcomm/utils/utils.py`, `_AnnotationSkipper`, whose
`is_node_supported(self, _, node: torch.fx.Node)` prints `[QNN Quantizer Annotation]: {node.name}
| Skipped` for every placeholder and output node; the rewrite made it `logger.warning(...)`, a
warning for every such node. It is left for review; a rejection recipe that knows the backend
(MediaTek's) still turns such a line into the partition run's reason."""

from __future__ import annotations

import pytest
from codemod_support import every_recipe

from codemods.pipeline import migrate_source
from lint_rules import Config, detect_source

CONFIG = Config()
QNN_PATH = "executorch/backends/qualcomm/utils/utils.py"
QNN_SKIPPER = """import operator

import torch
from torch.fx.passes.operator_support import OperatorSupportBase


class _AnnotationSkipper(OperatorSupportBase):
    def __init__(self, fp_node_id_set=None, fp_node_op_set=None, skip_annotated_submodule=False):
        self.fp_node_id_set = fp_node_id_set
        self.fp_node_op_set = fp_node_op_set
        self.skip_annotated_submodule = skip_annotated_submodule

    def should_skip(self, n: torch.fx.Node):
        return n.name in self.fp_node_id_set or n.target in self.fp_node_op_set

    def is_node_supported(self, _, node: torch.fx.Node) -> bool:
        if any(
            [
                node.op in ("placeholder", "output"),
                self.should_skip(node),
                (
                    node.op == "get_attr"
                    and all(self.should_skip(user) for user in node.users)
                ),
            ]
        ):
            print(f"[QNN Quantizer Annotation]: {node.name} | Skipped")
            return False

        return True
"""


def test_qualcomm_s_per_node_skip_line_is_not_made_a_warning() -> None:
    result = migrate_source(QNN_SKIPPER, QNN_PATH, CONFIG)
    assert result.error is None and "logger.warning" not in result.new_text
    assert result.new_text == QNN_SKIPPER
    [item] = result.review
    assert (item.finding.line, item.finding.code) == (27, "ETL008")
    assert "once per graph node" in item.review.reason
    assert "`is_node_supported()`, called for each `node` of the graph" in item.review.reason


def test_the_lint_names_no_level_for_it() -> None:
    [finding] = detect_source(QNN_SKIPPER, QNN_PATH, CONFIG)
    assert not finding.fixable and "warning" not in finding.message


LOOP = """def tag(graph_module):
    for node in graph_module.graph.nodes:
        if node.op == "placeholder":
            {line}
            continue
"""


@pytest.mark.parametrize(
    "line",
    [
        'print(f"{node.name} | Skipped")',
        'print(f"Tagging node {node.name}...")',  # progress, once per node
    ],
)
def test_a_loop_over_the_graph_s_nodes_is_per_node_too(line: str) -> None:
    src = LOOP.format(line=line)
    result = migrate_source(src, "executorch/exir/passes/tagging.py", CONFIG)
    assert result.new_text == src
    assert "`for node in graph_module.graph.nodes`" in result.review[0].review.reason


@pytest.mark.parametrize(
    ("line", "level"),
    [
        ('print(f"Op not supported: {node.target}")', "warning"),  # a reason, not bookkeeping
        ('print(f"Warning: {node.name} skipped")', "warning"),  # its own level word
    ],
)
def test_a_per_node_diagnostic_keeps_its_level(line: str, level: str) -> None:
    src = LOOP.format(line=line)
    result = migrate_source(src, "executorch/exir/passes/tagging.py", CONFIG)
    assert f"logger.{level}(" in result.new_text and not result.review


def test_a_skip_outside_any_node_loop_is_still_a_warning() -> None:
    src = 'def load(path):\n    print(f"Skipped {path}")\n'
    result = migrate_source(src, "executorch/exir/loader.py", CONFIG)
    assert 'logger.warning(f"Skipped {path}")' in result.new_text


MEDIATEK = """import torch
from torch.fx.passes.operator_support import OperatorSupportBase


class NeuropilotOperatorsSupport(OperatorSupportBase):
    def is_node_supported(self, _, node: torch.fx.Node) -> bool:
        op_type = node.target.__name__
        if op_type in self._op_types_to_skip or node.name in self._op_names_to_skip:
            print(
                f"[Neuropilot Backend] The {op_type} operator with name '{node.name}' is skipped."
            )
            return False
        return True
"""


def test_mediatek_s_recipe_still_reports_the_skip_with_a_module_logger() -> None:
    path = "executorch/backends/mediatek/partitioner.py"
    result = migrate_source(MEDIATEK, path, CONFIG, recipes=every_recipe(path))
    assert result.error is None and not result.review
    [(name, detail)] = result.recipes
    assert name == "mediatek-rejections" and detail.startswith("1 rejection(s); removes the print")
    assert detail.endswith("mediatek/partitioner.py:9` (lines of the file before migration)")
    assert "from et_log_runtime import get_logger\n" in result.new_text
    assert "from et_log_runtime.partition_report import report_rejection\n" in result.new_text
    assert "\nlogger = get_logger(__name__)\n" in result.new_text
    assert 'code="MTK.USER_EXCLUDED",' in result.new_text and "print(" not in result.new_text
    compile(result.new_text, "partitioner.py", "exec")


def test_a_component_whose_file_only_a_recipe_changed_is_in_the_report(tmp_path) -> None:
    """MediaTek's one site is now the recipe's alone: its component is still named."""
    from codemods.migrate import main

    (tmp_path / "pyproject.toml").write_text("[tool.et-log]\n")
    target = tmp_path / "backends" / "mediatek" / "partitioner.py"
    target.parent.mkdir(parents=True)
    target.write_text(MEDIATEK)
    report = tmp_path / "report.md"
    argv = [str(tmp_path / "backends"), "-q", "-j", "1", "--recipes", "all"]
    assert main([*argv, "--report", str(report)]) == 0
    text = report.read_text()
    assert text.splitlines()[0].endswith(": 1 files, 0 sites (mediatek)")
    assert "| mediatek | 1 | 0 | 0 | 0 |  |" in text
