"""Rewrites on real code shapes: names that clash, where imports and the logger go, comments."""

from __future__ import annotations

from dataclasses import replace

from codemod_support import migrate


def test_existing_logger_and_get_logger_names_are_never_clobbered(config, snapshot):
    src = (
        "import logging\n"
        "from executorch.exir.registry import get_logger\n\n\n"
        "def f(x):\n"
        '    logging.warning("bad %s", x)\n'
        "    return get_logger\n"
    )
    snapshot(migrate(src, config).new_text)  # `_get_logger`, and the one logger name `logger`
    taken = src.replace("import get_logger", "import get_logger, logger")
    result = migrate(taken, config)  # `logger` taken: no logger under another name
    assert result.new_text == taken
    assert "the module binds `logger` itself (line 2)" in result.review[0].review.reason


def test_logger_bound_as_a_parameter_where_a_site_is_leaves_the_file_for_review(config):
    src = (
        "import logging\n\nlogger = logging.getLogger(__name__)\n\n\n"
        "def f(logger):\n"
        '    logging.info("uses the root logger, not the parameter")\n'
    )
    result = migrate(src, config)  # the module's `logger` is not seen in f: one logger a module
    assert result.new_text == src and {r.finding.code for r in result.review} == {
        "ETL001",
        "ETL002",
    }
    assert "`logger` is a local of `f()` (line 6), where line 7" in result.review[0].review.reason


def test_existing_module_logger_is_reused(config):
    src = (
        "import logging\n\nlog = logging.getLogger(__name__)\n\n\n"
        'def f():\n    logging.error("e")\n'
    )
    out = migrate(src, config).new_text
    assert out == (
        "from et_log_runtime import get_logger\n\nlog = get_logger(__name__)\n\n\n"
        'def f():\n    log.error("e")\n'
    )


def test_module_level_call_before_the_logger_waits_for_review(config):
    """One logger per module (issue 21, class 7: portable_lib.py got `_logger` and `logger`): a
    site that runs at import time before the module's logger is bound is not given a second
    logger; it is left for review, the rest of the module migrates."""
    src = 'import logging\n\nlogging.info("early")\nlogger = logging.getLogger(__name__)\n'
    result = migrate(src, config)
    assert result.new_text == (
        "import logging\n\nfrom et_log_runtime import get_logger\n\n"
        'logging.info("early")\nlogger = get_logger(__name__)\n'
    )
    ((item),) = result.review
    assert item.finding.code == "ETL002"
    assert "before the module's logger `logger` is bound (line 4)" in item.review.reason


def test_docstring_future_and_type_checking_placement(config):
    src = (
        '"""Module docstring."""\n\n'
        "from __future__ import annotations\n\n"
        "import logging\n"
        "from typing import TYPE_CHECKING\n\n"
        "import torch\n\n"
        "if TYPE_CHECKING:\n"
        "    from executorch.exir import Program\n\n\n"
        'def f(p: "Program") -> None:\n'
        '    logging.debug("%s", torch.ones(1))\n'
    )
    out = migrate(src, config).new_text
    assert out == (
        '"""Module docstring."""\n\n'
        "from __future__ import annotations\n\n"
        "from typing import TYPE_CHECKING\n\n"
        "import torch\n"
        "from et_log_runtime import get_logger\n\n"
        "if TYPE_CHECKING:\n"
        "    from executorch.exir import Program\n\n"
        "logger = get_logger(__name__)\n\n\n"
        'def f(p: "Program") -> None:\n'
        '    logger.debug("%s", torch.ones(1))\n'
    )


