"""The timeline: a labelled scrubber worked from the keyboard takes the page back to an earlier
revision (the phone, the inspector and the event log as they were then, read-only and marked as
the past) while live changes keep arriving underneath; Live comes back at once without asking the
server. The page asks at most 8 times a second, always for where the scrubber rests, and again
after a rate_limited answer."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from playground import PROFILE


def history_sent(page):
    """`[(revision, at)]` of every `history` request the page sent (needs the `wire` fixture)."""
    wire = page.wire()
    return [(message["revision"], at) for message, at in zip(wire["sent"], wire["sentAt"]) if message["type"] == "history"]


def press(page, key, times):
    """Presses `key` `times` times on whatever has the focus, as fast as a person holding it down."""
    actions = ActionChains(page.driver)
    for _ in range(times):
        actions.send_keys(key)
    actions.perform()


def live_revision(page):
    return page.server_state()["revision"]


def type_in(pair, key, text):
    """A taps the profile field `key` and types `text`; returns the revision once B shows it."""
    a, b = pair
    a.tap(PROFILE, key)
    a.type(text)
    b.wait_value(PROFILE, key, text)
    a.wait(lambda: a.pending_intents() == 0, "A's typing is applied")
    return live_revision(a)


def test_scrubbing_back_shows_the_earlier_state_and_live_returns(wire, pair):
    a, b = pair
    then = type_in(pair, "firstName", "Ada")
    now = type_in(pair, "lastName", "Lovelace")
    b.wait(lambda: b.timeline_value() == now, "B's scrubber rests at the live revision")
    assert b.timeline_status() == f"Live · revision {now}"

    scrubber = b.driver.find_element(By.ID, "timeline-range")
    label = b.driver.find_element(By.CSS_SELECTOR, "label[for='timeline-range']")
    assert label.text == "Timeline"
    scrubber.send_keys(Keys.END)  # Focus it the way a keyboard user would land on it.
    press(b, Keys.ARROW_LEFT, now - then)
    b.wait(lambda: b.timeline_status() == f"Revision {then} of {now} — the past; Live returns",
           lambda: f"B should show revision {then}: {b.timeline_status()!r}")
    assert b.showing_past()
    assert history_sent(b)[-1][0] == then, "the last request is for where the scrubber rests"
    b.wait_value(PROFILE, "firstName", "Ada")
    assert b.value(PROFILE, "lastName") == "", "what was typed later is not there yet"
    assert b.focus_swift() == ".firstName" and b.session_focus_field() == "firstName", "focus as it was"
    log = b.log_entries()
    assert log[0]["move"] == 'firstName = "Ada"', f"the log ends where the past does: {log}"
    assert [entry["move"] for entry in log if entry["cause"] != "state"] == ["nil → First Name"], log
    assert b.field(PROFILE, "firstName").get_attribute("readonly") is not None, "the past is read-only"
    assert b.driver.find_element(By.CSS_SELECTOR, ".panel-inspector .past-badge").is_displayed()

    # Live changes keep arriving underneath while B looks at the past.
    a.type(" Byron")
    a.wait(lambda: a.pending_intents() == 0, "A's typing is applied")
    later = live_revision(a)
    b.wait(lambda: b.js("return Number(document.getElementById('timeline-range').max)") == later, "the scrubber reaches the new live revision")
    assert b.value(PROFILE, "lastName") == "" and b.showing_past(), "B still shows the past"
    assert b.timeline_status() == f"Revision {then} of {later} — the past; Live returns"

    asked = len(history_sent(b))
    b.driver.find_element(By.ID, "timeline-live").click()
    assert not b.showing_past()
    assert b.value(PROFILE, "lastName") == "Lovelace Byron", "Live shows the live copy at once"
    assert b.timeline_status() == f"Live · revision {later}"
    assert b.field(PROFILE, "lastName").get_attribute("readonly") is None
    assert len(history_sent(b)) == asked, "Live needs no request"
    assert b.focus_swift() == ".lastName" and b.session_focus_field() == "lastName", "focus as it is now"
    assert b.js("return document.activeElement.id") == "timeline-live", "Live keeps the keyboard where the person is"
    b.tap(PROFILE, "firstName")
    for page in pair:
        page.wait_focus(".firstName", "firstName", "(live again: a tap moves the session's focus)")


def test_the_buttons_step_through_the_past_and_the_past_changes_nothing(wire, pair):
    a, b = pair
    a.tap(PROFILE, "firstName")
    a.press_return()
    a.wait_focus(".lastName", "lastName")
    now = live_revision(a)
    a.wait(lambda: a.timeline_value() == now, "A's scrubber rests at the live revision")
    back = a.driver.find_element(By.ID, "timeline-back")
    back.click()
    a.wait(lambda: a.timeline_status() == f"Revision {now - 1} of {now} — the past; Live returns", "one step back")
    assert a.focus_swift() == ".firstName"
    a.tap(PROFILE, "lastName")  # a tap on the past changes nothing
    a.button("Previous").click()
    assert a.timeline_status().startswith(f"Revision {now - 1} of {now}")
    a.driver.find_element(By.ID, "timeline-forward").click()
    a.wait(lambda: not a.showing_past(), "a step forward from the newest past is the live copy")
    assert [message for message in a.wire()["sent"] if message["type"] == "intent" and message["action"] != "splice"][-1]["action"] == "submit"
    assert live_revision(a) == now, "nothing was sent from the past"
    assert b.timeline_status() == f"Live · revision {now}"


def test_scrubbing_asks_at_most_8_times_a_second_and_again_after_rate_limited(wire, pair):
    a, b = pair
    for key in ["firstName", "lastName"] * 4:
        a.tap(PROFILE, key)
        a.wait_focus(f".{key}", key)
    now = live_revision(a)
    a.wait(lambda: a.timeline_value() == now, "A's scrubber rests at the live revision")
    scrubber = a.driver.find_element(By.ID, "timeline-range")
    scrubber.send_keys(Keys.END)
    press(a, Keys.ARROW_LEFT, 6)
    a.wait(lambda: a.timeline_status() == f"Revision {now - 6} of {now} — the past; Live returns", "A rests six back")
    sent = history_sent(a)
    assert sent[-1][0] == now - 6
    gaps = [later - earlier for (_, earlier), (_, later) in zip(sent, sent[1:])]
    assert all(gap >= 120 for gap in gaps), f"at most 8 requests a second (gaps of {gaps} ms)"

    # Thirty copies of the next request go with it: the server refuses some as rate_limited (it
    # allows ten at once and ten a second: all would pass only on a server two seconds behind).
    a.js("""
        const send = WebSocket.prototype.send;
        let flood = true;
        WebSocket.prototype.send = function (data) {
            if (flood && JSON.parse(data).type === 'history') {
                flood = false;
                for (let copy = 0; copy < 30; copy += 1) send.call(this, data);
            }
            return send.call(this, data);
        };
    """)
    press(a, Keys.ARROW_LEFT, 1)
    a.wait(lambda: any(answer["code"] == "rate_limited" for answer in a.wire()["answers"]), "the server refuses some")
    a.wait(lambda: [revision for revision, _ in history_sent(a)].count(now - 7) == 32,
           "after rate_limited the page asks once more for where the scrubber rests")
    a.wait(lambda: a.timeline_status() == f"Revision {now - 7} of {now} — the past; Live returns", "and shows it")
    assert a.notice() == "", "a refusal the page recovers from by itself is not shown"


GREETING_SOURCE = """import SwiftUI

