"""Every example form played in a real browser, for the behaviour it is there to show: the phone's
DOM focus goes where the program moves focus (read by accessible name, as a person would), the
values typed and the texts drawn follow the program's state, the code panel marks the line that
moved focus, and the examples with a mistake in them list its warning on its line while the rest
of the program still runs. Timers run on the server's real clock: a late focus is waited for.
Some plays pin down bugs these plays found and that are fixed: a Return straight after typing, a
screen switch after typing, the first row removed, a vertical field, false warnings."""

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from playground import WAIT_SECONDS
from program_page import example, line_of, page  # noqa: F401 (page: a fixture)

# Focus that arrives on a timer is waited for this long at most (the timers are 1 s or less).
TIMER_SECONDS = 6
# How long a play of a fixed bug waits for the behaviour the bug prevented (it shows in well under a second).
FIXED_BUG_SECONDS = 3


def play(page, name):
    """Opens a new session running example `name`; returns its source."""
    source = example(f"{name}.swift")
    page.open_source(source)
    return source


def wait_focus(page, name, why):
    page.wait(lambda: page.active_name() == name, lambda: f"{why}: DOM focus should be on {name!r}, not {page.active_name()!r}")


def wait_no_focus(page, why):
    page.wait(lambda: page.active_name() is None, lambda: f"{why}: DOM focus should leave the form, not stay on {page.active_name()!r}")


def wait_marked(page, source, text, below=0):
    """Waits until the one source line holding `text` (or the line `below` it) is the one marked as
    behind the last event."""
    line = line_of(source, text) + below
    page.wait(lambda: page.marked_lines() == [(line, source.split("\n")[line - 1])],
              lambda: f"line {line} ({text!r}) should be marked aria-current, not {page.marked_lines()}")


def wait_value(page, name, value):
    """Waits until the field named `name` shows `value` and the session holds it too (what a
    button or Return reads next)."""
    page.wait(lambda: page.values(name) == [value] and page.session_values(name) == [value],
              lambda: f"{name} should read {value!r}, not {page.values(name)} (the session has {page.session_values(name)})")


def wait_rows(page, name, values, why):
    page.wait(lambda: page.values(name) == values and page.session_values(name) == values,
              lambda: f"{why}: the {name} rows should read {values}, not {page.values(name)} (the session has {page.session_values(name)})")


def wait_texts(page, texts, timeout=WAIT_SECONDS):
    page.wait(lambda: page.texts() == texts, lambda: f"the drawn texts should be {texts}, not {page.texts()}", timeout)


def replace_text(page, text):
    """Replaces the whole text of the focused field, as selecting it and typing over it does."""
    page.select_all()
    page.type(text or Keys.BACKSPACE)


def tap_field(page, element, name):
    element.click()
    wait_focus(page, name, f"a tap on {name}")


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


def test_insert_after_return_inserts_a_row_after_this_one_and_focuses_it(page):
    source = play(page, "insert-after")
    assert page.values("Item") == ["Passport", "Charger"]
    tap_field(page, page.controls("Item")[0], "Item")
    page.press_return()
    wait_rows(page, "Item", ["Passport", "", "Charger"], "a new item goes right after Passport")
    page.wait(lambda: page.active_element() == page.controls("Item")[1], "DOM focus is on the new, second item")
    wait_marked(page, source, "focused = item.id")
    page.type("Socks")
    wait_rows(page, "Item", ["Passport", "Socks", "Charger"], "typing goes to the new item")
    page.press_return()
    wait_rows(page, "Item", ["Passport", "Socks", "", "Charger"], "and again after Socks")
    page.wait(lambda: page.active_element() == page.controls("Item")[2], "DOM focus is on the third item")
    page.control("Add item").click()
    wait_rows(page, "Item", ["Passport", "Socks", "", "Charger", ""], "Add item appends")
    page.wait(lambda: page.active_element() == page.controls("Item")[4], "DOM focus is on the last item")


