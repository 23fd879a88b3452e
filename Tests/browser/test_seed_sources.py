"""The seed behaviours of profile, checkout and the gift message played in a real browser from
the seeds' own SwiftUI files (Public/examples/seeds/*.swift), each opened as a session running it
(or, where a screen must appear after the page has loaded, in the session opened at `/`, which
runs the four seeds as tabs): DOM focus is read by accessible name as a person would, the values
on the page and in the session, the source line marked as behind the last event, the log's focus
moves (who made them and why) and the keyboard's state, and the diagnostics on their lines. The
marked line is the statement that set the focus state (the `focus = field` in a seed's
`move(to:)`), as in every program session, not the line that called it. Timers run on the
server's real clock: a late focus is waited for, within bounds."""

import time
from datetime import datetime
from urllib.parse import urljoin

from playground import GIFT
from program_page import line_of
from seed_plays import (GIFT_DELAY_SECONDS, TIMER_SECONDS, focus_moves, line_after, play, replace_text, seed, tap,
                        wait_focus, wait_focus_on, wait_marked, wait_marked_line, wait_no_focus, wait_rows)


# Seed 000: the profile form

def test_profile_return_moves_first_name_to_last_name_then_lets_go(page):
    source = play(page, "profile")
    tap(page, page.control("First Name"), "First Name", "a tap on First Name")
    page.type("Ada")
    wait_rows(page, "First Name", ["Ada"], "the typing shows")
    page.press_return()
    wait_focus(page, "Last Name", "Return in First Name: .onSubmit { move(to: .lastName) }")
    wait_marked(page, source, "focus = field")
    assert focus_moves(page)[0] == "First Name → Last Name", f"a direct move: {focus_moves(page)}"
    assert page.focus_value("focus") == ".lastName"
    page.type("Lovelace")
    wait_rows(page, "Last Name", ["Lovelace"], "the typing shows")
    page.press_return()
    wait_no_focus(page, "Return in Last Name: .onSubmit { focus = nil }")
    wait_marked(page, source, ".onSubmit { focus = nil }")
    assert page.focus_value("focus") == "nil"
    assert page.values("First Name") == ["Ada"]
    newest = next(entry for entry in page.log_entries() if entry["cause"] != "state")
    assert (newest["move"], newest["cause"], newest["who"]) == ("Last Name → nil", "Return", f"{page.my_name()} (you)"), newest


def test_profile_toolbar_moves_straight_between_fields_and_the_keyboard_stays_up(wire, page):
    """Next and Previous move focus inside withTransaction(Transaction(animation: nil)): the log
    shows one direct move each, never through nil, and the keyboard never dips. Next on the last
    field finds no field (`guard fields.indices.contains(target)`) and changes nothing."""
    source = play(page, "profile")
    tap(page, page.control("First Name"), "First Name", "a tap on First Name")
    page.wait_keyboard_up()
    page.record_keyboard()
    page.click_when_still(page.control("Next"))
    wait_focus(page, "Last Name", "Next from First Name")
    wait_marked(page, source, "focus = field")
    page.wait_keyboard_up()
    page.click_when_still(page.control("Previous"))
    wait_focus(page, "First Name", "Previous from Last Name")
    page.wait(lambda: page.focus_value("focus") == ".firstName", "focus reads .firstName")
    moves = focus_moves(page)
    assert moves[:3] == ["Last Name → First Name", "First Name → Last Name", "nil → First Name"], \
        f"each toolbar move goes straight from field to field: {moves}"
    assert page.recorded_keyboard() == [], f"the keyboard stays up, no dip: {page.recorded_keyboard()}"
    assert page.keyboard_state() == "up"
    page.click_when_still(page.control("Next"))
    wait_focus(page, "Last Name", "Next from First Name again")
    revision, answered = page.server_state()["revision"], len(page.wire()["answers"])
    page.click_when_still(page.control("Next"))
    page.wait(lambda: len(page.wire()["answers"]) > answered and page.pending_intents() == 0,
              "the server answers Next on the last field")
    assert page.active_name() == "Last Name" and page.focus_value("focus") == ".lastName", "Next on the last field moves nothing"
    assert focus_moves(page)[0] == "First Name → Last Name", focus_moves(page)
    assert page.server_state()["revision"] == revision, "and changes nothing in the session"


