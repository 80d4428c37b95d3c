"""The default-output contract's runs (test_default_output.py): the flows of
``default_output_flows.py`` in one child process per side and setting, and their output made
comparable across copies.

``normal_lines`` takes out what differs between two runs of the same program: where its copy
lives (``<copy>``), the clock, the process id in torch's line prefix, object addresses, UUIDs,
temporary folders, and progress bars (tqdm's, whose rates and redraws follow the clock: lines
are split at newlines only, carriage returns and the bars are taken out, and so are the blank
lines of an output that has bars, since where a redraw falls among other lines leaves one or
not). What the iteration order of a set of objects decides, not the program, is put in order:
the members of a printed set of classes, the operators Vulkan lists under "Operators included in
this Vulkan partition:", and the passes Arm's pass manager lists as skipped. On a migrated copy,
the location Python prints for a warning raised in a rewritten file is read back in the pristine
file (``LineMap``): its line number moves by the lines the migration adds above it (the one
visible difference docs/MIGRATION.md leaves in class A).
"""

from __future__ import annotations

import difflib
import json
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness import progress
from harness.backend_lowering import COMPONENT, Lowering
from harness.child_runs import child_env
from harness.default_output_flows import ALL_FLOWS, FLOWS, LOWER_PREFIX
from harness.log_lines import LEVEL_ORDER, parse_line
from harness.lower_with_backend import BACKENDS
from harness.output_changes import Explainer
from harness.wheel_env import WheelEnv

DRIVER = Path(__file__).resolve().parent / "default_output_flows.py"
RUN_TIMEOUT_S = 1800
# the flows beside the lowerings (which the session's shared processes run)
OTHER_FLOWS = tuple(FLOWS)
# An application that configures DEBUG itself runs every flow in one process, Vulkan's and
# WebGPU's lowerings last: importing Vulkan's partitioner sets the application's root logger to
# INFO before the migration (a listed ETL005 site), which would change what the later flows show.
_VULKAN_LAST = ("vulkan", "webgpu")
APPLICATION_FLOWS = (
    *OTHER_FLOWS,
    *(LOWER_PREFIX + b for b in BACKENDS if b not in _VULKAN_LAST),
    *(LOWER_PREFIX + b for b in _VULKAN_LAST),
)
# TORCH_LOGS components of each flow's code: the core's, and the backend's (Arm's quantizer is
# Cortex-M's code, WebGPU runs Vulkan's partitioner); test_default_output.py applies the recipes
# of these components to the flow
EXTRA_COMPONENTS = {"arm_tosa": ("cortex_m",), "arm_ethosu85": ("cortex_m",), "webgpu": ("vulkan",)}
STREAMS = ("stdout", "stderr")

_TORCH_PREFIX = re.compile(r"^([VDIWEC])\d{4} \d{2}:\d{2}:\d{2}\.\d+ \d+ ")
_CLOCK = re.compile(r"\b\d{2}:\d{2}:\d{2}[.,]\d+\b|\b\d{4}-\d{2}-\d{2}\b")
_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{4,}\b")
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")
_TEMP = re.compile(re.escape(tempfile.gettempdir()) + r"/tmp\w{8}\b")
_PROGRESS = re.compile(r"[^|\r\n]*?\d+%\|[^|]*\|\s*\d+/\d+ \[[^\]]*\]")
_CLASS_SET = re.compile(r"\{(<class '[^']+'>(?:, <class '[^']+'>)+)\}")
_WARNING_AT = re.compile(r"^<copy>/executorch/(?P<path>\S+?\.py):(?P<line>\d+): (?P<rest>\w+: .*)$")
UNORDERED_LISTS = ("Operators included in this Vulkan partition:",)
# a one-line list made from a set of classes (Arm's pass manager, at DEBUG)
UNORDERED_IN_LINE = ("Passes in skip list: [",)
_CATEGORY = re.compile(r"^\S+\.py:\d+: (?P<category>\w+): ")
_RECORD_PREFIX = re.compile(rf"^(?:{'|'.join(LEVEL_ORDER)}):[\w.]*:")