@pytest.mark.parametrize("name", ["insert-after", "remove-row"])
def test_rows_focused_by_id_list_no_warnings(page, name):
    play(page, name)
    assert page.diagnostics() == [], f"a correct program should list no problems: {page.diagnostics()}"


def test_remove_row_moves_focus_to_the_guest_taking_its_place(page):
    play(page, "remove-row")
    assert page.values("Guest") == ["Ada", "Grace", "Alan"]
    tap_field(page, page.controls("Guest")[1], "Guest")
    page.controls("Remove")[1].click()
    wait_rows(page, "Guest", ["Ada", "Alan"], "Grace is removed")
    page.wait(lambda: page.active_element() == page.controls("Guest")[1], "focus moves to Alan, who takes Grace's place")
    assert page.active_element().get_attribute("value") == "Alan"
    page.controls("Remove")[1].click()
    wait_rows(page, "Guest", ["Ada"], "Alan is removed")
    page.wait(lambda: page.active_element() == page.controls("Guest")[0], "focus moves to Ada, the one before the last")
    page.type(" L")
    wait_rows(page, "Guest", ["Ada L"], "typing goes to Ada")
    page.controls("Remove")[0].click()
    page.wait(lambda: page.controls("Guest") == [], "the list is empty")
    wait_no_focus(page, "the last guest removed")


def test_remove_row_leaves_focus_where_it_is_when_another_row_goes(page):
    play(page, "remove-row")
    tap_field(page, page.controls("Guest")[2], "Guest")
    page.controls("Remove")[1].click()
    wait_rows(page, "Guest", ["Ada", "Alan"], "Grace is removed")
    page.wait(lambda: page.active_element() == page.controls("Guest")[1], "DOM focus stays on Alan")
    replace_text(page, "")
    wait_rows(page, "Guest", ["Ada", ""], "Alan's name is cleared")
    page.control("Remove empty names").click()
    wait_rows(page, "Guest", ["Ada"], "the emptied name goes")


def test_remove_row_keeps_dom_focus_when_the_first_row_goes(page):
    play(page, "remove-row")
    tap_field(page, page.controls("Guest")[2], "Guest")
    page.controls("Remove")[0].click()
    wait_rows(page, "Guest", ["Grace", "Alan"], "Ada is removed")
    focused = page.server_state()["state"]["program"]["drawn"]["focused"]
    assert page.controls("Guest")[1].get_attribute("data-field") == focused, "the session keeps focus on Alan"
    page.wait(lambda: page.active_element() == page.controls("Guest")[1],
              lambda: f"DOM focus should stay on Alan, not on {page.active_name()!r}", FIXED_BUG_SECONDS)


def test_child_binding_moves_the_parents_focus_through_the_child_views(page):
    source = play(page, "child-binding")
    page.control("Name").click()
    wait_focus(page, "Name", "a tap on Name")
    page.type("Ada")
    page.press_return()
    wait_focus(page, "Phone", "the child's onSubmit sets focus.wrappedValue = next")
    page.wait(lambda: page.focus_value("focus") == ".phone", lambda: f"the parent's focus reads .phone, not {page.focus_value('focus')}")
    wait_marked(page, source, "focus.wrappedValue = next")
    page.type("555 0100")
    page.press_return()
    wait_focus(page, "Email", "on to the third child")
    assert page.control("Email").get_attribute("enterkeyhint") == "done", "the last child's submit label is done"
    page.press_return()
    wait_no_focus(page, "next is nil after Email")
    assert page.focus_value("focus") == "nil"
    assert [page.values(name) for name in ("Name", "Phone")] == [["Ada"], ["555 0100"]], "the @Binding text reaches the parent"


def test_child_binding_lists_no_warnings(page):
    play(page, "child-binding")
    assert page.diagnostics() == [], f"a correct program should list no problems: {page.diagnostics()}"


