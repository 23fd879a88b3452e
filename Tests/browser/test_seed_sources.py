"""The seed behaviours played in a real browser from the seeds' own SwiftUI files
(Public/examples/seeds/*.swift), each opened as a session running it: DOM focus is read by
accessible name as a person would, the values on the page and in the session, the source line
marked as behind the last event, the log's focus moves and the keyboard's state, and the
diagnostics on their lines. The marked line is the statement that set the focus state (the
`focus = field` in a seed's `move(to:)`), as in every program session, not the line that called
it. Timers run on the server's real clock: a late focus is waited for, within bounds."""

import re
import time
from datetime import datetime
from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from display import assert_no_axe_violations
from playground import WAIT_SECONDS
from program_page import example, line_of, page, two  # noqa: F401 (page, two: fixtures)

# The gift's auto-focus timer (0.75 s) fires within this many seconds at most.
TIMER_SECONDS = 6
GIFT_DELAY_SECONDS = 0.75



def seed(name):
    """The source of seed `name` (`profile` → Public/examples/seeds/profile.swift)."""
    return example(f"seeds/{name}.swift")


def play(page, name):
    source = seed(name)
    page.open_source(source)
    return source


def line_after(source, anchor, text):
    """The first line holding `text` after the one line holding `anchor` (`focus = nil` in `send()`)."""
    lines = source.split("\n")
    start = line_of(source, anchor)
    return next(number for number in range(start + 1, len(lines) + 1) if text in lines[number - 1])


def wait_focus(page, name, why):
    page.wait(lambda: page.active_name() == name,
              lambda: f"{why}: DOM focus should be on {name!r}, not {page.active_name()!r}")


def wait_focus_on(page, name, index, why):
    """Waits until DOM focus is on the `index`th visible control named `name` (rows share names)."""
    page.wait(lambda: page.active_element() == page.controls(name)[index],
              lambda: f"{why}: DOM focus should be on {name} #{index + 1} of {page.values(name)}, "
                      f"not on {page.active_name()!r} reading {active_value(page)!r}")


def active_value(page):
    return page.js("return document.activeElement?.value ?? null")


def wait_no_focus(page, why):
    page.wait(lambda: page.active_name() is None and page.keyboard_state() == "down",
              lambda: f"{why}: focus should leave the form and the keyboard go down, not stay on "
                      f"{page.active_name()!r} (keyboard {page.keyboard_state()})")


def wait_marked_line(page, source, line):
    page.wait(lambda: page.marked_lines() == [(line, source.split("\n")[line - 1])],
              lambda: f"line {line} ({source.split(chr(10))[line - 1].strip()!r}) should be marked aria-current, "
                      f"not {page.marked_lines()}")


def wait_marked(page, source, text):
    wait_marked_line(page, source, line_of(source, text))


def wait_rows(page, name, values, why):
    """Waits until the fields named `name` read `values` on the page and in the session."""
    page.wait(lambda: page.values(name) == values and page.session_values(name) == values,
              lambda: f"{why}: {name} should read {values}, not {page.values(name)} (the session has {page.session_values(name)})")


def replace_text(page, text):
    page.select_all()
    page.type(text)


def focus_moves(page):
    """The log's focus moves, newest first, without their lines: `First Name → nil`."""
    return [re.sub(r" · line \d+$", "", entry["move"]) for entry in page.log_entries()
            if entry["cause"] not in ("state", "timer")]


def tap(page, element, name, why):
    page.click_when_still(element)
    wait_focus(page, name, why)


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


def test_profile_toolbar_moves_straight_between_fields_and_the_keyboard_stays_up(page):
    """Next and Previous move focus inside withTransaction(Transaction(animation: nil)): the log
    shows one direct move each, never through nil, and the keyboard never dips."""
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


