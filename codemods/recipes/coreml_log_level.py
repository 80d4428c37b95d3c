"""Core ML's loggers take the `coreml` component's level unless `ET_COREML_LOG_LEVEL` is set.

`coreml_partitioner.py` and `coreml_preprocess.py` set their module logger's level at import to
`get_coreml_log_level(default_level=...)`: the environment variable when set, else a forced INFO
(the partitioner: its INFO lines reach any handler an application installed, and
`TORCH_LOGS=-coreml` cannot silence them) or WARNING (preprocess: `+coreml` cannot show its debug
lines). The recipe edits the helper in `backends/apple/coreml/logging.py`: unset, it returns
`logging.NOTSET`, so the module inherits the component's level; set, it works as before. The two
`setLevel` calls stay on the review list (an environment-driven level is a reviewer's call) with
the source the lint and the baseline know. Upstream chose the INFO default deliberately: this is
a behaviour change its owner takes or leaves.
"""

from __future__ import annotations

from functools import partial

from codemods.recipes.base import Recipe, edit_function

RECIPE = Recipe(
    "coreml-log-level-default",
    "backends/apple/coreml/logging.py",
    partial(
        edit_function,
        target="get_coreml_log_level",
        old='if level_str == "":\n    return default_level\n',
        new='if level_str == "":\n    return logging.NOTSET\n',
        imports=(),
    ),
    change="`get_coreml_log_level` returns `logging.NOTSET` when `ET_COREML_LOG_LEVEL` is unset",
    effect="without `ET_COREML_LOG_LEVEL`, the Core ML partitioner no longer forces INFO on its "
    "logger (nor preprocess WARNING): an application with a handler of its own "
    "(`logging.basicConfig()`, even at its WARNING default) no longer sees the partitioner's "
    "INFO lines, `TORCH_LOGS=-coreml` silences them and `+coreml` shows preprocess's DEBUG "
    "lines; `ET_COREML_LOG_LEVEL` still forces a level",
    behaviour_change=True,
)
