"""The code panel's one shared editor (issue 22): the source typed in it goes out as splices, as a
field's text does, so two people typing at once lose nothing and both phones are rebuilt from the
text once it compiles; a text with errors lists them while the last good program runs on; a
viewer's editor takes no typing; the lines under the text area are numbered and coloured; Return,
Tab, Shift+Tab and Escape-then-Tab behave as in a code editor; the bracket at the caret and its
partner are marked (brackets in strings and comments skipped); and the find box selects matches."""

from urllib.parse import urljoin

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from display import assert_no_axe_violations
from program_page import at_once, example, line_of

A_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789"
B_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def join(two, session, viewer=False):
    """The second browser opens the first one's `session` (its edit link, or its watch-only link)."""
    a, b = two
    b.open(urljoin(a.base_url, f"?session={session['viewer'] if viewer else session['id']}"))
    b.reset_local_preferences()
    b.wait_drawn()


def caret_at(page, offset):
    """Puts the editor's caret at `offset` (UTF-16), the editor focused."""
    page.js("""
        const area = document.getElementById('source-text');
        area.focus();
        area.setSelectionRange(arguments[0], arguments[0]);
    """, offset)


def editor_caret(page):
    return page.js("const area = document.getElementById('source-text'); return [area.selectionStart, area.selectionEnd]")


def in_editor(page):
    return page.js("return document.activeElement?.id === 'source-text'")


def settled(pages):
    """Waits until every page has sent all it typed and shows the server's source; returns it."""
    served = {}

    def agreed():
        served["source"] = pages[0].server_state()["state"]["program"]["source"]
        return all(page.pending_intents() == 0 and page.source_value() == served["source"] for page in pages)
    pages[0].wait(agreed, lambda: f"every page should show the server's source: {[page.source_value() == served.get('source') for page in pages]}")
    return served["source"]


def phone_buttons(page):
    return page.js("return [...document.querySelectorAll('.program-screen button')].map((button) => button.textContent)")


def test_two_people_typing_into_the_source_at_once_lose_nothing_and_both_phones_redraw(two):
    a, b = two
    source = example("login.swift")
    join(two, a.open_source(source))
    a_typed = "".join(A_LETTERS[(index * 7) % len(A_LETTERS)] for index in range(30))
    b_typed = "".join(B_LETTERS[(index * 5) % len(B_LETTERS)] for index in range(30))
    # A types into the button's title, B into the username field's, both inside their strings:
    # every text on the way compiles.
    a_at = source.index('Button("Sign In') + len('Button("Sign In')
    b_at = source.index('TextField("Username') + len('TextField("Username')
    caret_at(a, a_at)
    caret_at(b, b_at)
    at_once(lambda: a.type_in_chunks(a_typed, 3), lambda: b.type_in_chunks(b_typed, 3))
    final = settled(two)
    for typed in (a_typed, b_typed):
        assert typed in final, f"every character typed is in the final source, whole and in order: {final!r}"
    assert len(final) == len(source) + len(a_typed) + len(b_typed), "nothing else was added or lost"
    expected = source[:b_at] + b_typed + source[b_at:a_at] + a_typed + source[a_at:]
    assert final == expected, f"each person's typing lands where they typed it, whole: {final!r}"
    for page in two:
        page.wait(lambda page=page: f"Sign In{a_typed}" in phone_buttons(page),
                  lambda page=page: f"[{page.name}] the phone draws the new program's button: {phone_buttons(page)}")
        page.wait(lambda page=page: page.controls(f"Username{b_typed}"),
                  lambda page=page: f"[{page.name}] the phone draws the new program's field")
        assert page.source_value() == expected


def test_a_source_with_an_error_lists_it_and_the_last_program_runs_on(two):
    a, b = two
    source = example("login.swift")
    join(two, a.open_source(source))
    close = source.index('Button("Sign In")') + len('Button("Sign In"')
    caret_at(a, close + 1)
    a.type(Keys.BACKSPACE)  # takes the `)` away: the call is never closed
    broken = source[:close] + source[close + 1:]
    line = line_of(source, 'Button("Sign In")')
    for page in two:
        page.wait(lambda page=page: page.source_value() == broken, f"[{page.name}] the editor shows the broken text")
        page.wait(lambda page=page: any(entry["line"] == line and "Error" in entry["text"] for entry in page.diagnostics()),
                  lambda page=page: f"[{page.name}] the error on line {line} is listed: {page.diagnostics()}")
        page.wait(lambda page=page: page.source_status().endswith("the last program that compiled keeps running."),
                  lambda page=page: f"[{page.name}] the status line says the last program runs on: {page.source_status()!r}")
    assert a.server_state()["state"]["program"]["runs"] is False
    # The last good program still runs: its button works.
    b.click_when_still(b.control("Sign In"))
    b.wait(lambda: b.active_name() == "Username", "Sign In, in the program still running, focuses the empty username")
    caret_at(a, close)
    a.type(")")
    for page in two:
        page.wait(lambda page=page: page.diagnostics() == [] and page.source_status() == "",
                  lambda page=page: f"[{page.name}] the mended source lists no problem: {page.diagnostics()}, {page.source_status()!r}")
    assert a.server_state()["state"]["program"]["runs"] is True


