"""The ExecuTorch recipes: applied on the upstream shape, idempotent, refused (file left as the
site kinds wrote it, reason reported) when upstream changed, off with --no-recipes."""

from __future__ import annotations

import ast
import json
import logging

import pytest
from codemod_support import SAMPLE

from codemods.migrate import main
from codemods.pipeline import migrate_source
from codemods.recipes import RECIPES, Recipe, RecipePlan

UTILS = "exir/backend/utils.py"
SERIALIZER = "backends/xnnpack/serialization/xnnpack_graph_serialize.py"


def _source(rel: str) -> str:
    return (SAMPLE / rel).read_text()


def _recipe(name: str) -> Recipe:
    return next(r for r in RECIPES if r.name == name)


@pytest.mark.parametrize("name", ["why-no-partition-info", "xnnpack-graph-artifact"])
def test_each_recipe_applies_to_its_upstream_shape_once(config, snapshot, name):
    rel = _recipe(name).path
    path = f"executorch/{rel}"
    recipes = [_recipe(name)]
    result = migrate_source(_source(rel), path, config, recipes=recipes)
    assert result.error is None and [n for n, _ in result.recipes] == [name], rel
    snapshot(result.new_text)
    compile(result.new_text, rel, "exec")
    again = migrate_source(result.new_text, path, config, recipes=recipes)
    assert (again.new_text, again.recipes, again.refused_recipes) == (result.new_text, [], [])


def test_the_graph_dump_still_writes_its_file(config):
    """The artifact is added beside the JSON dump a user at DEBUG gets today: nothing taken."""
    result = migrate_source(_source(SERIALIZER), f"executorch/{SERIALIZER}", config)
    assert 'f"./xnnpack_delegate_graph_{_delegate_instance_id}.json"' in result.new_text
    assert "pretty_print_xnngraph(xnnpack_graph_json, filename)" in result.new_text
    assert "logger.setLevel(logging.WARNING)" in result.new_text  # its level gates the dump


def test_a_changed_upstream_shape_is_refused_and_left_as_the_site_kinds_wrote_it(config):
    changed = _source(UTILS).replace("self.logger.debug(self)", "self.logger.warning(self)")
    path = f"executorch/{UTILS}"
    result = migrate_source(changed, path, config, recipes=[_recipe("why-no-partition-info")])
    plain = migrate_source(changed, path, config, recipes=[])
    assert result.recipes == [] and result.new_text == plain.new_text
    ((name, review),) = result.refused_recipes
    assert name == "why-no-partition-info" and "self.logger.debug(self)" in review.reason


def test_a_statement_sharing_its_line_is_refused(config):
    """A statement the recipe replaces shares its line with one it keeps (XNNPACK's printer's
    formatting, `pstr = ...; assert pstr`): refused, the line left as it is."""
    formatted = "    pstr = pformat(d, indent=2, compact=True).replace(\"'\", '\"')\n"
    assert formatted in _source(SERIALIZER)
    shared = _source(SERIALIZER).replace(formatted, formatted[:-1] + "; assert pstr\n")
    recipes = [_recipe("xnnpack-graph-artifact")]
    result = migrate_source(shared, f"executorch/{SERIALIZER}", config, recipes=recipes)
    assert result.recipes == [] and "shares its line" in result.refused_recipes[0][1].reason


def test_no_recipes_flag_and_the_report(sample_copy, tmp_path):
    partitioner = sample_copy / UTILS
    before = partitioner.read_bytes()
    paths = [str(sample_copy / "exir"), str(sample_copy / "backends")]
    assert main([*paths, "-q", "--no-recipes"]) == 0
    assert partitioner.read_bytes() == before
    report = tmp_path / "report.json"
    assert main([*paths, "-q", "--report", str(report)]) == 0
    rows = json.loads(report.read_text())["recipes"]
    default = {r.name: "left out" if r.delegation else "applied" for r in RECIPES}
    assert {r["recipe"]: r["status"] for r in rows} == default
    assert main([*paths, "-q", "--recipes", "all", "--report", str(report)]) == 0
    rows = json.loads(report.read_text())["recipes"]
    assert {r["status"] for r in rows} == {"applied"}
    assert partitioner.read_bytes() != before


