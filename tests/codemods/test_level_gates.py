"""Issue 21, class 4: a level gate asks the logger it guards. ExecuTorch's shapes: Cadence's
`if logging.getLogger().level <= logging.INFO:` (the rewrite used to give
`get_logger(__name__).level`, always NOTSET, so always true) and the MPS preprocessor's
`logging.DEBUG >= logging.root.level` (left reading the root after its output moved)."""

from __future__ import annotations

import logging

from codemods.pipeline import migrate_source
from lint_rules import Config, detect_source

CONFIG = Config()
PATH = "executorch/backends/cadence/runtime/etdump.py"


def test_the_gate_and_the_output_it_guards_read_one_logger(snapshot) -> None:
    src = (
        "import logging\n\n\ndef print_event_block(inspector):\n"
        '    logging.warning("profiled events:")\n'
        "    if logging.getLogger().level <= logging.INFO:\n"
        "        inspector.print_data_tabular()\n"
    )
    result = migrate_source(src, PATH, CONFIG)
    assert result.error is None
    snapshot(result.new_text)  # `logger.isEnabledFor(logging.INFO)`, no `.level` read
    codes = sorted(r.finding.code for r in result.rewritten)
    assert codes == ["ETL002", "ETL009"]  # the root getLogger() inside the gate is ETL009's


def test_a_gate_over_several_lines_is_rewritten_with_its_statement(snapshot) -> None:
    src = (
        "import logging\n\n\ndef f(g):\n    if (\n        logging.DEBUG\n"
        "        >= logging.root.level\n    ):\n        g.dump()\n"
    )
    result = migrate_source(src, PATH, CONFIG)
    assert result.error is None
    snapshot(result.new_text)


def test_what_the_gate_answers_with_torch_logs_unset() -> None:
    """With TORCH_LOGS unset a module logger's level is NOTSET: `isEnabledFor` answers as the
    root's level did, whatever the application set it to (the root itself at NOTSET too)."""
    root = logging.getLogger()
    module = logging.getLogger("executorch.backends.cadence.runtime.etdump_gate_test")
    saved = root.level
    try:
        for level in (logging.NOTSET, logging.DEBUG, logging.INFO, logging.WARNING):
            root.setLevel(level)
            for asked in (logging.DEBUG, logging.INFO, logging.ERROR):
                assert module.isEnabledFor(asked) == (root.level <= asked)
                assert (module.level <= asked) is True  # what the old rewrite tested
    finally:
        root.setLevel(saved)


def test_a_strict_comparison_is_reviewed_with_the_call_to_write() -> None:
    src = "import logging\n\n\ndef f(g):\n    if logging.root.level < logging.INFO:\n        g()\n"
    (finding,) = detect_source(src, PATH, CONFIG)
    assert (finding.code, finding.fixable) == ("ETL009", False)
    assert "logger.isEnabledFor(<level>)" in finding.reason


def test_the_mps_gate_and_the_table_it_guards_end_on_the_module_logger(snapshot) -> None:
    """MPS: the gate reads the root, the table it guards is logged by a print function on the
    root. Both move to the module logger: the gate never asks one logger about another's output."""
    src = (
        "import logging\n\n\nclass Backend:\n    def preprocess(self, graph):\n"
        '        logging.debug("fp16: %s", graph.fp16)\n'
        "        if logging.DEBUG >= logging.root.level:\n            pretty_print(graph)\n\n\n"
        "def pretty_print(graph):\n"
        '    logging.info("Serialized graph:")\n'
        "    for node in graph.nodes:\n"
        '        logging.info(f"   {node}")\n'
    )
    result = migrate_source(src, "executorch/backends/apple/mps/mps_preprocess.py", CONFIG)
    assert result.error is None
    snapshot(result.new_text)  # neither `logging.root` nor `logging.info` is left