def test_two_focus_states_each_reads_empty_while_the_other_holds_focus(page):
    source = play(page, "two-focus-states")
    page.control("Street").click()
    wait_focus(page, "Street", "a tap on Street")
    page.wait(lambda: (page.focus_value("line"), page.focus_value("writingNote")) == (".street", "false"), "line is .street")
    page.press_return()
    wait_focus(page, "City", "line = .city")
    page.press_return()
    wait_focus(page, "Note", "writingNote = true")
    wait_marked(page, source, "onSubmit { writingNote = true }")
    page.wait(lambda: (page.focus_value("line"), page.focus_value("writingNote")) == ("nil", "true"),
              lambda: f"line reads nil while the note has focus ({page.focus_value('line')}, {page.focus_value('writingNote')})")
    page.type("Leave it by the door")
    wait_value(page, "Note", "Leave it by the door")
    page.control("Done").click()
    wait_no_focus(page, "Done clears both")
    assert (page.focus_value("line"), page.focus_value("writingNote")) == ("nil", "false")


def test_two_screens_are_two_tabs_each_with_its_own_focus(page):
    source = play(page, "two-screens")
    tabs = page.js("return [...document.querySelectorAll('[role=tab]')].map((tab) => tab.textContent)")
    assert tabs == ["NameScreen", "CityScreen"], "a tab per screen, in source order"
    assert page.current_screen() == "NameScreen" and page.screen_name() == "NameScreen"
    page.wait(lambda: page.active_name() == "Your name", "asyncAfter focuses the name", timeout=TIMER_SECONDS)
    page.go_to("CityScreen")
    page.wait(lambda: page.screen_name() == "CityScreen" and page.controls("Your name") == [], "the phone draws CityScreen")
    wait_focus(page, "City", "CityScreen's defaultFocus")
    page.wait(lambda: page.focus_value("focus") == ".city", "CityScreen's focus reads .city")
    page.press_return()
    wait_focus(page, "Country", "onSubmit { focus = .country }")
    wait_marked(page, source, "onSubmit { focus = .country }")
    page.type("France")
    wait_value(page, "Country", "France")
    page.go_to("NameScreen")
    page.wait(lambda: page.screen_name() == "NameScreen" and page.controls("Country") == [], "the phone draws NameScreen again")
    page.wait(lambda: page.active_name() == "Your name", "its onAppear runs again and focuses the name", timeout=TIMER_SECONDS)
    page.go_to("CityScreen")
    wait_rows(page, "Country", ["France"], "CityScreen keeps its country")


def test_two_screens_switch_after_typing_on_the_first(page):
    play(page, "two-screens")
    try:
        page.wait(lambda: page.active_name() == "Your name", "asyncAfter focuses the name", timeout=TIMER_SECONDS)
        page.type("Ada")
        wait_value(page, "Your name", "Ada")
        page.tab("CityScreen").click()
        page.wait(lambda: page.screen_name() == "CityScreen" and page.values("City") == [""],
                  lambda: f"the phone should draw CityScreen with an empty City, not {page.screen_name()}", FIXED_BUG_SECONDS)
        wait_focus(page, "City", "CityScreen's defaultFocus")
    finally:
        # What the page threw is this test's failure, not the fixture's.
        thrown = [entry["message"] for entry in page.driver.get_log("browser") if "Uncaught" in entry["message"]]
    assert not thrown, f"the page threw: {thrown}"