def test_a_run_that_writes_nothing_says_would_apply(sample_copy, tmp_path, capsys):
    paths = [str(sample_copy / "exir"), str(sample_copy / "backends")]
    before = {p: p.read_bytes() for p in sample_copy.rglob("*.py")}
    for mode in ("--diff", "--check"):
        report = tmp_path / f"report{mode}.md"
        main([*paths, mode, "-j", "1", "--recipes", "all", "--report", str(report)])
        captured = capsys.readouterr()
        summary = captured.out + captured.err  # --diff prints its summary on stderr
        assert f"recipe why-no-partition-info: would apply ({sample_copy / UTILS})" in summary
        assert ": applied (" not in summary, mode
        row = f"| why-no-partition-info | `{sample_copy / UTILS}` | would apply |"
        assert row in report.read_text(), mode
    assert {p: p.read_bytes() for p in sample_copy.rglob("*.py")} == before
    main([*paths, "-j", "1", "--recipes", "all"])
    written = capsys.readouterr().out
    assert f"recipe why-no-partition-info: applied ({sample_copy / UTILS})" in written


def test_a_recipe_whose_file_moved_is_reported(sample_copy, tmp_path):
    (sample_copy / UTILS).rename(sample_copy / "exir/backend/partition_utils.py")
    report = tmp_path / "report.md"
    run = [str(sample_copy / "exir"), "-q", "--recipes", "all", "--report", str(report)]
    assert main(run) == 0
    text = report.read_text()
    assert "| why-no-partition-info | `exir/backend/utils.py` | not found |" in text
    assert "recipe why-no-partition-info: its file is not in the tree" in text


def test_a_recipe_whose_file_the_configuration_excludes_is_said_so(sample_copy, tmp_path):
    """Review 16, T3: an excluded file (MLX's, which sets up its own logger) is in the tree: its
    recipe is not "not found", nor on the review list."""
    config = sample_copy / "pyproject.toml"
    config.write_text(config.read_text() + 'extend-exclude = ["exir/backend/utils.py"]\n')
    report = tmp_path / "report.md"
    run = [str(sample_copy / "exir"), "-q", "--recipes", "all", "--report", str(report)]
    assert main(run) == 0
    text = report.read_text()
    assert "| why-no-partition-info | `exir/backend/utils.py` | excluded |" in text
    assert "recipe why-no-partition-info" not in text.split("## Left for review")[1]


def _module(text: str, name: str) -> dict[str, object]:
    namespace: dict[str, object] = {"__name__": name}
    exec(compile(text, name, "exec"), namespace)
    return namespace


def test_the_graph_is_the_text_pretty_print_xnngraph_writes(config, tmp_path) -> None:
    """`pretty_print_xnngraph` keeps its output and its formatting is what the artifact logs:
    one formatter, nothing left dead, no line announcing the artifact; the file dump kept."""
    source = _source(SERIALIZER)
    new = migrate_source(source, f"executorch/{SERIALIZER}", config).new_text
    tree = ast.parse(new)
    calls = {
        f.name: [
            c.func.id for c in ast.walk(f) if isinstance(c, ast.Call) and hasattr(c.func, "id")
        ]
        for f in tree.body
        if isinstance(f, ast.FunctionDef)
    }
    assert "_format_xnngraph" in calls["pretty_print_xnngraph"], calls
    assert "_format_xnngraph" in calls["convert_to_flatbuffer"], calls
    assert "TORCH_LOGS=xnnpack_graph" not in new and "Writing XNNGraph to" in new
    graph = '{"nodes": [{"id": 0, "name": null}], "version": "1"}'
    old_module, new_module = _module(source, "old"), _module(new, "new")
    old_file, new_file = tmp_path / "old.txt", tmp_path / "new.txt"
    old_module["pretty_print_xnngraph"](graph, str(old_file))  # type: ignore[operator]
    new_module["pretty_print_xnngraph"](graph, str(new_file))  # type: ignore[operator]
    assert new_file.read_text() == old_file.read_text() == new_module["_format_xnngraph"](graph)  # type: ignore[operator]


