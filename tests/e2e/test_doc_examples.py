"""The complete Python examples of the docs, run as written on the released wheel, migrated:
each marked `<!-- example: NAME -->` above its fenced block, each with what it must print."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness.child_runs import run_python
from harness.wheel_env import WheelEnv

pytestmark = pytest.mark.e2e

DOCS = Path(__file__).resolve().parents[2] / "docs"
# (document, example name) -> a line its output must have
EXPECTED = {
    ("delegation.md", "delegation-records"): re.compile(
        r"^XnnpackPartitioner \d+/\d+ delegated$", re.M
    ),
}


def example(doc: str, name: str) -> str:
    text = (DOCS / doc).read_text(encoding="utf-8")
    found = re.search(rf"<!-- example: {name} -->\n```python\n(.*?)\n```", text, re.S)
    assert found, f"{doc}: no example {name!r}"
    return found.group(1)


@pytest.mark.parametrize(("doc", "name"), sorted(EXPECTED))
def test_the_example_runs_as_written(
    wheel: WheelEnv, migrated_overlay: Path, tmp_path: Path, doc: str, name: str
) -> None:
    script = tmp_path / f"{name}.py"
    script.write_text(example(doc, name), encoding="utf-8")
    run = run_python(wheel, migrated_overlay, [str(script)], name, cwd=tmp_path)
    assert run.returncode == 0, run.describe()
    assert EXPECTED[(doc, name)].search(run.stdout), run.describe()
    assert (tmp_path / "record.json").is_file() or name != "delegation-records", run.describe()
