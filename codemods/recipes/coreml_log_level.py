"""Core ML's loggers take the `coreml` component's level unless `ET_COREML_LOG_LEVEL` is set.

`coreml_partitioner.py` and `coreml_preprocess.py` set their module logger's level at import to
`get_coreml_log_level(default_level=...)`: the environment variable when set, else a forced INFO
(the partitioner: its INFO lines reach any handler an application installed, and
`TORCH_LOGS=-coreml` cannot silence them) or WARNING (preprocess: `+coreml` cannot show its debug
lines). The helper in `backends/apple/coreml/logging.py` does what its name says and is left as it
is; the two callers ask it for `logging.NOTSET` by default instead, so an unset variable leaves the
module to the component's level and a set one works as before. One recipe per caller (each file
is its own edit), both named by their family, `coreml-log-level-default` (`--skip-recipes
coreml-log-level-default` leaves both out). The two `setLevel` calls stay on the review list (an
environment-driven level is a reviewer's call). Upstream chose the defaults deliberately: a
behaviour change its owner takes or leaves.
"""

from __future__ import annotations

import ast

from codemods.recipes.base import Recipe, RecipePlan, replace_once
from codemods.shared.review import Review

FAMILY = "coreml-log-level-default"
_CALL = "logger.setLevel(get_coreml_log_level(default_level=logging.{}))\n"


def _caller(module: str, path: str, level: str, what: str) -> Recipe:
    old, new = _CALL.format(level), _CALL.format("NOTSET")

    def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
        edit = replace_once(tree.body, old, new)
        if isinstance(edit, Review):
            return edit
        return None if edit is None else RecipePlan([edit], ())

    return Recipe(
        f"{FAMILY}-{module}",
        path,
        plan,
        change=f"`{old.strip()}` asks for `default_level=logging.NOTSET` (family "
        f"`{FAMILY}`: both callers)",
        effect=f"without `ET_COREML_LOG_LEVEL`, {what}; `ET_COREML_LOG_LEVEL` still forces a "
        "level (`get_coreml_log_level` unchanged)",
        behaviour_change=True,
        family=FAMILY,
    )


PARTITIONER = _caller(
    "partitioner",
    "backends/apple/coreml/partition/coreml_partitioner.py",
    "INFO",
    "the Core ML partitioner no longer forces INFO on its logger: its INFO lines (`CoreMLPartitioner"
    "::partition`, the skipped ops, the note that a model with mutable buffers needs iOS 18 / "
    "macOS 15) no longer print under a root handler, the application's (`logging.basicConfig()`, "
    "even at its WARNING default) or one an ExecuTorch module set up at import in a program that "
    "configured nothing (XNNPACK's partitioner's `basicConfig`, which this series removes, or any "
    "root `logging.*` call): most export scripts printed them; `TORCH_LOGS=coreml` shows them "
    "and `TORCH_LOGS=-coreml` silences them",
)
PREPROCESS = _caller(
    "preprocess",
    "backends/apple/coreml/compiler/coreml_preprocess.py",
    "WARNING",
    "Core ML's preprocess no longer forces WARNING on its logger: `TORCH_LOGS=+coreml` shows its "
    "DEBUG lines, and an application whose own logging is at INFO (`export_llama` calls "
    "`logging.basicConfig(level=logging.INFO)`) now sees preprocess's INFO lines too, among them "
    "`Edge program: ...`, a dump of the whole edge program for every Core ML partition; its "
    "owners may prefer to leave this recipe out (`--skip-recipes "
    "coreml-log-level-default-preprocess`)",
)