def test_profile_animated_move_passes_through_nil_and_the_keyboard_dips(page):
    play(page, "profile-animated")
    tap(page, page.control("First Name"), "First Name", "a tap on First Name")
    page.wait_keyboard_up()
    page.record_keyboard()
    page.click_when_still(page.control("Next"))
    wait_focus(page, "Last Name", "Next from First Name")
    page.wait(lambda: focus_moves(page)[:2] == ["nil → Last Name", "First Name → nil"],
              lambda: f"the animated move goes through nil: {focus_moves(page)}")
    page.wait(lambda: "dip" in page.recorded_keyboard(), lambda: f"the keyboard dips: {page.recorded_keyboard()}")
    page.wait(lambda: page.keyboard_state() == "up", "and comes back up on Last Name")
    page.press_return()
    wait_no_focus(page, "Return in Last Name still lets go")


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
    page.type("Happy birthday")
    wait_rows(page, "Text editor", ["Happy birthday"], "typing goes to the editor")


def test_gift_a_tap_on_an_email_within_the_delay_cancels_the_auto_focus(page):
    """The seed's form opens on a first screen of its own (a Lobby added before it, the form
    untouched) so that its onAppear runs when its tab is chosen, with the page already loaded:
    the tap on the email lands well inside the 0.75 s (the test checks it did)."""
    source = seed("gift")
    form = source.index("struct GiftMessageForm")
    lobby = 'struct Lobby: View {\n    var body: some View {\n        Text("Gift wrapping")\n    }\n}\n\n'
    page.open_source(source[:form] + lobby + source[form:])
    assert page.screen_name() == "Lobby"
    started = time.monotonic()
    page.tab("GiftMessageForm").click()
    page.wait(lambda: page.screen_name() == "GiftMessageForm" and page.controls("Email"), "the form appears")
    page.controls("Email")[0].click()
    wait_focus(page, "Email", "a tap on the email")
    tapped = time.monotonic() - started
    assert tapped < GIFT_DELAY_SECONDS, f"the tap landed {tapped:.2f} s after the form appeared: too late to race the timer"
    time.sleep(2 * GIFT_DELAY_SECONDS + 0.5)  # the timer's time, and more: it must not fire
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

def notes_shown(page):
    """`[{html, text}]` of the notes drawn as Text (the rows without focus), in order."""
    return page.js("""
        return [...document.querySelectorAll('.program-screen .p-text')]
          .map((text) => ({html: text.innerHTML, text: text.textContent, shown: text.innerText}));
    """)


def row_of_active(page):
    """The accessible names of the visible controls in the list row holding DOM focus."""
    return page.js("""
        const row = document.activeElement?.closest('li');
        if (!row) return null;
        return [...row.querySelectorAll('input, textarea, button')].filter((element) => element.checkVisibility())
          .map((element) => (element.labels?.[0]?.textContent ?? element.textContent).trim());
    """)


def test_tasks_focus_reveals_that_rows_notes_and_buttons_and_the_rest_show_markdown(page):
    play(page, "tasks")
    assert page.values("Title") == ["Buy milk", "Book the dentist", "Pack for the trip"]
    assert page.controls("Notes") == [] and page.controls("Add Date") == [] and page.controls("Add Location") == []
    shown = notes_shown(page)
    assert [note["text"] for note in shown] == [
        "2 litres, semi-skimmed", "Ask about a Saturday slot",
        "- passport\n- charger\n- boarding pass"], "every row's notes, as inline Markdown"
    assert shown[0]["html"] == "<strong>2</strong> litres, <em>semi-skimmed</em>", "bold and italic as such"
    assert shown[2]["html"] == "- passport\n- charger\n- <code>boarding pass</code>", "code as such, no list made"
    assert page.js("return document.querySelectorAll('.program-screen .p-text :is(ul, ol, li)').length") == 0

    tap(page, page.controls("Title")[0], "Title", "a tap on Buy milk's title")
    page.wait(lambda: row_of_active(page) == ["Title", "Notes", "Add Date", "Add Location", "Delete"],
              lambda: f"the focused row shows its notes field and buttons: {row_of_active(page)}")
    assert page.values("Notes") == ["**2** litres, *semi-skimmed*"], "the notes field holds the Markdown as written"
    assert len(page.controls("Add Date")) == 1 and len(page.controls("Add Location")) == 1, "only that row's"
    assert [note["text"] for note in notes_shown(page)][0] == "Ask about a Saturday slot"
    page.click_when_still(page.control("Add Date"))
    wait_rows(page, "Notes", ["**2** litres, *semi-skimmed* Due today"], "Add Date adds to the notes")
    assert page.active_name() == "Title", "the button moves no focus"

    tap(page, page.controls("Title")[1], "Title", "a tap on Book the dentist's title")
    page.wait(lambda: row_of_active(page) == ["Title", "Notes", "Add Date", "Add Location", "Delete"]
              and page.values("Notes") == ["Ask about a [Saturday slot](https://example.com/dentist)"],
              "the notes field and buttons follow focus to the second row")
    page.wait(lambda: notes_shown(page)[0]["html"] == "<strong>2</strong> litres, <em>semi-skimmed</em> Due today",
              lambda: f"the first row shows its notes as Markdown again: {notes_shown(page)}")


