"""The HTML page as a file: self-contained and escaped. (It is opened in a real browser, with a
screenshot, in tests/e2e/test_delegation_record.py.)"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from report_support import mixed_ops, node, record, run

from et_log_report import parse, render_html


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data) -> None:
        self.text.append(data)


def _page(data) -> tuple[str, _Tags]:
    page = render_html(parse(data, "record.json"))
    tags = _Tags()
    tags.feed(page)
    return page, tags


def test_nothing_is_fetched() -> None:
    page, tags = _page(mixed_ops())
    assert not re.search(r"https?://|//[a-z]", page)
    for tag, attrs in tags.tags:
        assert "src" not in attrs, tag  # no external script, image or frame
        assert tag != "link", attrs
        assert attrs.get("href", "#").startswith("#"), attrs  # only links within the page


def test_every_run_a_section_and_a_summary_row() -> None:
    vulkan = run("VulkanPartitioner", [node("add", "aten.add.Tensor", 5, partition="t")], "vulkan")
    _, tags = _page(record(*mixed_ops()["runs"], vulkan))
    sections = [attrs["id"] for tag, attrs in tags.tags if tag == "section"]
    assert sections == ["run-1", "run-2"]
    text = "".join(tags.text)
    assert "1. XnnpackPartitioner [xnnpack]: 3 of 5 operator(s) delegated (60.0%)" in text
    assert "2. VulkanPartitioner [vulkan]: 1 of 1 operator(s) delegated (100.0%)" in text


def test_nodes_grouped_by_reason_and_by_line() -> None:
    _, tags = _page(mixed_ops())
    text = "".join(tags.text)
    assert "XNN.CONSTRAINT (1): XNNPACK has a config for the operator" in text
    by_line = text.split("By source line")[1]
    assert by_line.count("model.py:11 y = f(x)") == 1  # the line of the two relus, once
    assert by_line.count("aten.relu.default: XnnpackPartitioner (tag0)") == 2


def test_the_users_code_is_escaped() -> None:
    data = mixed_ops()
    data["runs"][0]["nodes"][3]["source"]["code"] = "y = x if a < b else '<script>'"
    page, tags = _page(data)
    assert "<script>'" not in page and "&lt;script&gt;" in page
    assert [t for t, _ in tags.tags].count("script") == 1  # the page's own filter only


def test_the_advice_s_code_spans_are_code_not_backticks() -> None:
    """A reason code's advice is written in Markdown (`TORCH_LOGS=xnnpack`): on the page its code
    spans are <code>, never raw backticks."""
    page, _ = _page(mixed_ops())
    advice = re.findall(r'<p><span class="code">[^<]+</span> \(\d+\): (.*?)</p>', page)
    assert advice and not any("`" in a for a in advice), advice
    assert any("<code>" in a for a in advice), advice