def flow_components(flow: str) -> tuple[str, ...]:
    """The TORCH_LOGS components whose code ``flow`` runs."""
    backend = flow.removeprefix(LOWER_PREFIX)
    if not flow.startswith(LOWER_PREFIX) or backend not in COMPONENT:
        return ("executorch",)
    return ("executorch", COMPONENT[backend], *EXTRA_COMPONENTS.get(backend, ()))


@dataclass(frozen=True)
class FlowRun:
    """One flow's output, and the driver's summary (``status``: ran, lowered or unavailable)."""

    flow: str
    stdout: str
    stderr: str
    summary: dict[str, Any]
    label: str = ""

    @classmethod
    def of_lowering(cls, lowering: Lowering, label: str) -> FlowRun:
        name = lowering.backend
        flow = "(process)" if name == "*" else LOWER_PREFIX + name
        return cls(flow, lowering.stdout, lowering.stderr, lowering.summary, label)

    @property
    def unavailable_reason(self) -> str | None:
        if self.summary.get("status") == "unavailable":
            return str(self.summary.get("reason"))
        return None

    def text(self, stream: str) -> str:
        return self.stdout if stream == "stdout" else self.stderr

    def describe(self, tail: int = 40) -> str:
        out, err = ("\n".join(t.splitlines()[-tail:]) for t in (self.stdout, self.stderr))
        summary = json.dumps(self.summary)[:2000]
        return f"[{self.label}: {self.flow}] {summary}\n--- stdout\n{out}\n--- stderr\n{err}"


def run_flows(
    wheel: WheelEnv,
    overlay: Path,
    flows: tuple[str, ...],
    label: str,
    torch_logs: str | None = None,
    with_et_log: bool = True,
    basic_config: str | None = None,
) -> dict[str, FlowRun]:
    """The flows in one child process (cwd a temporary folder); ``"(process)"`` is the process
    itself: its output outside the flows, its exit status in the summary."""
    assert set(flows) <= set(ALL_FLOWS), flows
    et_log_dir = wheel.et_log_dir if with_et_log else None
    config = ["--basic-config", basic_config] if basic_config else []
    with tempfile.TemporaryDirectory(prefix="et-log-flows-") as tmp:
        out = Path(tmp)
        result = progress.run_watched(
            [str(wheel.python), str(DRIVER), str(out), *config, *flows],
            lambda: [f"{label}: {f}" for f in flows if (out / f"{f}.json").is_file()],
            timeout=RUN_TIMEOUT_S,
            cwd=tmp,
            env=child_env(overlay, torch_logs, et_log_dir),
        )
        runs = {}
        for flow in flows:
            summary_file = out / f"{flow}.json"
            summary = json.loads(summary_file.read_text()) if summary_file.is_file() else {}
            stdout, stderr = (_read(out / f"{flow}.{stream}") for stream in STREAMS)
            runs[flow] = FlowRun(flow, stdout, stderr, summary, label)
    whole = {"returncode": result.returncode}
    runs["(process)"] = FlowRun("(process)", result.stdout, result.stderr, whole, label)
    return runs


def _read(path: Path) -> str:
    return path.read_text(errors="replace") if path.is_file() else ""


@dataclass
class LineMap:
    """Line numbers of a migrated copy's files read back in the pristine copy's (by a diff of the
    two texts; a line in a rewritten stretch maps into the old stretch)."""

    pristine: Path  # the overlay directories (each holding ``executorch/``)
    migrated: Path
    _maps: dict[str, list[int]] = field(default_factory=dict)

    def old_line(self, path: str, line: int) -> tuple[int, str]:
        """The pristine line number of ``path:line`` (package-relative) and that line's text."""
        old = (self.pristine / "executorch" / path).read_text(errors="replace").splitlines()
        if path not in self._maps:
            new = (self.migrated / "executorch" / path).read_text(errors="replace").splitlines()
            self._maps[path] = _new_to_old(old, new)
        mapping = self._maps[path]
        number = mapping[line - 1] + 1 if 0 < line <= len(mapping) else line
        return number, old[number - 1] if 0 < number <= len(old) else ""


def _new_to_old(old: list[str], new: list[str]) -> list[int]:
    mapping = [0] * len(new)
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for _tag, i1, i2, j1, j2 in matcher.get_opcodes():
        for j in range(j1, j2):
            mapping[j] = min(i1 + (j - j1), max(i1, i2 - 1))
    return mapping


