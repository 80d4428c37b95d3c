"""What a fixable kind's rewrite is: a `Fix` turns one site into a `SitePlan` (or a `Review`);
the engine carries plans out generically (replace the call, or remove its statement)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import libcst as cst

from codemods.shared.review import Review

if TYPE_CHECKING:
    from codemods.shared.layout import Surroundings
    from lint_rules import Finding
    from lint_rules.detector import Analysis
    from lint_rules.rules import Site


@dataclass(frozen=True)
class Names:
    """The local names rewritten code refers to: the module logger and the runtime's functions
    (runtime name -> local name, e.g. ``get_logger`` -> ``_get_logger`` when taken)."""

    logger: str
    runtime: Mapping[str, str]

    def local(self, name: str) -> str:
        return self.runtime[name]


# A kind's rewrite of its site's libcst node (a Call; a Comparison for ETL009's level gates):
# the replacement expression; it raises `NeedsReview` when the site cannot be rewritten exactly.
Build = Callable[[Any, Names], cst.BaseExpression]
# The nodes a fixable site can be: a call, or a comparison (a level gate).
SiteNode = ast.Call | ast.Compare


@dataclass
class SitePlan:
    """What to do with one fixable finding. `build` makes the site's replacement; None means the
    call's whole statement is removed."""

    finding: Finding
    call: SiteNode
    build: Build | None
    # When the rewrite only renames the called function (arguments untouched): the new
    # function's text, so a one-line call that still fits is rewritten without libcst.
    rename: Callable[[Names], str] | None = None
    needs_logger: bool = False  # the new code calls the module logger
    imports: tuple[str, ...] = ()  # runtime names the new code calls
    dropped: tuple[ast.AST, ...] = ()  # old parts the new code no longer holds (their names go)
    module_logger: bool = False  # the call becomes `get_logger(<this module>)`
    note: str = ""  # a line for the report, e.g. what a removed override used to do
    sole_in_block: bool = False  # a removed statement that leaves `pass` behind
    surroundings: Surroundings | None = field(default=None, compare=False)
    # Set by a later stage that gives the planned site up (a test asserting on its output, a
    # `build` refusing it, the module's logger bound too late): the site goes to review and the
    # rewrite's next attempt leaves it out.
    review: Review | None = field(default=None, compare=False)
    # Set by the rewrite when the call's own text does not parse alone: rewrite its statement.
    whole_statement: bool = field(default=False, compare=False)
    # Other calls the same change rewrites, planned with it (ETL006: removing a module's mute
    # moves that module's INFO lines to DEBUG in the same commit)
    also: tuple[SitePlan, ...] = field(default=(), compare=False)

    @property
    def removes(self) -> bool:
        return self.build is None


# A kind's planner: the finding, its site (from the kind's recogniser) and the module as the
# detector saw it -> a plan, or a Review when the site cannot be rewritten exactly.
Planner = Callable[["Finding", "Site", "Analysis"], "SitePlan | Review"]


def site_call(site: Site) -> ast.Call:
    """The call a fixable site is (every fixable kind's recogniser yields calls)."""
    if not isinstance(site.node, ast.Call):
        raise TypeError(f"a fixable site must be a call, got {site.node!r}")
    return site.node


@dataclass(frozen=True)
class Fix:
    """The codemod's half of one site kind: what its rewrite does (the libcst command's
    description) and its planner. Everything else about the kind (code, name, command name,
    channel) is its `Rule`, in the lint module of the same stem."""

    description: str
    plan: Planner
    # What its class B rewrites change for a program that configured nothing, beyond the line
    # each site's note shows (said once per kind in the report and the commit messages).
    change: str = ""
    # It removes a library's own logging set-up, "process" (a handler or level for the whole
    # process: the root's) or "logger" (a level a module chose for its own logger): its class B
    # rewrites land in a commit of their own, after the other site rewrites.
    setup: str = ""


Decided = TypeVar("Decided")


def verdict_of(site: Site, kind: type[Decided]) -> Decided:
    """What the kind's recogniser decided about `site` (`Site.verdict`), of the type its fix
    expects: the fix reads the decision instead of taking it again."""
    if not isinstance(site.verdict, kind):
        raise TypeError(
            f"expected the recogniser's {kind.__name__} on the site, got {site.verdict!r}"
        )
    return site.verdict


NOT_A_STATEMENT = Review("inside an expression, so it cannot be removed: review")


def site_node(site: Site) -> SiteNode:
    """The call or comparison a fixable site is."""
    if not isinstance(site.node, (ast.Call, ast.Compare)):
        raise TypeError(f"a fixable site must be a call or a comparison, got {site.node!r}")
    return site.node


def removal(
    finding: Finding, call: ast.Call, analysis: Analysis, note: str = ""
) -> SitePlan | Review:
    """A plan removing `call`'s statement; a Review when the call is not a whole one."""
    chain = analysis.facts.statements.chain_of(call)
    stmt = chain[-1] if chain else None
    if not isinstance(stmt, ast.Expr) or stmt.value is not call:
        return NOT_A_STATEMENT
    block = analysis.facts.statements.block_of(chain)
    return SitePlan(finding, call, None, dropped=(call,), note=note, sole_in_block=len(block) == 1)