def test_a_viewers_editor_takes_no_typing_and_shows_the_editors(two):
    a, b = two
    source = example("login.swift")
    join(two, a.open_source(source), viewer=True)
    before = a.server_state()["revision"]
    area = b.driver.find_element(By.ID, "source-text")
    assert area.get_attribute("readOnly") == "true"
    assert b.driver.find_element(By.ID, "source-read-only").is_displayed()
    b.click_when_still(area)
    b.type("Mallory")
    b.type(Keys.ENTER)
    assert b.source_value() == source, "the viewer's typing changes nothing"
    assert b.pending_intents() == 0 and a.server_state()["revision"] == before
    caret_at(a, source.index("import SwiftUI") + len("import SwiftUI"))
    a.type(" // shared")
    b.wait(lambda: "import SwiftUI // shared" in b.source_value(), "the viewer sees the editor's typing")


def test_the_editor_numbers_and_colours_the_lines_it_edits(page):
    source = example("login.swift")
    page.open_source(source)
    page.wait(lambda: page.js("return document.querySelectorAll('#source-lines [class^=syntax-]').length > 0"), "the lines are coloured")
    numbers = page.js("""
        return [...document.querySelectorAll('#source-lines > li')]
          .map((line) => getComputedStyle(line, '::before').content.replaceAll('"', ''));
    """)
    assert numbers == [str(number) for number in range(1, source.count("\n") + 2)], "every line is numbered in the gutter"
    area = page.js("""
        const area = document.getElementById('source-text');
        const lines = document.getElementById('source-lines');
        return {name: area.labels[0].textContent, color: getComputedStyle(area).color, caret: getComputedStyle(area).caretColor,
                hidden: lines.getAttribute('aria-hidden'), overflow: area.scrollHeight - area.clientHeight,
                heights: [area.offsetHeight, lines.offsetHeight]};
    """)
    assert area["name"] == "SwiftUI source" and area["hidden"] == "true"
    assert area["color"] == "rgba(0, 0, 0, 0)" and area["caret"] != "rgba(0, 0, 0, 0)", "the text area's text is drawn by the lines under it"
    assert area["overflow"] <= 0 and area["heights"][0] == area["heights"][1], "the text area is exactly as tall as its lines"
    # Typing: the new line is numbered, and the colours stay on the text that was coloured.
    caret_at(page, source.index("import SwiftUI") + len("import SwiftUI"))
    page.type(Keys.ENTER)
    page.wait(lambda: page.js("return document.querySelectorAll('#source-lines > li').length") == source.count("\n") + 2,
              "the new line is drawn at once")
    coloured = page.js("return [...document.querySelectorAll('#source-lines span.syntax-keyword')].map((span) => span.textContent)")
    assert "struct" in coloured
    page.wait_source_read()
    assert page.js("return document.getElementById('source-lines').textContent").replace(" ", "") \
        == page.source_value().replace("\n", "").replace(" ", "")


