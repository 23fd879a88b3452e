"""Sessions running their own SwiftUI source: the phone draws what the program draws, taps and
typing go to the program, the code panel marks the line behind the last event (from the line
the server sends, not from matching text), a source edited in the code panel replaces the program
once it compiles while the values typed stay, a broken one lists its diagnostics while the last
good program runs on, and every example opens."""

from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from display import assert_no_axe_violations
from program_page import EXAMPLES, create_session, example, line_of



def test_login_return_moves_focus_to_the_password_and_marks_the_line_that_did(page):
    source = example("login.swift")
    page.open_source(source)
    assert page.screen_name() == "LoginForm"
    page.control("Username").click()
    page.wait(lambda: page.active_name() == "Username" and page.keyboard_state() == "up", "Username takes focus, the keyboard comes up")
    page.type("ada")
    page.wait(lambda: page.control("Username").get_attribute("value") == "ada", "the typing shows")
    page.press_return()
    line = line_of(source, "focusedField = .password }")
    page.wait(lambda: page.active_name() == "Password", lambda: f"Return should move DOM focus to Password, not {page.active_name()!r}")
    page.wait(lambda: page.marked_lines() == [(line, source.split("\n")[line - 1])],
              lambda: f"line {line} should be marked aria-current, not {page.marked_lines()}")
    # The log and the inspector say it too: the state change and the focus move with their line.
    log = page.js("return document.getElementById('event-log').textContent")
    assert "focusedField = .password" in log and f"line {line}" in log
    inspector = page.js("return document.getElementById('inspector').textContent")
    assert ".password" in inspector and '"ada"' in inspector
    assert page.server_state()["state"]["program"]["drawn"]["content"][0]["content"][0]["value"] == "ada"


def test_the_source_panel_draws_the_source_in_the_compilers_syntax_colours(page):
    source = example("login.swift")
    page.open_source(source)
    page.wait(lambda: page.js("return document.querySelectorAll('#source-lines [class^=syntax-]').length > 0"),
              "the source lines are drawn in syntax colours")
    coloured = page.js("""
        const spans = [...document.querySelectorAll('#source-lines span')];
        return spans.map((span) => [span.className, span.textContent]);
    """)
    assert ["syntax-keyword", "struct"] in coloured, coloured
    assert ["syntax-string", '""'] in coloured, coloured
    assert ["syntax-type", "View"] in coloured and ["syntax-attribute", "@FocusState"] in coloured, coloured
    assert all(kind.startswith("syntax-") for kind, _ in coloured), coloured
    # Nothing lost or duplicated: each line's text is the source's (an empty line is drawn as a space).
    lines = page.js("return [...document.querySelectorAll('#source-lines > li')].map((line) => line.textContent)")
    assert lines == [line or " " for line in source.split("\n")]
    for scheme in ("light", "dark"):
        page.emulate_media(prefers_color_scheme=scheme)
        assert_no_axe_violations(page, f"a program session's coloured source, {scheme}")
    page.emulate_media()


def test_the_keyboard_toolbar_shows_previous_disabled_on_the_first_field(page):
    page.open_source(example("keyboard-toolbar.swift"))
    page.control("Card number").click()
    page.wait_keyboard_up()
    previous, following = page.control("Previous"), page.control("Next")
    page.wait(lambda: previous.get_attribute("aria-disabled") == "true", "Previous is disabled on the first field")
    assert following.get_attribute("aria-disabled") == "false"
    previous.click()
    following.click()
    page.wait(lambda: page.active_name() == "Expiry (MM/YY)", lambda: f"Next moves focus to Expiry, not {page.active_name()!r}")
    page.wait(lambda: page.control("Previous").get_attribute("aria-disabled") == "false", "Previous works from the second field")
    page.control("Done").click()
    page.wait(lambda: page.keyboard_state() == "down" and page.active_name() is None, "Done lets go of focus")


def test_a_rows_notes_show_only_while_the_row_has_focus(page):
    page.open_source(example("reveal-notes.swift"))
    titles = page.driver.find_elements(By.CSS_SELECTOR, ".program-screen input")
    assert page.controls_named("Notes") == 0, "no notes while nothing has focus"
    titles[0].click()
    page.wait(lambda: page.controls_named("Notes") == 1, "the first row's notes appear")
    page.press_return()
    page.wait(lambda: page.active_name() == "Notes", "Return in the title focuses its notes")
    page.type("soil")
    page.wait(lambda: page.control("Notes").get_attribute("value") == "soil", "typing into the revealed notes shows")
    second = page.driver.find_elements(By.CSS_SELECTOR, ".program-screen input")[2]
    second.click()
    page.wait(lambda: page.active_name() == "Title" and page.controls_named("Notes") == 1
              and page.js("return document.activeElement.closest('li').querySelectorAll('input').length") == 2,
              "the notes follow focus to the second row")


def test_a_runaway_loop_is_stopped_and_every_other_button_still_works(page):
    page.open_source(example("runaway-loop.swift"))
    assert page.texts() == ["Counter: 0"]
    page.control("Count forever").click()
    page.wait(lambda: "stopped" in page.notice_text(), lambda: f"an error notice says the loop was stopped: {page.notice_text()!r}")
    assert page.texts() == ["Counter: 0"], "nothing changed"
    page.control("Add one").click()
    page.wait(lambda: page.texts() == ["Counter: 1"], lambda: f"Add one still counts: {page.texts()}")