def test_tasks_notes_show_a_markdown_link_as_a_link(page):
    play(page, "tasks")
    dentist = page.js("""
        const text = [...document.querySelectorAll('.program-screen .p-text')][1];
        const links = text.querySelectorAll('a, [role=link]');
        const link = links[0];
        return {text: text.textContent, links: links.length, link: link?.textContent ?? null,
                href: link?.getAttribute('href') ?? null, target: link?.getAttribute('target') ?? null,
                rel: link?.getAttribute('rel') ?? null};
    """)
    assert dentist == {"text": "Ask about a Saturday slot", "links": 1, "link": "Saturday slot",
                       "href": "https://example.com/dentist", "target": "_blank", "rel": "noopener noreferrer"}, dentist
    assert_no_axe_violations(page, "tasks, its notes with a link")


def test_tasks_notes_keep_their_line_breaks(page):
    play(page, "tasks")
    shown = notes_shown(page)[2]["shown"]
    assert shown == "- passport\n- charger\n- boarding pass", f"the notes as a person sees them: {shown!r}"


def test_tasks_typing_in_notes_with_line_breaks_keeps_them(page):
    play(page, "tasks")
    tap(page, page.controls("Title")[2], "Title", "a tap on Pack for the trip's title")
    page.press_return()
    wait_focus(page, "Notes", "Return in the title")
    assert active_value(page) == "- passport\n- charger\n- `boarding pass`", "the field shows the notes, line breaks and all"
    page.js("const input = document.activeElement; input.setSelectionRange(input.value.length, input.value.length)")
    page.type(" x")
    page.wait(lambda: page.session_values("Notes")[0].endswith(" x"), "the typing reaches the session")
    assert page.session_values("Notes") == ["- passport\n- charger\n- `boarding pass` x"], \
        f"only the typing changes the notes: {page.session_values('Notes')}"
    assert page.values("Notes") == page.session_values("Notes"), "the field shows what the session holds"
    assert_no_axe_violations(page, "tasks, typing in notes drawn with their lines")
    page.type(Keys.SHIFT + Keys.ENTER + Keys.SHIFT)
    page.press_return()
    wait_no_focus(page, "Return in the last notes submits, as in a single-line field: no next title")
    page.wait(lambda: notes_shown(page)[2]["shown"] == "- passport\n- charger\n- boarding pass x",
              lambda: f"the notes drawn as Text again, lines kept: {notes_shown(page)}")
    assert page.session_values("Notes") == [] and notes_shown(page)[2]["text"] == "- passport\n- charger\n- boarding pass x", \
        "Shift-Return typed no line break in the single-line field"


