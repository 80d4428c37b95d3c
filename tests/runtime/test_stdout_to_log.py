"""stdout_to_log: a tool's report printed by the calling thread becomes lines of the caller's
component as it comes (Vela under arm); C-level writes and other threads are left alone."""

from __future__ import annotations

from runtime_support import messages

TOOL = """
import os
import sys
import torch  # noqa: F401
from et_log_runtime import stdout_to_log

def tool(fail):
    print("Network summary")
    print("")
    print("  cycles 42   ")
    sys.stdout.flush()
    os.write(1, b"from C++\\n")  # what a compiled extension writes: file descriptor 1
    if fail:
        raise RuntimeError("tool failed")

try:
    with stdout_to_log("executorch.backends.xnnpack.partition.q"):
        tool(sys.argv[-1] == "fail")
except RuntimeError:
    pass
print("after", flush=True)
"""


def test_default_prints_nothing_of_the_report(run) -> None:
    done = run(TOOL)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "from C++\nafter\n"  # C-level output is not the thread's print
    assert "Network summary" not in done.stderr


def test_the_component_at_info_shows_each_non_blank_line(run) -> None:
    done = run(TOOL, TORCH_LOGS="xnnpack")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "from C++\nafter\n"
    lines = [line for line in done.stderr.splitlines() if line.startswith("I")]
    assert messages("\n".join(lines)) == ["Network summary", "  cycles 42"]
    assert all("<string>:" in line for line in lines), "the record points at the caller"


def test_lines_are_logged_when_the_tool_raises(run) -> None:
    done = run(None, ["-c", TOOL, "fail"], TORCH_LOGS="xnnpack")
    assert done.returncode == 0, done.stderr
    assert messages(done.stderr) == ["Network summary", "  cycles 42"]


def test_lines_come_as_they_are_printed(run) -> None:
    # each line is logged when printed, not at the end of the block
    code = """
import logging, sys
from et_log_runtime import stdout_to_log
seen = []
class Keep(logging.Handler):
    def emit(self, record):
        seen.append(record.getMessage())
logging.getLogger("executorch").addHandler(Keep())
logging.getLogger("executorch").setLevel(logging.INFO)
with stdout_to_log("executorch.backends.xnnpack.q"):
    print("one")
    sys.__stderr__.write(f"during {seen}\\n")
    print("two", end="")
    sys.__stderr__.write(f"partial {seen}\\n")
sys.__stderr__.write(f"end {seen}\\n")
"""
    done = run(code)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines() == [
        "during ['one']",
        "partial ['one']",
        "end ['one', 'two']",
    ]