def test_profile_animated_move_passes_through_nil_and_the_keyboard_dips_in_both_browsers(two):
    """A plain `focus = field` passes through nil: both browsers' keyboards dip. With reduced
    motion (A's, not B's) the dip is still shown, as a state without sliding."""
    a, b = two
    session = a.open_source(seed("profile-animated"))
    b.open(urljoin(a.base_url, f"?session={session['id']}"))
    b.reset_local_preferences()
    b.wait_drawn()
    a.emulate_media(prefers_reduced_motion="reduce")
    try:
        tap(a, a.control("First Name"), "First Name", "a tap on First Name")
        for page in two:
            page.wait(lambda page=page: page.keyboard_state() == "up" and page.active_name() == "First Name", "B follows")
            page.wait_keyboard_up()
            page.record_keyboard()
        a.click_when_still(a.control("Next"))
        for page in two:
            wait_focus(page, "Last Name", "Next from First Name")
            page.wait(lambda page=page: focus_moves(page)[:2] == ["nil → Last Name", "First Name → nil"],
                      lambda page=page: f"the animated move goes through nil: {focus_moves(page)}")
            page.wait(lambda page=page: page.recorded_keyboard() == ["dip", "up"],
                      lambda page=page: f"[{page.name}] the keyboard dips and comes back: {page.recorded_keyboard()}")
        durations = a.js("""
            const keyboard = document.getElementById('keyboard');
            return [keyboard, keyboard.firstElementChild].map((element) => getComputedStyle(element).transitionDuration);
        """)
        assert durations == ["0s", "0s"], f"nothing should move smoothly with reduced motion ({durations})"
        a.press_return()
        wait_no_focus(a, "Return in Last Name still lets go")
    finally:
        a.emulate_media()


# Seed 001: the checkout form

def test_checkout_name_has_focus_on_appear_and_return_walks_the_fields_in_both_browsers(two):
    """Browser B follows A's focus and values as A types and presses Return."""
    a, b = two
    source = seed("checkout")
    session = a.open_source(source)
    wait_focus(a, "Name", ".onAppear { focus = .name }")
    a.wait(lambda: a.keyboard_state() == "up" and a.focus_value("focus") == ".name", "the keyboard is up on Name")
    b.open(urljoin(a.base_url, f"?session={session['id']}"))
    b.reset_local_preferences()
    b.wait_drawn()
    wait_focus(b, "Name", "B opens on Name with focus")
    a.type("Ada")
    wait_rows(b, "Name", ["Ada"], "B sees A's typing")
    a.press_return()
    wait_focus(a, "Address", "Return in Name")
    wait_focus(b, "Address", "B follows Return in Name")
    wait_marked(b, source, "focus = field")
    a.type("1 Main St")
    wait_rows(b, "Address", ["1 Main St"], "B sees A's typing")
    a.press_return()
    wait_focus(a, "Phone", "Return in Address")
    wait_focus(b, "Phone", "B follows Return in Address")
    assert a.control("Phone").get_attribute("inputmode") == "tel"
    a.press_return()
    wait_no_focus(a, "Return in Phone")
    wait_no_focus(b, "B follows Return in Phone")
    wait_marked(a, source, "case .phone, nil: focus = nil")
    assert focus_moves(b)[:3] == ["Phone → nil", "Address → Phone", "Name → Address"], focus_moves(b)
    assert [b.values(name) for name in ("Name", "Address", "Phone")] == [["Ada"], ["1 Main St"], [""]]


def test_checkout_proceed_focuses_the_first_field_to_fix_then_lets_go(page):
    source = play(page, "checkout")
    wait_focus(page, "Name", "onAppear")
    page.type("Ada")
    tap(page, page.control("Phone"), "Phone", "a tap on Phone")
    page.type("12")
    wait_rows(page, "Phone", ["12"], "the typing shows")
    proceed = page.control("Proceed to Gift Message")
    page.click_when_still(proceed)
    wait_focus(page, "Address", "Proceed with Address empty: the first field to fix")
    wait_marked(page, source, "focus = field")
    assert focus_moves(page)[0] == "Phone → Address"
    page.type("1 Main St")
    wait_rows(page, "Address", ["1 Main St"], "the typing shows")
    page.click_when_still(proceed)
    wait_focus(page, "Phone", "Proceed with a phone of two digits")
    replace_text(page, "+44 (20) 7946-0958")
    wait_rows(page, "Phone", ["+44 (20) 7946-0958"], "the typing shows")
    page.click_when_still(proceed)
    wait_no_focus(page, "Proceed with every field valid lets go")
    wait_marked_line(page, source, line_after(source, "private func proceed()", "focus = nil"))