struct Greeting: View {
    enum Field { case name }
    @FocusState private var focus: Field?
    @State private var name = ""
    var body: some View {
        Form {
            TextField("Name", text: $name).focused($focus, equals: .name)
        }
    }
}
"""


def test_source_edits_are_marked_on_the_timeline_and_scrubbing_back_shows_the_source_as_it_was(page):
    page.open_source(GREETING_SOURCE)
    page.control("Name").click()
    page.wait(lambda: page.server_state()["state"]["program"]["drawn"]["focused"] == "name", "the tap moves focus")
    focused = live_revision(page)
    page.set_source(GREETING_SOURCE.replace('"Name"', '"Full name"'))
    page.wait_source_read()
    page.wait(lambda: len(page.controls("Full name")) == 1, "the phone runs the edited source")
    now = live_revision(page)
    page.wait(lambda: page.timeline_value() == now, "the scrubber rests at the live revision")

    marks = page.js("""return [...document.querySelectorAll('#timeline-marks .timeline-mark')]
                         .map((mark) => ({revision: Number(mark.dataset.revision), kind: mark.dataset.kind}))""")
    edits = sorted(mark["revision"] for mark in marks if mark["kind"] == "source")
    assert {"revision": focused, "kind": "focus"} in marks, f"the tap's focus move is marked: {marks}"
    assert edits and edits[0] > focused and edits[-1] <= now, f"the source edit is marked after the tap: {marks}"
    assert not page.driver.find_element(By.ID, "timeline-source").is_displayed(), "live: nothing to say of the source"

    page.driver.find_element(By.ID, "timeline-range").send_keys(Keys.END)
    press(page, Keys.ARROW_LEFT, now - focused)
    page.wait(lambda: page.timeline_status() == f"Revision {focused} of {now} — the past; Live returns",
              lambda: f"the page should show revision {focused}: {page.timeline_status()!r}")
    page.wait(lambda: page.source_value() == GREETING_SOURCE, "the editor shows the source as it was")
    page.wait(lambda: len(page.controls("Name")) == 1, "the phone draws the program as it was")
    times = "once" if len(edits) == 1 else f"{len(edits)} times"
    assert page.driver.find_element(By.ID, "timeline-source").text == f"The source as it was then: edited {times} since."

    page.driver.find_element(By.ID, "timeline-live").click()
    page.wait(lambda: page.source_value() == GREETING_SOURCE.replace('"Name"', '"Full name"'), "Live shows the source now")
    assert len(page.controls("Full name")) == 1
