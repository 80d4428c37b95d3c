"""ETL001: a logger built directly with `logging.getLogger(...)`."""

from __future__ import annotations

from lint_rules.rules.base import Example, Rule

RULE = Rule(
    code="ETL001",
    name="direct-get-logger",
    message="logger built with logging.getLogger(); use get_logger(__name__) from the et-log runtime",
    fixable=True,
    what_it_does=(
        "Flags every call of the standard library's `logging.getLogger`, in any spelling: "
        "`import logging as lg`, `from logging import getLogger as gl`, with `__name__`, "
        '`__file__`, `""` or no argument.'
    ),
    why_bad=(
        "A logger built directly is not attached to any ExecuTorch component, so "
        '`TORCH_LOGS="+executorch"` or `"+xnnpack"` cannot reach it, and a `__file__` or root '
        "logger escapes the package hierarchy altogether."
    ),
    use_instead="`from et_log_runtime import get_logger` and `logger = get_logger(__name__)`.",
    fix_safety=(
        'Safe for `__name__`, `__file__`, `""` and no argument (all become `__name__`) and for '
        "explicit dotted names inside the package (kept). A foreign explicit name or a name "
        "computed at run time is left for review: other code may look that logger up by name."
    ),
    valid=(
        Example(
            code="from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n",
            note="already migrated",
        ),
        Example(
            code="from . import logging\n\nlogger = logging.getLogger(__name__)\n",
            note="a local module that happens to be called `logging`",
        ),
        Example(
            code=(
                "import logging\n\n\ndef test_quiet():\n"
                '    logging.getLogger("executorch").setLevel(logging.ERROR)\n'
            ),
            path="executorch/exir/tests/test_quiet.py",
            note="tests are not library code",
        ),
        Example(
            code=(
                "import logging\n\nlogger = logging.getLogger(__name__)\n\n\n"
                'if __name__ == "__main__":\n    logger.info("run")\n'
            ),
            note="a script (file with a `__main__` guard)",
        ),
        Example(
            code="class Registry:\n    def getLogger(self):\n        return None\n\n\nR = Registry().getLogger()\n",
            note="an unrelated method called getLogger",
        ),
    ),
    invalid=(
        Example(
            code="import logging\n\nlogger = logging.getLogger(__name__)\n",
            fixed="from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n",
        ),
        Example(
            code=(
                "import logging as lg\n\nlog = lg.getLogger(__name__)\n\n\n"
                'def f():\n    log.info("x")\n'
            ),
            fixed=(
                "from et_log_runtime import get_logger\n\nlog = get_logger(__name__)\n\n\n"
                'def f():\n    log.info("x")\n'
            ),
            note="module alias",
        ),
        Example(
            code="from logging import getLogger as gl\n\nlogger = gl(__file__)\n",
            fixed="from et_log_runtime import get_logger\n\nlogger = get_logger(__name__)\n",
            note="imported function under an alias, `__file__` name",
        ),
        Example(
            code=(
                "import logging\n\nlogger = logging.getLogger(__name__)\n"
                "DEFAULT_LEVEL = logging.INFO\n"
            ),
            fixed=(
                "import logging\n\nfrom et_log_runtime import get_logger\n\n"
                "logger = get_logger(__name__)\nDEFAULT_LEVEL = logging.INFO\n"
            ),
            note="`logging` still used: the runtime import goes after the last import",
        ),
        Example(
            code=(
                "import logging\n\n"
                'logger = logging.getLogger("executorch.backends.xnnpack.partition")\n'
            ),
            fixed=(
                "from et_log_runtime import get_logger\n\n"
                'logger = get_logger("executorch.backends.xnnpack.partition")\n'
            ),
            path="executorch/backends/xnnpack/partition/example.py",
            note="explicit dotted name inside the package is kept",
        ),
        Example(
            code=(
                "import logging\n\n\ndef dump(graph):\n"
                "    if logging.getLogger().isEnabledFor(logging.DEBUG):\n"
                "        return str(graph)\n    return None\n"
            ),
            fixed=(
                "import logging\n\nfrom et_log_runtime import get_logger\n\n\ndef dump(graph):\n"
                "    if get_logger(__name__).isEnabledFor(logging.DEBUG):\n"
                "        return str(graph)\n    return None\n"
            ),
            note="the root logger (no argument)",
        ),
        Example(
            code='import logging\n\nlogger = logging.getLogger("genai_pipeline")\n',
            fixed=None,
            note="foreign explicit name: review",
        ),
        Example(
            code="import logging\n\n\ndef make(name):\n    return logging.getLogger(name)\n",
            fixed=None,
            note="name computed at run time: review",
        ),
        Example(
            code="import logging\n\n\ndef reset():\n    logging.getLogger().handlers.clear()\n",
            fixed=None,
            note="the root logger's own handlers: review (the module logger would not mean that)",
        ),
    ),
)
