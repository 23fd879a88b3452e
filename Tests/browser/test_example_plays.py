"""Every example form played in a real browser, for the behaviour it is there to show: the phone's
DOM focus goes where the program moves focus (read by accessible name, as a person would), the
values typed and the texts drawn follow the program's state, and the code panel marks the line
that moved focus (the examples with rows, child views, two focus states, two screens or a mistake
are played in test_example_rows.py). Timers run on the server's real clock: a late focus is
waited for. Some plays pin down bugs these plays found and that are fixed: a Return straight after
typing, a vertical field."""

import time

from selenium.webdriver.common.keys import Keys

from example_plays import (FIXED_BUG_SECONDS, TIMER_SECONDS, play, replace_text, wait_focus, wait_marked, wait_no_focus,
                           wait_texts, wait_value)


def test_sign_up_create_account_focuses_the_first_field_that_fails_its_check(page):
    source = play(page, "sign-up")
    page.control("Create Account").click()
    wait_focus(page, "Name", "Create Account on an empty form")
    wait_texts(page, ["Tell us your name."])
    wait_marked(page, source, "focus = field")
    page.type("Ada")
    wait_value(page, "Name", "Ada")
    page.press_return()
    wait_focus(page, "Email", "Return goes on by raw value")
    page.type("ada.example.com")
    wait_value(page, "Email", "ada.example.com")
    page.control("Create Account").click()
    wait_texts(page, ["That email address is missing its @ or its domain."])
    wait_focus(page, "Email", "an address without @ fails")
    replace_text(page, "ada@example.com")
    page.press_return()
    wait_focus(page, "Password", "Return from Email")
    page.type("longenough")
    wait_value(page, "Password", "longenough")
    page.press_return()
    wait_focus(page, "Repeat password", "Return from Password")
    page.type("different")
    wait_value(page, "Repeat password", "different")
    page.control("Name").click()
    wait_focus(page, "Name", "a tap elsewhere")
    page.control("Create Account").click()
    wait_texts(page, ["The two passwords are not the same."])
    wait_focus(page, "Repeat password", "passwords that differ fail last")
    assert page.values("Email") == ["ada@example.com"] and page.values("Name") == ["Ada"], "what was typed stays"
    page.press_return()
    wait_no_focus(page, "Return after the last field (Field(rawValue: 4) is nil)")
    page.wait(lambda: page.keyboard_state() == "down", "the keyboard goes down with focus")


def test_return_switch_walks_the_fields_and_the_last_return_focuses_the_first_empty_one(page):
    source = play(page, "return-switch")
    page.control("Street").click()
    wait_focus(page, "Street", "a tap on Street")
    page.type("1 Main St")
    wait_value(page, "Street", "1 Main St")
    page.press_return()
    wait_focus(page, "Postcode", "case .street")
    wait_marked(page, source, "focus = .postcode")
    page.press_return()
    wait_focus(page, "Town", "case .postcode")
    wait_marked(page, source, "focus = .town")
    page.press_return()
    wait_focus(page, "Postcode", "Return in Town checks every line: the postcode is the first empty one")
    wait_texts(page, ["Fill in every line."])
    wait_marked(page, source, "focus = field")
    page.type("NW1")
    wait_value(page, "Postcode", "NW1")
    page.press_return()
    wait_focus(page, "Town", "case .postcode again")
    page.type("London")
    wait_value(page, "Town", "London")
    page.press_return()
    wait_texts(page, ["Thank you."])
    wait_no_focus(page, "every line filled in")
    assert page.focus_value("focus") == "nil"


def test_default_focus_puts_focus_in_the_amount_as_the_screen_appears(page):
    play(page, "default-focus")
    wait_focus(page, "Amount", "defaultFocus, with no tap")
    page.wait(lambda: page.keyboard_state() == "up" and page.focus_value("focus") == ".amount",
              lambda: f"the keyboard comes up and focus reads .amount ({page.keyboard_state()}, {page.focus_value('focus')})")
    page.type("42.50")
    wait_value(page, "Amount", "42.50")
    page.control("People").click()
    wait_focus(page, "People", "a tap on People")
    replace_text(page, "3")
    wait_texts(page, ["Split between 3 people"])
    assert page.values("Amount") == ["42.50"]


def test_delayed_focus_arrives_after_the_timer_and_resend_brings_it_back(page):
    source = play(page, "delayed-focus")
    page.wait(lambda: page.active_name() == "Code", "the .task's Task.sleep focuses the code", timeout=TIMER_SECONDS)
    assert page.focus_value("focus") == ".code"
    page.type("12")
    wait_value(page, "Code", "12")
    pressed = time.monotonic()
    page.control("Resend").click()
    page.wait(lambda: page.texts() == ["A new code is on its way."] and page.active_name() is None
              and page.focus_value("focus") == "nil",
              lambda: f"Resend lets go of focus at once ({page.texts()}, {page.active_name()!r}, {page.focus_value('focus')})")
    page.wait(lambda: page.active_name() == "Code", "asyncAfter brings focus back to the code", timeout=TIMER_SECONDS)
    assert time.monotonic() - pressed >= 0.95, "focus came back no sooner than the one-second timer"
    wait_marked(page, source, "DispatchQueue.main.asyncAfter", below=1)
    page.type("34")
    wait_value(page, "Code", "1234")