def test_focus_bug_warns_on_both_fields_bound_to_name_and_the_form_still_runs(page):
    source = play(page, "focus-bug")
    name_line, email_line = line_of(source, 'TextField("Name"') + 1, line_of(source, 'TextField("Email"') + 1
    page.wait(lambda: page.diagnostics(), "the diagnostics are listed")
    for line in (name_line, email_line):
        assert any("Warning" in text and "Two fields are bound to `.name`" in text for text in page.diagnostics_on(line)), \
            f"line {line} should have the two-fields warning: {page.diagnostics()}"
    enum_line = line_of(source, "case name, email, city")
    assert any("no field is bound to `.email`" in text for text in page.diagnostics_on(enum_line)), page.diagnostics()
    page.control("Email").click()
    wait_focus(page, "Email", "a tap on Email")
    page.wait(lambda: page.focus_value("focus") == ".name", lambda: f"the focus value reads .name, not {page.focus_value('focus')}")
    page.control("Name").click()
    wait_focus(page, "Name", "a tap on Name")
    page.type("Ada")
    page.press_return()
    wait_no_focus(page, "Return asks for .email, which no field answers to")
    page.wait(lambda: page.focus_value("focus") == "nil", "focus reads nil")
    wait_marked(page, source, "onSubmit { focus = .email }")
    page.control("City").click()
    wait_focus(page, "City", "the correctly bound field works")
    page.type("Oslo")
    wait_value(page, "City", "Oslo")
    assert page.values("Name") == ["Ada"]


def test_unbound_case_warns_and_skipping_to_it_lets_focus_go(page):
    source = play(page, "unbound-case")
    page.wait(lambda: page.diagnostics(), "the diagnostics are listed")
    enum_line, appear_line = line_of(source, "case rating, comments"), line_of(source, ".onAppear")
    assert any("no field is bound to `.comments`" in text for text in page.diagnostics_on(enum_line)), page.diagnostics()
    assert any("onAppear" in text and "defaultFocus" in text for text in page.diagnostics_on(appear_line)), page.diagnostics()
    wait_focus(page, "Rating (1 to 5)", "onAppear still sets focus here")
    assert page.control("Rating (1 to 5)").get_attribute("inputmode") == "numeric"
    page.type("4")
    wait_value(page, "Rating (1 to 5)", "4")
    page.control("Skip to comments").click()
    wait_no_focus(page, "Skip asks for .comments, which no field answers to")
    page.wait(lambda: page.focus_value("focus") == "nil", lambda: f"focus reads nil, not {page.focus_value('focus')}")
    wait_marked(page, source, "focus = .comments")
    assert page.values("Rating (1 to 5)") == ["4"]


def test_unsupported_view_is_a_placeholder_with_a_warning_and_the_fields_around_it_work(page):
    source = play(page, "unsupported-view")
    picker_line, date_line = line_of(source, "DatePicker("), line_of(source, "var date = Date()")
    page.wait(lambda: page.diagnostics(), "the diagnostics are listed")
    assert any("Warning" in text and "`DatePicker` is not modelled" in text for text in page.diagnostics_on(picker_line)), page.diagnostics()
    assert any("`Date(…)`" in text for text in page.diagnostics_on(date_line)), page.diagnostics()
    placeholder = page.driver.find_element(By.CSS_SELECTOR, f".program-screen .p-placeholder[data-line='{picker_line}']")
    assert placeholder.get_attribute("aria-label") == "DatePicker, not modelled" and placeholder.is_displayed()
    page.control("Guest").click()
    wait_focus(page, "Guest", "a tap on Guest")
    page.type("Ada")
    page.press_return()
    wait_focus(page, "Text editor", "Return goes past the placeholder into the GroupBox's editor")
    wait_marked(page, source, "onSubmit { focus = .notes }")
    page.type("late check-in")
    wait_value(page, "Text editor", "late check-in")
    page.control("Clear requests").click()
    wait_value(page, "Text editor", "")
    assert page.values("Guest") == ["Ada"]


def test_unsupported_view_is_warned_about_once(page):
    source = play(page, "unsupported-view")
    page.wait(lambda: page.diagnostics(), "the diagnostics are listed")
    listed = page.diagnostics_on(line_of(source, "DatePicker("))
    assert len(listed) == 1, f"one warning for the DatePicker: {listed}"