def test_a_syntax_error_is_shown_with_its_line_and_the_old_program_keeps_running(page):
    source = example("login.swift")
    page.open_source(source)
    broken = source.replace('Button("Sign In") { signIn() }', 'Button("Sign In" { signIn() }')
    page.set_source(broken)
    page.wait_source_read()
    line = line_of(broken, 'Button("Sign In" {')
    page.wait(lambda: any(entry["line"] == line and "Error" in entry["text"] for entry in page.diagnostics()),
              lambda: f"an error on line {line} should be listed: {page.diagnostics()}")
    assert page.source_status().endswith("in the source: the last program that compiled keeps running."), page.source_status()
    assert page.control("Sign In").tag_name == "button", "the phone still draws the old program"
    page.driver.find_element(By.CSS_SELECTOR, "#source-diagnostics .source-diagnostic-button").click()
    caret_line = page.js("const area = document.activeElement; return area.id === 'source-text' ? area.value.slice(0, area.selectionStart).split('\\n').length : null")
    assert caret_line == line, "the diagnostic moves the text area's caret to its line"


def test_an_edited_source_replaces_the_program_and_keeps_what_was_typed(page):
    source = example("login.swift")
    page.open_source(source)
    page.control("Username").click()
    page.type("grace")
    page.wait(lambda: page.control("Username").get_attribute("value") == "grace", "the typing shows")
    page.set_source(source.replace('Button("Sign In")', 'Button("Log In")'))
    page.wait_source_read()
    page.wait(lambda: page.js("return [...document.querySelectorAll('.program-screen button')].map((b) => b.textContent).includes('Log In')"),
              "the new source's button shows")
    assert page.control("Username").get_attribute("value") == "grace"
    assert page.source_status() == "", "a source that runs needs no word of explanation"
    assert 'Button("Log In")' in page.js("return document.getElementById('source-lines').textContent")


def test_a_viewer_sees_the_source_read_only(two):
    editor, viewer = two
    session = editor.open_source(example("login.swift"))
    viewer.open(urljoin(editor.base_url, f"?session={session['viewer']}"))
    viewer.wait_drawn()
    area = viewer.source_text()
    assert area.get_attribute("readOnly") == "true"
    assert not viewer.driver.find_element(By.ID, "source-restart").is_displayed()
    assert viewer.driver.find_element(By.ID, "source-read-only").is_displayed()
    assert "struct LoginForm" in area.get_attribute("value")
    editor.control("Username").click()
    editor.type("ada")
    viewer.wait(lambda: viewer.control("Username").get_attribute("value") == "ada", "the viewer sees the typing")
    assert viewer.control("Username").get_attribute("readOnly") == "true"


def test_every_example_opens_from_the_examples_menu(page):
    status, answer = create_session(page.base_url, example("login.swift"))
    assert status == 201
    page.open(urljoin(page.base_url, f"?session={answer['id']}"))
    for path in sorted(EXAMPLES.glob("*.swift")):
        before = page.session_id
        menu = page.driver.find_element(By.ID, "examples")
        if menu.get_attribute("aria-expanded") != "true":
            page.click_when_still(menu)
        selector = f"#examples-list button[data-file='{path.name}']"
        page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, selector), f"the menu lists {path.name}")
        page.driver.find_element(By.CSS_SELECTOR, selector).click()
        if path.name == "syntax-error.swift":
            page.wait(lambda: "was not opened: line 12" in page.driver.find_element(By.ID, "examples-status").text,
                      lambda: f"{path.name} is refused with its diagnostic: {page.driver.find_element(By.ID, 'examples-status').text!r}")
            assert page.session_id == before
            continue
        page.wait(lambda: page.session_id != before, f"{path.name} opens a new session")
        page.wait_connected()
        page.wait_drawn()
        first = page.server_state()["state"]["program"]["screens"][0]
        page.wait(lambda: page.screen_name() == first and page.drawn_controls() > 0,
                  lambda: f"{path.name}: the phone draws {first} with a control ({page.screen_name()}, {page.drawn_controls()})")


def test_a_program_session_passes_axe_and_works_from_the_keyboard(page):
    page.open_source(example("keyboard-toolbar.swift"))
    assert_no_axe_violations(page, "a program session, as it opens", source=False)
    page.js("document.activeElement.blur()")
    for _ in range(30):
        page.type(Keys.TAB)
        if page.active_name() == "Card number":
            break
    assert page.active_name() == "Card number", "Tab reaches the program's first field"
    page.wait(lambda: page.keyboard_state() == "up" and page.control("Previous").get_attribute("aria-disabled") == "true",
              "the session gives the field focus and the keyboard toolbar shows")
    page.type("4242")
    page.type(Keys.TAB)
    page.wait(lambda: page.active_name() == "Expiry (MM/YY)" and page.control("Previous").get_attribute("aria-disabled") == "false",
              "Tab moves focus on, and the session follows")
    assert_no_axe_violations(page, "a program session, with a field focused", source=False)
    examples = page.driver.find_element(By.ID, "examples")
    page.click_when_still(examples)
    page.wait(lambda: page.active_name() is not None and "seeds/profile.swift" in page.active_name(), "the menu opens on its first example")
    page.type(Keys.ESCAPE)
    page.wait(lambda: examples.get_attribute("aria-expanded") == "false" and page.active_name() == "Examples", "Escape closes it")