def test_animated_move_dips_the_keyboard_only_when_the_move_is_animated(page):
    play(page, "animated-move")
    page.control("To").click()
    wait_focus(page, "To", "a tap on To")
    page.wait_keyboard_up()
    page.record_keyboard()
    page.control("Next").click()
    wait_focus(page, "Subject", "Next without animation")
    page.wait(lambda: page.focus_value("focus") == ".subject", "focus reads .subject")
    assert "dip" not in page.recorded_keyboard(), f"no dip without animation: {page.recorded_keyboard()}"
    page.control("Next, animated").click()
    wait_focus(page, "Text editor", "Next, animated")
    page.wait(lambda: "dip" in page.recorded_keyboard(), lambda: f"the animated move dips the keyboard: {page.recorded_keyboard()}")
    page.wait(lambda: page.keyboard_state() == "up", "the keyboard settles up on the editor")
    page.control("Next").click()
    wait_no_focus(page, "Next from the message")


def test_editor_return_moves_on_from_the_title_only(page):
    source = play(page, "editor-return")
    assert page.control("Done").get_attribute("aria-disabled") == "true", "Done is disabled without focus"
    page.control("Title").click()
    wait_focus(page, "Title", "a tap on Title")
    page.wait(lambda: page.control("Done").get_attribute("aria-disabled") == "false", "Done is enabled with focus")
    page.type("Monday")
    page.press_return()
    wait_focus(page, "Summary", "Return in the title")
    wait_marked(page, source, "onSubmit { focus = .summary }")
    page.control("Text editor").click()
    wait_focus(page, "Text editor", "a tap on the editor")
    page.type("first")
    page.press_return()
    page.type("second")
    wait_value(page, "Text editor", "first\nsecond")
    assert page.active_name() == "Text editor", "Return in a TextEditor is a new line, focus stays"
    page.control("Done").click()
    wait_no_focus(page, "Done")
    page.wait(lambda: page.control("Done").get_attribute("aria-disabled") == "true", "Done is disabled again")
    assert page.values("Title") == ["Monday"]


def test_editor_return_is_a_new_line_in_the_vertical_summary(page):
    play(page, "editor-return")
    page.control("Summary").click()
    wait_focus(page, "Summary", "a tap on Summary")
    page.type("one")
    wait_value(page, "Summary", "one")
    page.press_return()
    page.wait(lambda: page.session_values("Summary") == ["one\n"],
              lambda: f"Return is a new line in the session's summary: {page.session_values('Summary')}")
    assert page.active_name() == "Summary", "Return in a vertical field is a new line, focus stays"
    page.type("two")
    page.wait(lambda: page.session_values("Summary") == ["one\ntwo"],
              lambda: f"typing goes on after the new line: {page.session_values('Summary')}", FIXED_BUG_SECONDS)


def test_search_button_focuses_the_field_return_searches_and_cancel_shows_only_with_focus(page):
    play(page, "search")
    assert page.controls("Cancel") == [], "no Cancel before the field has focus"
    page.control("Find something").click()
    wait_focus(page, "Search", "Find something sets isSearching = true")
    page.wait(lambda: len(page.controls("Cancel")) == 1 and page.focus_value("isSearching") == "true", "Cancel appears with focus")
    page.type("tea")
    wait_value(page, "Search", "tea")
    page.press_return()
    wait_no_focus(page, "Return searches and lets go")
    wait_texts(page, ["Results for tea"])
    page.wait(lambda: page.controls("Cancel") == [] and page.focus_value("isSearching") == "false", "Cancel goes with focus")
    page.control("Search").click()
    wait_focus(page, "Search", "a tap on Search")
    page.wait(lambda: len(page.controls("Cancel")) == 1, "Cancel appears again")
    page.type(" cakes")
    wait_value(page, "Search", "tea cakes")
    page.control("Cancel").click()
    wait_no_focus(page, "Cancel")
    wait_value(page, "Search", "")
    assert page.controls("Cancel") == [] and page.texts() == ["Results for tea"], "Cancel clears the query, not the results"


def test_search_return_straight_after_typing_searches_for_all_of_it(page):
    play(page, "search")
    page.control("Find something").click()
    wait_focus(page, "Search", "Find something sets isSearching = true")
    page.type("tea" + Keys.ENTER)
    wait_no_focus(page, "Return searches and lets go")
    wait_texts(page, ["Results for tea"], FIXED_BUG_SECONDS)


def test_toggle_reveal_the_switch_shows_the_editor_and_the_button_also_focuses_it(page):
    play(page, "toggle-reveal")
    switch = page.control("Add a card")
    assert switch.get_attribute("role") == "switch" and switch.get_attribute("aria-checked") == "false"
    assert page.controls("Text editor") == []
    page.control("Recipient").click()
    wait_focus(page, "Recipient", "a tap on Recipient")
    page.type("Grace")
    switch.click()
    page.wait(lambda: len(page.controls("Text editor")) == 1 and switch.get_attribute("aria-checked") == "true",
              "switching it on shows the card's editor")
    assert page.active_name() == "Recipient", "the switch alone moves no focus (the source sets none)"
    switch.click()
    page.wait(lambda: page.controls("Text editor") == [] and switch.get_attribute("aria-checked") == "false", "off hides it")
    page.control("Write the card").click()
    wait_focus(page, "Text editor", "Write the card sets addCard and focus in one action")
    assert switch.get_attribute("aria-checked") == "true"
    page.type("Happy birthday")
    wait_value(page, "Text editor", "Happy birthday")
    assert page.values("Recipient") == ["Grace"]