def test_module_without_imports_gets_them_after_the_docstring(config):
    src = '"""Doc."""\n\n\ndef f(x):\n    print("Error:", x, file=__import__("sys").stderr)\n'
    # not a sys.stderr spelling the detector resolves: nothing to do
    assert migrate(src, config).new_text == src
    src = '"""Doc."""\nimport sys\n\n\ndef f(x):\n    print("Error:", x, file=sys.stderr)\n'
    out = migrate(src, config).new_text
    assert out == (
        '"""Doc."""\n\nfrom et_log_runtime import get_logger\n\n'
        "logger = get_logger(__name__)\n\n\n"
        "def f(x):\n    logger.error(x)\n"
    )


def test_removed_import_keeps_its_comment(config):
    src = (
        "import os\n\n"
        "# logging is configured by the application\n"
        "import logging\n"
        "import torch\n\n"
        'logging.info("x %s", os.sep, torch)\n'
    )
    out = migrate(src, config).new_text
    assert "# logging is configured by the application\nimport torch\n" in out
    assert "import logging" not in out


def test_aliases_and_from_imports_are_resolved_and_dropped(config):
    src = (
        "import logging as lg\nfrom logging import getLogger as gl, DEBUG\n"
        "from sys import stderr\n\n"
        "log = gl(__name__)\n\n\n"
        "def f(x):\n"
        '    lg.warning("w")\n'
        '    print("Warning:", x, file=stderr)\n'
        "    return DEBUG\n"
    )
    out = migrate(src, config).new_text
    assert out == (
        "from logging import DEBUG\n\nfrom et_log_runtime import get_logger\n\n"
        "log = get_logger(__name__)\n\n\n"
        "def f(x):\n"
        '    log.warning("w")\n'
        "    log.warning(x)\n"
        "    return DEBUG\n"
    )


def test_print_text_is_kept_but_for_the_level_word(config, snapshot):
    src = (
        "import sys\n\n\ndef f(a, b):\n"
        '    print("ERROR: ", str(a), file=sys.stderr)\n'
        '    print("info: 50%", a, sep="|", file=sys.stderr, flush=True)\n'
        '    print(a, "and", b, file=sys.stderr, end="\\n")\n'
        '    print("100% done", file=sys.stderr)\n'
        '    sys.stderr.write(f"warning: {a}\\n")\n'
    )
    snapshot(migrate(src, config).new_text)  # the level word is the logger's now


def test_runtime_import_path_is_configurable(config):
    vendored = replace(config, runtime_import="executorch._logging")
    src = (
        "import logging\n\nimport torch\nfrom executorch.exir.pass_base import PassBase\n"
        "from torch.fx import Node\n\nlogger = logging.getLogger(__name__)\n"
        "logger.info('ready')\n"
    )
    out = migrate(src, vendored).new_text
    assert out == (
        "import torch\nfrom executorch._logging import get_logger\n"
        "from executorch.exir.pass_base import PassBase\n"
        "from torch.fx import Node\n\nlogger = get_logger(__name__)\n"
        "logger.info('ready')\n"
    )


def test_existing_runtime_import_is_extended(config, snapshot):
    src = (
        "import warnings\n\nfrom et_log_runtime import get_logger\n\n"
        "logger = get_logger(__name__)\n\n\n"
        'def f():\n    warnings.warn("w")\n'
    )
    snapshot(migrate(src, config).new_text)


def test_annotated_logger_keeps_logging_import(config):
    src = (
        "import logging\n\nlogger: logging.Logger = logging.getLogger(__name__)\n"
        "logger.info('ready')\n"
    )
    out = migrate(src, config).new_text
    assert out == (
        "import logging\n\nfrom et_log_runtime import get_logger\n\n"
        "logger: logging.Logger = get_logger(__name__)\nlogger.info('ready')\n"
    )


def test_basic_config_alone_in_a_module_level_block_leaves_pass(config):
    src = "import logging\nimport os\n\nif os.environ.get('X'):\n    logging.basicConfig()\n"
    result = migrate(src, config)
    # inside a block: not module level for the detector -> review, untouched
    if result.rewritten:
        assert "    pass\n" in result.new_text
    else:
        assert result.new_text == src and result.review


