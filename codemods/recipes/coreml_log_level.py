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

from codemods.recipes.base import Edit, Recipe, RecipePlan, blocks, replace_once
from codemods.shared.review import Review

FAMILY = "coreml-log-level-default"
_CALL = "logger.setLevel(get_coreml_log_level(default_level=logging.{}))\n"
_DUMP = 'logger.{}(f"Edge program: {{edge_program}}")\n'  # preprocess's whole-program dump


def _caller(
    module: str,
    path: str,
    level: str,
    what: str,
    also: tuple[tuple[str, str], ...] = (),
    takes: tuple[str, ...] = (),
) -> Recipe:
    """The recipe for one caller; `also`: statements of the module rewritten with it, where
    they are (a line the lower level would show that its owner would not want shown); `takes`:
    the kinds whose class B rewrites of the file land with it (`Recipe.takes`)."""
    old, new = _CALL.format(level), _CALL.format("NOTSET")

    def plan(tree: ast.Module, source: str) -> RecipePlan | Review | None:
        edit = replace_once(tree.body, old, new)
        if isinstance(edit, Review):
            return edit
        if edit is None:
            return None  # applied before
        edits = [edit]
        for before, after in also:
            found = (replace_once(block, before, after) for block in blocks(tree))
            extra = next((e for e in found if isinstance(e, Edit)), None)
            edits += [extra] if extra else []
        return RecipePlan(edits, ())

    return Recipe(
        f"{FAMILY}-{module}",
        path,
        plan,
        change=f"`{old.strip()}` asks for `default_level=logging.NOTSET` (family "
        f"`{FAMILY}`: both callers)"
        + "".join(f"; `{b.strip()}` becomes `{a.strip()}`" for b, a in also),
        effect=f"without `ET_COREML_LOG_LEVEL`, {what}; `ET_COREML_LOG_LEVEL` still forces a "
        "level (`get_coreml_log_level` unchanged)",
        behaviour_change=True,
        family=FAMILY,
        takes=takes,
        title="let the coreml component set the loggers' level by default",
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
    # its root `logging.info` calls (`CoreMLPartitioner.log_once`): moved onto the logger while
    # it is forced to INFO they would print under any root handler (review 13, M1)
    takes=("ETL002",),
)
PREPROCESS = _caller(
    "preprocess",
    "backends/apple/coreml/compiler/coreml_preprocess.py",
    "WARNING",
    "Core ML's preprocess no longer forces WARNING on its logger: `TORCH_LOGS=+coreml` shows its "
    "DEBUG lines, and an application whose own logging is at INFO (`export_llama` calls "
    "`logging.basicConfig(level=logging.INFO)`) now sees preprocess's INFO lines too, but "
    "not `Edge program: ...`, the dump of the whole edge program for every Core ML partition, "
    "which becomes a DEBUG line (`TORCH_LOGS=+coreml` shows it)",
    also=((_DUMP.format("info"), _DUMP.format("debug")),),
)