def test_checkout_ambiguous_lists_the_two_fields_warning_on_both_lines(page):
    source = play(page, "checkout-ambiguous")
    name_line = line_of(source, 'TextField("Name"') + 1
    address_line = line_of(source, "Address answers to .name too")
    page.wait(lambda: page.diagnostics(), "the diagnostics are listed")
    for line in (name_line, address_line):
        assert any("Warning" in text and "Two fields are bound to `.name`" in text for text in page.diagnostics_on(line)), \
            f"line {line} should have the two-fields warning: {page.diagnostics()}"
    assert any("no field is bound to `.address`" in text for text in page.diagnostics_on(line_of(source, "case name, address, phone"))), \
        page.diagnostics()
    assert page.diagnostics_on(line_of(source, 'TextField("Phone"') + 1) == [], "Phone's binding is fine"


def test_checkout_ambiguous_focus_lands_on_address_and_return_and_proceed_let_go(page):
    source = play(page, "checkout-ambiguous")
    wait_focus(page, "Address", "on appear .name focuses the last field bound to it")
    assert page.focus_value("focus") == ".name"
    tap(page, page.control("Name"), "Name", "a tap on Name")
    page.type("Ada")
    wait_rows(page, "Name", ["Ada"], "the typing shows")
    page.press_return()
    wait_no_focus(page, "Return in Name asks for .address, which no field answers to")
    assert page.focus_value("focus") == "nil"
    tap(page, page.control("Phone"), "Phone", "a tap on Phone")
    page.type("555 0100")
    wait_rows(page, "Phone", ["555 0100"], "the typing shows")
    page.click_when_still(page.control("Proceed to Gift Message"))
    wait_no_focus(page, "Proceed with Address empty cannot focus Address")
    wait_marked(page, source, "focus = field")
    assert focus_moves(page)[0] == "Phone → nil", focus_moves(page)
    assert page.values("Address") == [""]


# Seed 001: the gift message

def test_gift_message_editor_takes_focus_after_the_delay(page):
    """The move's time in the log is the server's clock, the machine's: it is compared with the
    time the session was asked for, whatever the page took to load."""
    source = seed("gift")
    started = time.time()
    page.open_source(source)
    page.wait(lambda: page.active_name() == "Text editor",
              lambda: f"the editor takes focus by itself, not {page.active_name()!r}", timeout=TIMER_SECONDS)
    page.wait(lambda: page.keyboard_state() == "up", "the keyboard comes up")
    assert page.log_entries()[0]["cause"] == "auto-focus" and focus_moves(page)[0] == "nil → Text editor"
    moved = datetime.fromisoformat(page.js("return document.querySelector('#event-log .event time').getAttribute('datetime')"))
    elapsed = moved.timestamp() - started
    assert elapsed >= GIFT_DELAY_SECONDS, f"focus moved {elapsed:.2f} s after the session was started: sooner than the 0.75 s timer"
    wait_marked(page, source, "focus = .message")
    page.type("Dear Ada,")
    page.press_return()
    page.type("Happy birthday")
    wait_rows(page, "Text editor", ["Dear Ada,\nHappy birthday"], "typing goes to the editor, Return a new line in it")
    assert page.active_name() == "Text editor" and page.focus_value("focus") == ".message", "Return submits nothing there"


