"""The example forms with rows, child views, two focus states or two screens, and the ones with a
mistake in them, played in a real browser as test_example_plays.py plays the others: rows focused
by id inserted and removed, a focus binding passed to child views, two screens each with its own
focus, and the warnings listed on their lines while the rest of the program still runs. Some
plays pin down bugs these plays found and that are fixed: a screen switch after typing, the first
row removed, false warnings."""

import pytest
from selenium.webdriver.common.by import By

from example_plays import (FIXED_BUG_SECONDS, TIMER_SECONDS, play, replace_text, tap_field, wait_focus, wait_marked,
                           wait_no_focus, wait_rows, wait_value)
from program_page import line_of


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