def normal_lines(text: str, copy: Path, lines: LineMap | None = None) -> list[str]:
    """``text``'s lines with what differs between two runs taken out (see the module's doc);
    ``lines``: the copy is migrated, warnings' locations are read back in the pristine one."""
    out: list[str] = []
    echo_of: str | None = None  # the pristine source line under a relocated warning
    bars = _PROGRESS.search(text) is not None
    for raw in text.removesuffix("\n").split("\n") if text else []:
        # a progress bar redraws its line after a carriage return, as the clock says
        line = _PROGRESS.sub("", raw.replace("\r", ""))
        if (raw or bars) and not line.strip():
            continue  # progress bars alone on their line; blank lines among progress bars
        line = _TORCH_PREFIX.sub(r"\1<when> <pid> ", line.replace(str(copy), "<copy>"))
        line = _CLASS_SET.sub(lambda m: "{" + ", ".join(sorted(m[1].split(", "))) + "}", line)
        line = _sort_in_line(line)
        for pattern, token in ((_CLOCK, "<time>"), (_ADDRESS, "0x<addr>"), (_UUID, "<uuid>")):
            line = pattern.sub(token, line)
        line = _TEMP.sub("<tmp>", line)
        if echo_of is not None and line.startswith("  "):
            line = "  " + echo_of.strip()
        echo_of = None
        where = _WARNING_AT.match(line) if lines is not None else None
        if where and lines is not None:
            number, echo_of = lines.old_line(where["path"], int(where["line"]))
            line = f"<copy>/executorch/{where['path']}:{number}: {where['rest']}"
        out.append(line)
    return _sort_unordered_lists(out)


def _sort_in_line(line: str) -> str:
    """Sort the items of a list after a header of ``UNORDERED_IN_LINE`` (made from a set)."""
    for header in UNORDERED_IN_LINE:
        start = line.find(header) + len(header)
        end = line.find("]", start)
        if start >= len(header) and end >= 0:
            items = ", ".join(sorted(line[start:end].split(", ")))
            line = line[:start] + items + line[end:]
    return line


def _sort_unordered_lists(lines: list[str]) -> list[str]:
    """Sort the indented items under a header of ``UNORDERED_LISTS`` (printed from a set)."""
    out = list(lines)
    for index, line in enumerate(lines):
        header = next((h for h in UNORDERED_LISTS if h in line), None)
        if header is None:
            continue
        item = re.escape(line[: line.index(header)]) + r" {4}\S+\s*$"
        end = index + 1
        while end < len(lines) and re.match(item, lines[end]):
            end += 1
        out[index + 1 : end] = sorted(lines[index + 1 : end])
    return out


def executorch_below_error(stderr: str, explainer: Explainer) -> list[str]:
    """ExecuTorch's lines below ERROR in ``stderr``: a log line whose origin is ExecuTorch's
    (torch's prefix with its path, ``LEVEL:executorch...:``) and a bare line that a site's note
    says one of its messages now prints as (Python's last resort shows a record of a logger no
    handler takes). A Python warning (``path:line: Category: message``) is not a log line: no
    logging switch silences it, and the migration rewrites none."""
    found = []
    error = LEVEL_ORDER.index("ERROR")
    for text in stderr.splitlines():
        if _CATEGORY.match(text):
            continue
        line = parse_line(text)
        if line.module is not None:
            if line.level is not None and LEVEL_ORDER.index(line.level) < error:
                found.append(text)
        elif line.level is None and (site := explainer.new_line_of(text)) is not None:
            if LEVEL_ORDER.index(site.level) < error:
                found.append(f"{text}    <- {site.label} ({site.level})")
    return found


def application_lines(run: FlowRun, copy: Path, lines: LineMap | None = None) -> set[str]:
    """What an application printing records as ``LEVEL:name:message`` saw of a flow: its lines
    on both streams, normalised, each record's ``LEVEL:name:`` taken off (a record's logger
    changes with the migration, its message does not), blank lines left out."""
    return {
        _RECORD_PREFIX.sub("", line)
        for stream in STREAMS
        for line in normal_lines(run.text(stream), copy, lines)
        if line.strip()
    }
