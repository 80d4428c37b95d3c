"""Core ML's loggers take the `coreml` component's level unless `ET_COREML_LOG_LEVEL` is set.

`coreml_partitioner.py` and `coreml_preprocess.py` set their module logger's level at import to
`get_coreml_log_level(default_level=...)`: the environment variable when set, else a forced INFO
(the partitioner: its INFO lines print on every default lowering once a component handler is
attached, and under `TORCH_LOGS=-coreml`) or WARNING (preprocess: `+coreml` cannot show its debug
lines). The recipe edits the helper in `backends/apple/coreml/logging.py`: unset, it returns
`logging.NOTSET`, so the module inherits the component's level; set, it works as before. The two
`setLevel` calls stay on the review list (an environment-driven level is a reviewer's call) with
the source the lint and the baseline know.
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
        note=(
            "without ET_COREML_LOG_LEVEL the Core ML partitioner (was INFO) and preprocess (was "
            "WARNING) no longer force a level: the coreml component decides (quiet by default, "
            "TORCH_LOGS=coreml INFO, +coreml DEBUG); ET_COREML_LOG_LEVEL still sets it"
        ),
    ),
)
