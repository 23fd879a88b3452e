"""Getting into a session: creating one (at `/`, a session running the four seed screens as one
SwiftUI source), joining by link, sharing it, a link that leads nowhere, and one to a session an
earlier version stored on the built-in screens."""

import json
import sqlite3
import urllib.request
from contextlib import closing
from pathlib import Path

from selenium.webdriver.common.by import By

from playground import PROFILE, SCREENS
from program_page import example
from servers import own_server

SEED_FILES = ["profile", "checkout", "gift", "tasks"]
# The server's database in its data folder (Sources/SQLiteStorage/Store/SQLiteStore.swift).
DATABASE = "focus-sync.sqlite3"


def test_opening_root_shows_a_connected_session_running_the_seed_screens(solo):
    solo.open(solo.base_url)
    assert "session=" in solo.url
    assert solo.connection_text() == "Connected"
    assert len(solo.people()) == 1
    solo.wait_drawn()
    tabs = solo.js("return [...document.querySelectorAll('#tabs [role=tab]')].map((tab) => tab.textContent)")
    assert tabs == SCREENS, "one tab per seed screen, named by its View struct, in the seeds' order"
    assert solo.current_screen() == PROFILE and [field.accessible_name for field in solo.controls("First Name")] == ["First Name"]
    seeds = "\n".join(example(f"seeds/{name}.swift") for name in SEED_FILES)
    assert solo.server_state()["state"]["program"]["source"] == seeds, "the seed files, joined in order, are the source"
    assert solo.source_text().get_attribute("value") == seeds, "the code panel is the source editor"


def test_a_shared_link_joins_the_same_session_and_everyone_sees_everyone(pair):
    a, b = pair
    assert a.session_id == b.session_id
    a_people, b_people = sorted(a.people()), sorted(b.people())
    assert len(a_people) == len(b_people) == 2
    assert [name.replace(" (you)", "") for name in a_people] == [name.replace(" (you)", "") for name in b_people]
    for page in pair:
        assert sum("(you)" in name for name in page.people()) == 1
        assert page.connection_text() == "Connected"


def test_share_copies_the_link_or_shows_it_to_copy(pair):
    a, _ = pair
    a.driver.find_element(By.ID, "share").click()

    def shared():
        status = a.driver.find_element(By.ID, "share-status").text
        fallback = a.driver.find_element(By.ID, "share-url")
        return status == "Link copied." or (fallback.is_displayed() and fallback.get_attribute("value") == a.url)

    a.wait(shared, "Share should copy the link or show it")


def test_a_link_to_a_session_that_does_not_exist_is_explained_once_with_one_way_forward(solo):
    solo.driver.get(f"{solo.base_url}?session=AAAAAAAAAAAAAAAAAAAAAA")
    ended = solo.driver.find_element(By.ID, "session-ended")
    solo.wait(ended.is_displayed, "the page should explain that the session does not exist")
    assert "no session at this link" in ended.text
    assert "expired" in ended.text
    # One explanation and one way forward: no phone, no switches, no second error.
    for hidden in (".layout", "#presence-list", "#share"):
        assert not solo.driver.find_element(By.CSS_SELECTOR, hidden).is_displayed(), f"{hidden} should not be shown"
    assert not [alert for alert in solo.driver.find_elements(By.CSS_SELECTOR, "[role=alert]") if alert.is_displayed()]
    assert len(ended.find_elements(By.CSS_SELECTOR, "a, button")) == 1
    link = ended.find_element(By.LINK_TEXT, "Start a new session")
    link.click()
    solo.wait_connected()
    assert "AAAAAAAAAAAAAAAAAAAAAA" not in solo.url


def stored_snapshot(server, session):
    """The stored snapshot of `session` (its JSON body), or None before it is committed."""
    with closing(sqlite3.connect(f"file:{Path(server.data) / DATABASE}?mode=ro", uri=True)) as database:
        row = database.execute("SELECT body FROM snapshots WHERE session = ?", (session,)).fetchone()
    return row and row[0]


def stored_on_the_built_in_screens(page, server):
    """A session as an earlier version stored it on the built-in screens: one made now (the seed
    screens' source) with its source and run taken out of its stored snapshot, the server stopped
    meanwhile. Returns its id."""
    request = urllib.request.Request(f"{server.url()}api/sessions", method="POST", headers={"Accept": "application/json"})
    with urllib.request.urlopen(request) as response:
        session = json.load(response)["id"]
    # The answer does not wait for the session to be stored.
    page.wait(lambda: stored_snapshot(server, session), "the new session is stored")
    server.kill()
    with closing(sqlite3.connect(Path(server.data) / DATABASE)) as database, database:
        (body,) = database.execute("SELECT body FROM snapshots WHERE session = ?", (session,)).fetchone()
        durable = json.loads(body)
        for key in ("source", "run", "sourceText", "sourceDiagnostics"):
            durable.pop(key, None)
        database.execute("UPDATE snapshots SET body = ? WHERE session = ?", (json.dumps(durable).encode(), session))
        database.execute("DELETE FROM changes WHERE session = ?", (session,))
    server.start()
    return session


def test_a_session_stored_on_the_built_in_screens_is_not_restored_logged_and_kept(solo):
    """Sessions run programs only: one an earlier version stored on the built-in screens (no
    source) is left in the store as it is, the server says why it skips it, and its link is a
    link to no session."""
    with own_server() as server:
        session = stored_on_the_built_in_screens(solo, server)
        kept = stored_snapshot(server, session)
        skipped = [line for line in server.start_lines if "a stored session is not restored" in line]
        assert len(skipped) == 1 and "built-in screens of an earlier FocusSync" in skipped[0], server.start_lines
        solo.driver.get(f"{server.url()}?session={session}")
        ended = solo.driver.find_element(By.ID, "session-ended")
        solo.wait(ended.is_displayed, "the page says there is no session at this link")
        assert "no session at this link" in ended.text
        assert stored_snapshot(server, session) == kept, "the stored session is left as it was"