def test_the_graph_is_one_record_only_when_the_artifact_is_on(config) -> None:
    new = migrate_source(_source(SERIALIZER), f"executorch/{SERIALIZER}", config).new_text
    module = _module(new, "executorch.backends.xnnpack.serialization.xnnpack_graph_serialize")
    records: list[logging.LogRecord] = []
    sink = logging.getLogger("test.xnnpack_graph")
    sink.propagate = False
    sink.setLevel(logging.DEBUG)
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    sink.addHandler(handler)
    module["get_artifact_logger"] = lambda name, artifact: sink
    formatted: list[str] = []
    formatter = module["_format_xnngraph"]
    module["_format_xnngraph"] = lambda text: formatted.append(text) or formatter(text)  # type: ignore[operator]
    for enabled in (False, True):
        module["artifact_enabled"] = lambda logger, on=enabled: on
        module["convert_to_flatbuffer"]({"nodes": []})  # type: ignore[operator]
    sink.removeHandler(handler)
    assert len(formatted) == 1 and len(records) == 1, (formatted, records)
    assert records[0].getMessage() == 'XNNGraph of delegate 1:\n{"nodes": []}'


def test_the_module_logger_stays_when_something_else_uses_it(config) -> None:
    source = _source(SERIALIZER) + '\n\ndef note() -> None:\n    logger.info("x")\n'
    new = migrate_source(source, f"executorch/{SERIALIZER}", config).new_text
    assert "logger = get_logger(__name__)" in new
    assert "from et_log_runtime import artifact_enabled, get_artifact_logger, get_logger" in new
    alone = migrate_source(_source(SERIALIZER), f"executorch/{SERIALIZER}", config).new_text
    assert alone.count("logger = get_logger(__name__)") == 1  # the dump's logger, made once
    assert "\n\n\n_delegate_instance_id" not in alone  # no blank line doubled where it stood


def test_the_graph_recipe_refuses_when_the_printer_or_the_dump_moved(config) -> None:
    graph = next(r for r in RECIPES if r.name == "xnnpack-graph-artifact")
    path = f"executorch/{SERIALIZER}"
    changes = {
        "indent=2, compact=True": "indent=4, compact=True",  # the printer formats otherwise
        "== logging.DEBUG:": "<= logging.DEBUG:",  # the dump's gate changed
        "def convert_to_flatbuffer": "def serialize_graph",
    }
    for old, new in changes.items():
        text = _source(SERIALIZER).replace(old, new)
        assert text != _source(SERIALIZER), old
        result = migrate_source(text, path, config, recipes=[graph])
        plain = migrate_source(text, path, config, recipes=[])
        assert result.recipes == [] and result.new_text == plain.new_text, old
        ((name, review),) = result.refused_recipes
        assert name == graph.name and "upstream changed" in review.reason, review
    clash = _source(SERIALIZER) + "\n\ndef _format_xnngraph(text):\n    return text\n"
    result = migrate_source(clash, path, config, recipes=[graph])
    assert "a different _format_xnngraph()" in result.refused_recipes[0][1].reason


def test_a_recipe_quotes_the_code_it_keeps_from_the_text_it_is_given() -> None:
    """A recipe's plan reads the module's text from its argument (no state set by the engine):
    the message a rejection recipe moves into `report_rejection` is quoted as written there (the
    tree alone would give `f'...'`, in single quotes)."""
    rel = "backends/mlx/partitioner.py"
    text = _source(rel)
    tree = ast.parse(text)
    plan = _recipe("mlx-rejections").plan(tree, text)
    assert isinstance(plan, RecipePlan), plan
    written = 'f"[UNSUPPORTED] Node {node.target}"'
    assert ast.unparse(ast.parse(written)) != written  # the tree alone would not give it
    assert written in text and any(written in edit.text for edit in plan.edits), plan.edits
