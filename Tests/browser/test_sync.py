"""Sync that feels right, on the seed screens a session opened at `/` runs: real focus follows the
session, remote focus shows whose it is, typing is never disturbed, and nothing typed while the
connection is down is lost or applied twice."""

from playground import GIFT, PROFILE


def test_typing_in_one_browser_appears_in_the_other(pair):
    a, b = pair
    a.tap(PROFILE, "firstName")
    a.type("Ada")
    b.wait_value(PROFILE, "firstName", "Ada")
    b.tap(PROFILE, "lastName")
    for page in pair:
        page.wait_focus(".lastName", "lastName")
        newest = page.log_entries()[0]
        assert (newest["move"], newest["cause"]) == ("First Name → Last Name", "tap"), newest
        assert newest["who"].startswith(b.my_name()), f"the log says who moved focus: {newest}"
    b.type("Lovelace")
    a.wait_value(PROFILE, "lastName", "Lovelace")
    assert a.served_values() == {"firstName": "Ada", "lastName": "Lovelace"}


def test_without_follow_focus_remote_focus_is_shown_and_announced_but_not_taken(pair):
    a, b = pair
    b.set_setting("setting-follow", False)
    a.tap(PROFILE, "firstName")
    a.wait_focus(".firstName", "firstName")
    b.wait(lambda: b.focus_swift() == ".firstName", "B should still see the session's focus")
    assert b.active_key() is None, "B should not take the focus"
    assert b.session_focus_field() == "firstName"
    assert b.owner_tag(PROFILE, "firstName") == a.my_name()
    b.wait(lambda: b.announcement() == f"Focus moved to First Name by {a.my_name()}", "B should hear who moved focus")
    assert a.owner_tag(PROFILE, "firstName") is None, "your own focus needs no name tag"

    b.set_setting("setting-follow", True)
    b.wait(lambda: b.active_key() == "firstName", "turning Follow focus on should take the session's focus")


def test_someone_elses_typing_never_disturbs_yours(pair):
    a, b = pair
    a.set_setting("setting-follow", False)
    a.tap(PROFILE, "firstName")
    a.type("Ada")
    b.wait_value(PROFILE, "firstName", "Ada")
    b.tap(PROFILE, "lastName")
    b.wait_focus(".lastName", "lastName")
    b.type("Byron")
    a.wait_value(PROFILE, "lastName", "Byron")
    assert a.active_key() == "firstName", "A keeps its own real focus while following is off"
    a.type(" King")
    b.type(" Lovelace")
    for page in pair:
        page.wait_value(PROFILE, "firstName", "Ada King")
        page.wait_value(PROFILE, "lastName", "Byron Lovelace")
    caret = a.js("return document.activeElement.selectionStart")
    assert caret == len("Ada King"), "A's caret stays where A was typing"


def test_an_edit_made_while_disconnected_arrives_once_after_reconnecting(pair):
    """The gift's message takes focus by itself 0.75 s after its screen appears, in every browser,
    moved by the server; then A, offline, types and adds an email row."""
    a, b = pair
    a.go_to(GIFT)
    b.wait_screen(GIFT)
    for page in pair:
        page.wait_focus(".message", "message", "(the auto-focus should land in every browser)")
        newest = page.log_entries()[0]
        assert (newest["move"], newest["cause"], newest["who"]) == ("nil → Text editor", "auto-focus", "server"), newest
        assert page.keyboard_state() == "up"
    rows_before = a.rows(GIFT, "email")

    a.drop_connection(2500)
    a.wait(lambda: a.connection_state() == "reconnecting", "A should show it is reconnecting")
    a.wait(lambda: a.connection_text().startswith("Reconnecting in"), "with a countdown")
    a.type("Typed offline")
    a.button("Add new email").click()
    assert a.pending_intents() > 0
    assert b.value(GIFT, "message") == ""
    assert a.value(GIFT, "message") == "Typed offline", "the text stays on screen while offline"

    a.wait_connected()
    for page in pair:
        page.wait_value(GIFT, "message", "Typed offline")
        page.wait(lambda page=page: len(page.rows(GIFT, "email")) == len(rows_before) + 1, "exactly one row is added")
    a.wait(lambda: a.pending_intents() == 0, "every queued intent should be answered")
    served = a.session_values("Email")
    assert len(served) == len(rows_before) + 1, f"the server holds {len(served)} rows: the add was not applied exactly once"
    for page in pair:
        assert len(page.rows(GIFT, "email")) == len(rows_before) + 1


def test_an_offline_browser_says_so_and_reconnects_when_back_online(pair):
    a, b = pair
    a.tap(PROFILE, "firstName")
    a.wait_focus(".firstName", "firstName")
    a.driver.execute_cdp_cmd("Network.enable", {})
    offline = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    a.driver.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
    try:
        a.drop_connection(0)
        a.wait(lambda: a.connection_text() == "Offline", "the header should say Offline")
        a.type("Ada")
    finally:
        a.driver.execute_cdp_cmd("Network.emulateNetworkConditions", {**offline, "offline": False})
        a.driver.execute_cdp_cmd("Network.disable", {})
    a.wait_connected()
    for page in pair:
        page.wait_value(PROFILE, "firstName", "Ada")