@pytest.mark.parametrize("change, notes", [
    # A SecureField is a masked <input>, which drops line breaks: the page carries the typing into the text.
    (("TextField(\"Notes\"", "SecureField(\"Notes\""), "- passport\n- charger\n- `boarding pass`"),
    # A textarea reads `\r\n` as `\n`: the carriage returns stay in the session all the same.
    (("- passport\\n- charger\\n", "- passport\\r\\n- charger\\r\\n"), "- passport\r\n- charger\r\n- `boarding pass`"),
], ids=["secure-field", "carriage-returns"])
def test_tasks_typing_in_notes_the_input_cannot_hold_as_they_are_keeps_every_character(page, change, notes):
    source = seed("tasks").replace(*change)
    assert source != seed("tasks")
    page.open_source(source)
    tap(page, page.controls("Title")[2], "Title", "a tap on Pack for the trip's title")
    page.press_return()
    wait_focus(page, "Notes", "Return in the title")
    assert page.session_values("Notes") == [notes]
    page.js("const input = document.activeElement; input.setSelectionRange(input.value.length, input.value.length)")
    page.type(" x")
    page.wait(lambda: page.session_values("Notes")[0].endswith(" x"), "the typing reaches the session")
    page.js("const input = document.activeElement; input.setSelectionRange(0, 0)")
    page.type("y")
    page.wait(lambda: page.session_values("Notes")[0].startswith("y"), "the typing at the start reaches the session")
    assert page.session_values("Notes") == ["y" + notes + " x"], \
        f"only the typing changes the notes: {page.session_values('Notes')!r}"


def test_tasks_return_walks_title_notes_next_title_and_new_reminder_focuses_its_title(page):
    source = play(page, "tasks")
    tap(page, page.controls("Title")[0], "Title", "a tap on Buy milk's title")
    page.press_return()
    wait_focus(page, "Notes", "Return in a title: its notes")
    assert active_value(page) == "**2** litres, *semi-skimmed*", "Buy milk's own notes"
    wait_marked(page, source, "focus = field")
    page.press_return()
    wait_focus_on(page, "Title", 1, "Return in the notes: the next title")
    assert active_value(page) == "Book the dentist"
    page.wait(lambda: page.values("Notes") == ["Ask about a [Saturday slot](https://example.com/dentist)"],
              "the notes field moves to the dentist's row")
    page.click_when_still(page.control("New Reminder"))
    wait_rows(page, "Title", ["Buy milk", "Book the dentist", "Pack for the trip", ""], "a fourth reminder")
    wait_focus_on(page, "Title", 3, "New Reminder focuses the new title")
    page.wait(lambda: page.values("Notes") == [""], "the new reminder shows its empty notes field")
    page.type("Call the bank")
    wait_rows(page, "Title", ["Buy milk", "Book the dentist", "Pack for the trip", "Call the bank"], "typing goes to the new title")
    page.press_return()
    wait_focus(page, "Notes", "Return in the new title: its notes")
    page.press_return()
    wait_no_focus(page, "Return in the last notes: no next title")


def test_tasks_delete_on_the_focused_row_moves_focus_to_the_row_taking_its_place(page):
    play(page, "tasks")
    tap(page, page.controls("Title")[1], "Title", "a tap on Book the dentist's title")
    page.click_when_still(page.controls("Delete")[1])
    wait_rows(page, "Title", ["Buy milk", "Pack for the trip"], "the dentist is deleted")
    wait_focus_on(page, "Title", 1, "focus moves to the title of the reminder taking its place")
    assert active_value(page) == "Pack for the trip"
    page.wait(lambda: row_of_active(page) == ["Title", "Notes", "Add Date", "Add Location", "Delete"],
              "the row now focused shows its notes field and buttons")
    page.press_return()
    wait_focus(page, "Notes", "Return in the title")
    page.click_when_still(page.controls("Delete")[1])
    wait_rows(page, "Title", ["Buy milk"], "the last reminder is deleted")
    wait_focus(page, "Notes", "focus in the last row's notes moves to the notes of the one before")
    assert active_value(page) == "**2** litres, *semi-skimmed*"
    page.click_when_still(page.control("Delete"))
    page.wait(lambda: page.controls("Title") == [], "the list is empty")
    wait_no_focus(page, "the last reminder deleted")
