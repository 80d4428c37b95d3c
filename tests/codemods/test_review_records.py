"""One way to say "review this, because ...": whichever stage gives a site up (its kind's planner,
its `build` inside the rewrite, the rewrite itself), the pipeline reports it as a `SiteReview`
holding the finding and a `Review`, and the module's other sites are still rewritten."""

from __future__ import annotations

from codemod_support import migrate

from codemods import Review, Rewritten, SiteReview
from codemods.fixes import FIXES
from lint_rules.detector import analyse
from lint_rules.rules._output import TEXT_UNKNOWN

# A stderr write the lint calls fixable whose text the build cannot end without its newline
# (an empty f-string last), beside one it rewrites: shaped like a backend's progress lines.
WRITES = (
    "import sys\n\n\n"
    "def compile_delegate(name):\n"
    '    sys.stderr.write(f"compiling {name}\\n" f"")\n'
    '    sys.stderr.write(f"compiled {name}\\n")\n'
)


def test_a_site_its_build_gives_up_is_reported_with_a_review(config) -> None:
    analysis = analyse(WRITES, "executorch/backends/example.py", config)
    assert analysis is not None and [f.fixable for f, _ in analysis.sites] == [True, True]
    result = migrate(WRITES, config, "executorch/backends/example.py")
    ((item,),) = [result.review]
    assert isinstance(item, SiteReview) and item.review == Review(TEXT_UNKNOWN)
    assert (item.finding.line, item.finding.code) == (5, "ETL003")
    assert [(r.finding.line, type(r)) for r in result.rewritten] == [(6, Rewritten)]
    assert 'sys.stderr.write(f"compiling {name}\\n" f"")\n' in result.new_text
    assert 'logger.warning(f"compiled {name}")\n' in result.new_text


def test_a_planner_says_review_with_a_review(config) -> None:
    """ETL006's planner refuses an override inside a function (the recogniser keeps it for
    review too): what it returns is a `Review`, not a bare string."""
    src = "import logging\n\n\ndef setup():\n    logging.getLogger('executorch').setLevel(logging.DEBUG)\n"
    analysis = analyse(src, "executorch/exir/example.py", config)
    assert analysis is not None
    ((finding, site),) = [(f, s) for f, s in analysis.sites if f.code == "ETL006"]
    assert FIXES["ETL006"].plan(finding, site, analysis) == Review(
        "override inside a function: review"
    )
