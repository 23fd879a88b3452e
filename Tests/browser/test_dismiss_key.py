"""Escape in a field of the phone is the keyboard's dismiss key: it lets go of the session's focus,
as SwiftUI writes nil through the field's `.focused` binding, and the code panel marks that line;
a keyboard can always leave the phone (issue 24, small things)."""

from selenium.webdriver.common.keys import Keys

from playground import PROFILE
from seed_plays import line_after


def test_escape_lets_go_of_focus_and_marks_the_focused_binding(pair):
    a, b = pair
    source = a.server_state()["state"]["program"]["source"]
    binding = line_after(source, "struct ProfileForm", ".focused($focus, equals: .lastName)")
    a.tap(PROFILE, "lastName")
    a.type("Lovelace")
    b.wait(lambda: b.active_key() == "lastName", "B follows A into Last Name")

    a.type(Keys.ESCAPE)
    for page in pair:
        page.wait_focus("nil", None, "(Escape lets go of the field) ")
        page.wait(lambda page=page: page.keyboard_state() == "down", "the keyboard goes away")
        page.wait(lambda page=page: [line for line, _ in page.marked_lines()] == [binding],
                  lambda page=page: f"the code panel marks the .focused line {binding}, not {page.marked_lines()}")
        newest = page.log_entries()[0]
        assert (newest["move"], newest["cause"], newest["line"]) == ("Last Name → nil", "dismiss key", binding), newest
    assert a.served_values()["lastName"] == "Lovelace", "the text typed before Escape is kept"
    assert a.js("return document.activeElement === document.body"), "A's keyboard focus has left the phone's field"


    # The simulated keyboard's own dismiss key does the same for a pointer.
    b.tap(PROFILE, "firstName")
    a.wait(lambda: a.active_key() == "firstName", "A follows B into First Name")
    b.wait_keyboard_up()
    b.driver.find_element("css selector", "#keyboard .key-dismiss").click()
    for page in pair:
        page.wait_focus("nil", None, "(the dismiss key lets go of the field) ")
        assert page.log_entries()[0]["cause"] == "dismiss key"
