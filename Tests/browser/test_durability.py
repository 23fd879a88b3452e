"""A restart loses nothing: typing while the server is down is delivered once it is back, and
both browsers end with all of it (issue: durable sessions)."""

import re

import pytest

from playground import PROFILE
from program_page import open_pair
from servers import own_server


@pytest.fixture
def restartable(drivers):
    with own_server() as server:
        yield server


def test_typing_while_the_server_is_down_arrives_after_it_restarts(restartable, drivers, output_dir):
    a, b = open_pair(drivers, restartable.url())
    a.tap(PROFILE, "firstName")
    a.type("Ada")
    b.wait_value(PROFILE, "firstName", "Ada")

    restartable.kill()
    for page in (a, b):
        page.wait(lambda page=page: page.connection_state() in ("reconnecting", "offline"), "the page should notice the server is gone")
    a.type(" Lovelace")
    b.tap(PROFILE, "lastName")
    b.type("Byron")
    offline = a.js("return document.getElementById('phone-offline').textContent")
    assert re.fullmatch(r"Offline — (1 change waits|\d+ changes wait) here until reconnected", offline), \
        f"the phone should say what it holds: {offline!r}"
    assert a.value(PROFILE, "firstName") == "Ada Lovelace", "the phone stays usable while offline"
    a.screenshot(output_dir / "offline-1280x800-profile.png")

    restartable.start()
    for page in (a, b):
        page.wait(page.connection_state, timeout=20, message="the page should reconnect")
        page.wait_connected()
    for page in (a, b):
        page.wait_value(PROFILE, "firstName", "Ada Lovelace")
        page.wait_value(PROFILE, "lastName", "Byron")
        page.wait(lambda page=page: page.pending_intents() == 0, "every waiting change should be answered")
        assert not page.driver.find_element("id", "phone-offline").is_displayed()
    values = a.served_values()
    assert values == {"firstName": "Ada Lovelace", "lastName": "Byron"}, values