def test_return_tab_and_shift_tab_indent_and_escape_then_tab_leaves(page):
    source = example("login.swift")
    page.open_source(source)
    body = source.index("var body: some View {") + len("var body: some View {")
    caret_at(page, body)
    page.type(Keys.ENTER)
    text = page.source_value()
    assert text[body:body + 9] == "\n" + " " * 8, "Return after `{` indents one level more than its line"
    assert editor_caret(page) == [body + 9, body + 9]
    page.type(Keys.ENTER)
    assert page.source_value()[body + 9:body + 18] == "\n" + " " * 8, "Return keeps the line's indentation"
    page.type(Keys.TAB)
    assert page.source_value()[body + 10:body + 22] == " " * 12 and editor_caret(page) == [body + 22, body + 22], \
        "Tab inserts four spaces"
    ActionChains(page.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    assert editor_caret(page) == [body + 18, body + 18] and page.source_value()[body + 10:body + 18] == " " * 8, \
        "Shift+Tab takes four spaces back"
    assert in_editor(page), "Tab and Shift+Tab stay in the editor"
    settled([page])
    page.type(Keys.ESCAPE)
    page.type(Keys.TAB)
    page.wait(lambda: not in_editor(page), "Escape, then Tab, leaves the editor")
    assert page.js("return document.activeElement.tagName") != "BODY"
    assert "Escape, then Tab" in page.driver.find_element(By.ID, "source-keys-help").text
    assert "source-keys-help" in page.driver.find_element(By.ID, "source-text").get_attribute("aria-describedby")


def test_the_bracket_at_the_caret_and_its_partner_are_marked_skipping_strings_and_comments(page):
    source = example("login.swift").replace('Button("Sign In")', 'Button("Sign In }")') \
        .replace("        Form {\n", "        Form {\n            // a { in a comment\n")
    page.open_source(source)
    page.wait(lambda: page.js("return document.querySelectorAll('#source-lines [class^=syntax-]').length > 0"), "the lines are coloured")
    opening = source.index("var body: some View {") + len("var body: some View")
    closing_line = line_of(source, "if signedIn {") + 4  # the `}` that closes body

    def marked():
        return page.js("""
            return [...document.querySelectorAll('#source-lines .source-bracket')]
              .map((span) => [Number(span.closest('li').dataset.line), span.textContent]);
        """)
    caret_at(page, opening + 1)  # just after the `{`
    page.wait(lambda: marked() == [[line_of(source, "var body: some View {"), "{"], [closing_line, "}"]],
              lambda: f"the `{{` before the caret and its `}}` are marked: {marked()}")
    assert page.js("return getComputedStyle(document.querySelector('#source-lines .source-bracket')).outlineStyle") != "none"
    call = source.index('Button("Sign In }") { signIn() }') + len('Button("Sign In }") { signIn(')
    caret_at(page, call)  # just before the `)` of signIn(), the `}` of the title in a string on its line
    line = line_of(source, 'Button("Sign In }")')
    page.wait(lambda: marked() == [[line, "("], [line, ")"]], lambda: f"the `()` of signIn() are marked: {marked()}")
    page.js("document.getElementById('source-text').blur()")
    page.wait(lambda: marked() == [], "no bracket is marked while the editor is not in use")


def test_find_selects_each_match_and_escape_returns_to_the_editor(page):
    source = example("login.swift")
    page.open_source(source)
    matches = [index for index in range(len(source)) if source.startswith("focusedfield", index)
               or source.startswith("focusedField", index)]
    caret_at(page, 0)
    ActionChains(page.driver).key_down(Keys.CONTROL).send_keys("f").key_up(Keys.CONTROL).perform()
    box = page.driver.find_element(By.ID, "source-find")
    page.wait(lambda: box.is_displayed() and page.active_name() == "Find in the source", "Ctrl+F opens the labelled find box")
    page.type("focusedfield")
    page.wait(lambda: editor_caret(page) == [matches[0], matches[0] + 12], lambda: f"the first match is selected: {editor_caret(page)}")
    assert page.driver.find_element(By.ID, "source-find-count").text == f"1 of {len(matches)}"
    assert page.js("return document.querySelector('#source-lines .source-found')?.textContent") == "focusedField"
    page.type(Keys.ENTER)
    page.wait(lambda: editor_caret(page) == [matches[1], matches[1] + 12], "Enter goes to the next match")
    page.type(Keys.ENTER)
    ActionChains(page.driver).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()
    page.wait(lambda: editor_caret(page) == [matches[1], matches[1] + 12], "Shift+Enter goes back one")
    ActionChains(page.driver).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()
    ActionChains(page.driver).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()
    page.wait(lambda: editor_caret(page) == [matches[-1], matches[-1] + 12], "round the start to the last match")
    assert_no_axe_violations(page, "the find box open")
    page.type(Keys.ESCAPE)
    page.wait(lambda: not box.is_displayed() and in_editor(page), "Escape closes the find box and returns to the editor")
    assert editor_caret(page) == [matches[-1], matches[-1] + 12], "the match stays selected"
    # The Find button opens it too, from the keyboard.
    button = page.driver.find_element(By.ID, "source-find-open")
    button.send_keys(Keys.ENTER)
    page.wait(lambda: box.is_displayed() and page.active_name() == "Find in the source", "Find opens the box")
    page.type("no such text")
    page.wait(lambda: page.driver.find_element(By.ID, "source-find-count").text == "No matches", "no match is said")
    page.driver.find_element(By.ID, "source-find-close").click()
    page.wait(lambda: not box.is_displayed() and in_editor(page), "Close returns to the editor")