def test_deprecations_are_untouched(config):
    src = (
        "import warnings\n\n\ndef f():\n"
        '    warnings.warn("old", DeprecationWarning)\n'
        '    warnings.warn("older", FutureWarning, stacklevel=2)\n'
    )
    assert migrate(src, config).new_text == src


def test_a_call_that_now_fits_is_joined_like_black(config):
    message = "m" * (89 - len('    logging.info("", n)'))
    assert len(f'    logging.info("{message}", n)') == 89
    src = f'import logging\n\n\ndef f(n):\n    logging.info(\n        "{message}", n\n    )\n'
    out = migrate(src, config).new_text
    assert f'    logger.info("{message}", n)\n' in out


def test_rewritten_files_stay_ruff_format_clean(config, tmp_path):
    """black is not installed here; ruff's formatter (black-compatible) stands in for it."""
    import subprocess

    from codemod_support import REPO

    src = (
        '"""Doc."""\n\nimport logging\nimport sys\nimport warnings\n\nimport torch\n\n'
        "log = logging.getLogger(__name__)\n\n\n"
        "def f(x, name):\n"
        '    logging.debug("value %s", torch.ones(x))\n'
        '    print("Error: could not load", name, "after", x, "attempts", file=sys.stderr)\n'
        '    warnings.warn(f"model {name} uses an operator that is emulated", RuntimeWarning)\n'
        "    logging.info(\n"
        '        "a long message that needs two lines with the old spelling %s %s", x, name\n'
        "    )\n"
    )
    ruff = [str(REPO / ".venv" / "bin" / "ruff"), "format", "--isolated"]
    before = tmp_path / "before.py"
    before.write_text(src)
    subprocess.run([*ruff, "-q", str(before)], check=True)  # a black-clean starting point
    formatted = before.read_text()
    result = migrate(formatted, config)
    assert len(result.rewritten) == 4  # all but the warning, which is never rewritten
    after = tmp_path / "after.py"
    after.write_text(result.new_text)
    proc = subprocess.run(
        [*ruff, "--check", "--diff", str(after)], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stdout


def test_statements_sharing_a_line_fall_back_to_the_whole_module(config):
    src = (
        '"""Doc."""\nimport logging\n\nx = 1; logging.info("semicolon %s", x)\n\n\n'
        'def f(y):\n    if y: logging.warning("one-liner")\n    return y\n'
    )
    assert migrate(src, config).new_text == (
        '"""Doc."""\n\nfrom et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n\n'
        'x = 1; logger.info("semicolon %s", x)\n\n\n'
        'def f(y):\n    if y: logger.warning("one-liner")\n    return y\n'
    )


def test_star_import_keeps_the_one_logger_name(config, snapshot):
    src = 'import logging\nfrom executorch.exir.dialects import *\n\n\ndef f():\n    logging.info("i")\n'
    snapshot(migrate(src, config).new_text)  # `logger`: the module never reads the star's


def test_a_logger_the_module_never_logs_on_is_deleted(config):
    """XNNPACK's decompose_batch_norm and Arm's passes make a logger and set its level but
    never log (review r02a): the logger, its level and the `import logging` go, and a
    logger that something reads, or that `__all__` exports, stays."""
    src = (
        "import logging\n\nimport torch\n\nlogger = logging.getLogger(__name__)\n"
        "logger.setLevel(logging.WARNING)\n\n\ndef f():\n    return torch.zeros(1)\n"
    )
    result = migrate(src, config)
    assert result.new_text == "import torch\n\n\ndef f():\n    return torch.zeros(1)\n"
    assert sorted((r.finding.code, r.removed, r.note) for r in result.rewritten) == [
        ("ETL001", True, ""),
        ("ETL006", True, ""),
    ]
    for kept in ("__all__ = ['logger']\n", "def g():\n    return logger\n"):
        again = migrate(src + kept, config)
        assert "get_logger(__name__)" in again.new_text, kept