def test_gift_a_tap_on_an_email_within_the_delay_cancels_the_auto_focus(page):
    """In the session opened at `/` (the seed screens) the gift message is a tab of its own, so its
    onAppear runs when the tab is chosen, with the page already loaded: the tap on the email lands
    well inside the 0.75 s (the test checks it did; on a machine too busy for that, it tries again in
    a new session, three times at most). The cancelled task still wakes from its sleep (a change of
    the run with no event, the revision after the tap's) and returns: focus stays."""
    latest = lambda: int(page.js("return document.getElementById('timeline-range').max"))  # noqa: E731
    late = []
    for _ in range(3):
        page.open(page.base_url)
        page.reset_local_preferences()
        page.wait_drawn()
        started = time.monotonic()
        page.tab(GIFT).click()
        page.wait(lambda: page.screen_name() == GIFT and page.controls("Email"), "the form appears")
        appeared = latest()
        page.controls("Email")[0].click()
        wait_focus(page, "Email", "a tap on the email")
        tapped = time.monotonic() - started
        if tapped < GIFT_DELAY_SECONDS:
            break
        late.append(round(tapped, 2))
    assert len(late) < 3, f"the tap landed {late} s after the form appeared: too late to race the timer"
    page.wait(lambda: latest() >= appeared + 2, "the page has the revision of the cancelled task waking", timeout=TIMER_SECONDS)
    assert page.server_state()["revision"] == appeared + 2, "the tap and the task's waking, nothing more"
    assert page.active_name() == "Email", f"focus stays on the email, not {page.active_name()!r}"
    assert "auto-focus" not in [entry["cause"] for entry in page.log_entries()], page.log_entries()
    assert page.focus_value("focus").startswith(".row(id:")


def test_gift_add_new_email_focuses_the_new_row_and_return_walks_the_rows(page):
    source = play(page, "gift")
    page.wait(lambda: page.active_name() == "Text editor", "the auto-focus lands first", timeout=TIMER_SECONDS)
    tap(page, page.controls("Email")[0], "Email", "a tap on the email")
    page.type("ada@example.com")
    add = page.control("Add new email")
    page.click_when_still(add)
    wait_rows(page, "Email", ["ada@example.com", ""], "a second row")
    wait_focus_on(page, "Email", 1, "Add new email focuses the new row")
    wait_marked(page, source, "focus = field")
    page.type("grace@example.com")
    page.click_when_still(add)
    wait_rows(page, "Email", ["ada@example.com", "grace@example.com", ""], "a third row")
    wait_focus_on(page, "Email", 2, "Add new email again")
    page.type("alan@example.com")
    wait_rows(page, "Email", ["ada@example.com", "grace@example.com", "alan@example.com"], "typing goes to the new row")
    page.controls("Email")[0].click()
    wait_focus_on(page, "Email", 0, "a tap on the first email")
    page.press_return()
    wait_focus_on(page, "Email", 1, "Return in the first row")
    page.press_return()
    wait_focus_on(page, "Email", 2, "Return in the second row")
    page.press_return()
    wait_no_focus(page, "Return in the last row lets go")
    wait_marked_line(page, source, line_after(source, "private func focusNextRecipient()", "focus = nil"))


def test_gift_send_focuses_the_empty_message_then_the_first_bad_email_then_lets_go(page):
    source = play(page, "gift")
    page.wait(lambda: page.active_name() == "Text editor", "the auto-focus lands first", timeout=TIMER_SECONDS)
    tap(page, page.controls("Email")[0], "Email", "a tap on the email")
    page.type("ada@example.com")
    add, send = page.control("Add new email"), page.control("Send the Gift")
    for text in ("grace.example.com", "alan@"):
        page.click_when_still(add)
        page.wait(lambda: len(page.controls("Email")) > 1 and page.active_element() == page.controls("Email")[-1],
                  "the new row has focus")
        page.type(text)
    wait_rows(page, "Email", ["ada@example.com", "grace.example.com", "alan@"], "three rows typed")
    page.click_when_still(send)
    wait_focus(page, "Text editor", "Send with the message empty")
    wait_marked(page, source, "focus = field")
    page.type("Happy birthday")
    wait_rows(page, "Text editor", ["Happy birthday"], "the message typed")
    page.click_when_still(send)
    wait_focus_on(page, "Email", 1, "Send: the first bad email is the second row")
    replace_text(page, "grace@example.com")
    wait_rows(page, "Email", ["ada@example.com", "grace@example.com", "alan@"], "the second row fixed")
    page.click_when_still(send)
    wait_focus_on(page, "Email", 2, "Send: now the third row")
    replace_text(page, "alan@example.co.uk")
    wait_rows(page, "Email", ["ada@example.com", "grace@example.com", "alan@example.co.uk"], "every row fixed")
    page.click_when_still(send)
    wait_no_focus(page, "Send with everything valid lets go")
    wait_marked_line(page, source, line_after(source, "private func send()", "focus = nil"))


# Seed 002: the reminders
