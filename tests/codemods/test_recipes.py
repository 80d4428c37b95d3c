"""The ExecuTorch recipes: applied on the upstream shape, idempotent, refused (file left as the
site kinds wrote it, reason reported) when upstream changed, off with --no-recipes."""

from __future__ import annotations

import json

from codemod_support import SAMPLE

from codemods.migrate import main
from codemods.pipeline import migrate_source
from codemods.recipes import RECIPES, Recipe

UTILS = "exir/backend/utils.py"
SERIALIZER = "backends/xnnpack/serialization/xnnpack_graph_serialize.py"


def _source(rel: str) -> str:
    return (SAMPLE / rel).read_text()


def _recipe(name: str) -> Recipe:
    return next(r for r in RECIPES if r.name == name)


def test_each_recipe_applies_to_its_upstream_shape_once(config):
    expected = {
        UTILS: (
            "why-no-partition-info",
            "report_rejection(self.logger, node, reason)\n",
            "report_rejection",
        ),
        SERIALIZER: (
            "xnnpack-graph-artifact",
            'get_artifact_logger(__name__, "xnnpack_graph")',
            "artifact_enabled",
        ),
    }
    for rel, (name, line, imported) in expected.items():
        path = f"executorch/{rel}"
        recipes = [_recipe(name)]
        result = migrate_source(_source(rel), path, config, recipes=recipes)
        assert result.error is None and [n for n, _ in result.recipes] == [name], rel
        assert line in result.new_text, result.new_text
        imports = [x for x in result.new_text.splitlines() if x.startswith("from et_log_runtime")]
        assert len(imports) == 1 and imported in imports[0], imports
        compile(result.new_text, rel, "exec")
        again = migrate_source(result.new_text, path, config, recipes=recipes)
        assert (again.new_text, again.recipes, again.refused_recipes) == (result.new_text, [], [])


def test_the_graph_dump_no_longer_writes_a_file(config):
    result = migrate_source(_source(SERIALIZER), f"executorch/{SERIALIZER}", config)
    assert "xnnpack_delegate_graph_" not in result.new_text
    assert "import logging" not in result.new_text  # only the replaced dump used it


def test_a_changed_upstream_shape_is_refused_and_left_as_the_site_kinds_wrote_it(config):
    changed = _source(UTILS).replace("self.logger.debug(self)", "self.logger.warning(self)")
    path = f"executorch/{UTILS}"
    result = migrate_source(changed, path, config, recipes=[_recipe("why-no-partition-info")])
    plain = migrate_source(changed, path, config, recipes=[])
    assert result.recipes == [] and result.new_text == plain.new_text
    ((name, reason),) = result.refused_recipes
    assert name == "why-no-partition-info" and "self.logger.debug(self)" in reason


def test_a_statement_sharing_its_line_is_refused(config):
    shared = _source(UTILS).replace(
        "        self.reason = reason\n        self.logger.debug(self)\n",
        "        self.reason = reason; self.logger.debug(self)\n",
    )
    recipes = [_recipe("why-no-partition-info")]
    result = migrate_source(shared, f"executorch/{UTILS}", config, recipes=recipes)
    assert result.recipes == [] and "shares its line" in result.refused_recipes[0][1]


def test_no_recipes_flag_and_the_report(sample_copy, tmp_path):
    partitioner = sample_copy / UTILS
    before = partitioner.read_bytes()
    paths = [str(sample_copy / "exir"), str(sample_copy / "backends")]
    assert main([*paths, "-q", "--no-recipes"]) == 0
    assert partitioner.read_bytes() == before
    report = tmp_path / "report.json"
    assert main([*paths, "-q", "--report", str(report)]) == 0
    rows = json.loads(report.read_text())["recipes"]
    assert {r["recipe"]: r["status"] for r in rows} == {r.name: "applied" for r in RECIPES}
    assert partitioner.read_bytes() != before


def test_a_run_that_writes_nothing_says_would_apply(sample_copy, tmp_path, capsys):
    paths = [str(sample_copy / "exir"), str(sample_copy / "backends")]
    before = {p: p.read_bytes() for p in sample_copy.rglob("*.py")}
    for mode in ("--diff", "--check"):
        report = tmp_path / f"report{mode}.md"
        main([*paths, mode, "-j", "1", "--report", str(report)])
        captured = capsys.readouterr()
        summary = captured.out + captured.err  # --diff prints its summary on stderr
        assert f"recipe why-no-partition-info: would apply ({sample_copy / UTILS})" in summary
        assert ": applied (" not in summary, mode
        row = f"| why-no-partition-info | `{sample_copy / UTILS}` | would apply |"
        assert row in report.read_text(), mode
    assert {p: p.read_bytes() for p in sample_copy.rglob("*.py")} == before
    main([*paths, "-j", "1"])
    written = capsys.readouterr().out
    assert f"recipe why-no-partition-info: applied ({sample_copy / UTILS})" in written


def test_a_recipe_whose_file_moved_is_reported(sample_copy, tmp_path):
    (sample_copy / UTILS).rename(sample_copy / "exir/backend/partition_utils.py")
    report = tmp_path / "report.md"
    assert main([str(sample_copy / "exir"), "-q", "--report", str(report)]) == 0
    text = report.read_text()
    assert "| why-no-partition-info | `exir/backend/utils.py` | not found |" in text
    assert "recipe why-no-partition-info: its file is not in the tree" in text
