"""Reconnecting after the server restarts: the page does not wait out its backoff once the server
answers again (issue 24, small things)."""

import re
import time

import pytest

from program_page import ProgramPage, after_test
from servers import own_server

# Installed before the page's scripts: the wall-clock time the header last said "connected". It
# runs in every frame's document too (the class view's frames have no header).
CONNECTED_AT = """
addEventListener('DOMContentLoaded', () => {
  const connection = document.getElementById('connection');
  if (!connection) return;
  new MutationObserver(() => {
    if (connection.dataset.state === 'connected') window.__connectedAt = Date.now();
  }).observe(connection, { attributes: true, attributeFilter: ['data-state'] });
});
"""


@pytest.fixture
def restartable(drivers, output_dir, request):
    """One page (browser A) on a session of a server of the test's own, which it may kill and start again."""
    drivers["A"].get_log("browser")
    script = drivers["A"].execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CONNECTED_AT})["identifier"]
    with own_server() as server:
        page = ProgramPage(drivers["A"], "A", server.url())
        try:
            yield server, page
        finally:
            drivers["A"].execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script})
            # Away from the server before it goes, so the page stops reconnecting to its port.
            drivers["A"].get("about:blank")
            after_test(request, output_dir, [page])


def seconds_to_retry(page):
    """The header's countdown to the next attempt, or None while it shows none."""
    match = re.fullmatch(r"Reconnecting in (\d+) s", page.connection_text())
    return int(match.group(1)) if match else None


def test_the_page_reconnects_within_a_second_of_the_server_answering_again(restartable):
    server, page = restartable
    page.open(server.url())
    page.wait_drawn()

    server.kill()
    # Two failed attempts in, the backoff is 4 s: waiting it out is what the page must not do.
    page.wait(lambda: (seconds_to_retry(page) or 0) >= 3, lambda: f"a long backoff should be running: {page.connection_text()!r}",
              timeout=15)
    server.start()
    ready = time.time()
    page.wait_connected()
    behind = page.js("return window.__connectedAt") / 1000 - ready
    assert behind < 1.0, f"the page reconnected {behind:.2f} s after the server was ready (at most 1 s)"


# Every control of the header a person needs while reconnecting, and whether each is one line of
# text wholly inside the window.
HEADER_CONTROLS = """
const width = document.documentElement.clientWidth;
return ['.brand h1', '#connection', '#retry-now', '#examples', '#share'].map((selector) => {
  const element = document.querySelector(selector);
  const box = element.getBoundingClientRect();
  const lines = new Set();
  const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  while (texts.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(texts.currentNode);
    for (const rect of range.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.bottom));
  }
  return { selector, shown: element.checkVisibility(), left: box.left, right: box.right, width, lines: lines.size };
});
"""


@pytest.mark.parametrize("width", [390, 520, 901])
def test_the_reconnecting_header_keeps_every_control_whole_on_a_narrow_window(page, width):
    page.open(page.base_url)
    page.wait_drawn()
    page.drop_connection(60000)
    page.wait(lambda: (seconds_to_retry(page) or 0) > 50, "the header counts down to the next attempt")
    try:
        page.set_viewport(width, 844)
        for control in page.js(HEADER_CONTROLS):
            assert control["shown"], control
            assert 0 <= control["left"] and control["right"] <= control["width"], f"cut off at {width} px: {control}"
            assert control["lines"] == 1, f"wrapped at {width} px: {control}"
        assert page.js("return document.getElementById('phone-offline').textContent") == \
            "Offline — changes wait here until reconnected"
    finally:
        page.set_viewport(1280, 800)
