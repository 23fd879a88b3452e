"""The source's diagnostics in the editor itself: a syntax error typed into the source is underlined
on its line from its column (UTF-8 bytes, counted past multi-byte characters) to the end of its
token, its line's gutter is marked with the worst severity's shape and the message on hover, the
announcer says so once (to a viewer too) while more typing keeps the error, and once more when it
is fixed; the phone runs the last good program meanwhile, and says so. The marks move with an edit
the server has not read yet. A warning is underlined in a colour and marked with a shape of its
own."""

import re
from urllib.parse import urljoin

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from display import assert_no_axe_violations
from program_page import example, line_of

# The button's title has a two-byte, a three-byte and a four-byte character (two UTF-16 units):
# an error after it on its line is 9 bytes but 5 code units further right than its characters.
TITLE = "Entrée — 😀"
SOURCE = example("login.swift").replace('Button("Sign In")', f'Button("{TITLE}")')
BUTTON_LINE = f'Button("{TITLE}") {{ signIn() }}'
NO_ERRORS = "The source has no errors; it runs."

RECORD_ANNOUNCEMENTS = """
    window.__said = [];
    const announcer = document.getElementById('announcer');
    new MutationObserver(() => {
      if (announcer.textContent) window.__said.push(announcer.textContent);
    }).observe(announcer, { childList: true, characterData: true, subtree: true });
"""


def said_about_errors(page):
    """What the announcer said about the source's errors since the recording began, in order."""
    return [text for text in page.js("return window.__said") if "error" in text]


def caret_at(page, offset):
    """Puts the editor's caret at `offset` (UTF-16) of its text, the editor focused."""
    page.js("""
        const area = document.getElementById('source-text');
        area.focus();
        area.setSelectionRange(arguments[0], arguments[0]);
    """, offset)


def utf16(text):
    return len(text.encode("utf-16-le")) // 2


def caret_after(page, text):
    """Puts the editor's caret just after `text` (once in the source)."""
    source = page.source_value()
    assert source.count(text) == 1, f"{text!r} should be in the source once"
    caret_at(page, utf16(source[:source.index(text) + len(text)]))


def underlines(page, severity):
    """`[(line, offset, text)]`: each run of the painted lines underlined for a diagnostic of
    `severity`, its offset in UTF-16 code units from its line's start."""
    return [tuple(run) for run in page.js("""
        const runs = [];
        for (const line of document.querySelectorAll('#source-lines > li')) {
          let offset = 0;
          let run = null;
          for (const node of line.childNodes) {
            if (node.classList?.contains('source-gutter-mark')) continue;
            const text = node.textContent;
            if (node.classList?.contains(`diagnostic-${arguments[0]}`)) {
              if (run && run.end === offset) {
                run.text += text;
                run.end += text.length;
              } else {
                run = { line: Number(line.dataset.line), offset, text, end: offset + text.length };
                runs.push(run);
              }
            }
            offset += text.length;
          }
        }
        return runs.map(({ line, offset, text }) => [line, offset, text]);
    """, severity)]


def gutter_marks(page):
    """`{line: (severity, title, glyph)}` of the lines whose gutter is marked."""
    return {line: (severity, title, glyph) for line, severity, title, glyph in page.js("""
        return [...document.querySelectorAll('#source-lines > li > .source-gutter-mark')].map((mark) => [
          Number(mark.parentElement.dataset.line), mark.dataset.severity, mark.title,
          getComputedStyle(mark, '::before').content,
        ]);
    """)}


def expected_underline(source, diagnostic):
    """`(line, offset, text)` the page should underline for `diagnostic` of `source`, worked out
    here from its UTF-8 column: the token there (a run of word characters, or one character)."""
    line = source.split("\n")[diagnostic["line"] - 1]
    before = line.encode("utf-8")[:diagnostic["column"] - 1].decode("utf-8")
    rest = line[len(before):]
    if not rest:
        return diagnostic["line"], utf16(line[:-1]), line[-1]
    token = re.match(r"\w+", rest)
    return diagnostic["line"], utf16(before), token.group(0) if token else rest[0]


def served_diagnostics(page, severity):
    return [entry for entry in page.server_state()["state"]["program"]["diagnostics"] if entry["severity"] == severity]


def type_into_the_comment(pages, after, typed):
    """The first page types `typed` into the doc comment just after `after`; then waits until every
    page has the server's reading of that text (the words typed are coloured as the comment only
    then, and the reading's diagnostics came with the colours)."""
    caret_after(pages[0], after)
    pages[0].type(typed)
    pages[0].wait_source_read()
    for page in pages:
        page.wait(lambda page=page: page.js("""
            return [...document.querySelectorAll('#source-lines .syntax-comment')].some((span) => span.textContent.endsWith(arguments[0]));
        """, typed), f"[{page.name}] the page shows the server's reading of the comment ending {typed!r}")


def test_a_typed_syntax_error_is_underlined_marked_and_announced_once_to_the_editor_and_a_viewer(two):
    editor, viewer = two
    session = editor.open_source(SOURCE)
    viewer.open(urljoin(editor.base_url, f"?session={session['viewer']}"))
    viewer.wait_drawn()
    for page in two:
        page.js(RECORD_ANNOUNCEMENTS)
        assert underlines(page, "error") == [] and gutter_marks(page) == {}, "a source that runs has no marks"
    line = line_of(SOURCE, BUTTON_LINE)

    # The person deletes the button's closing parenthesis.
    caret_after(editor, f'Button("{TITLE}")')
    editor.type(Keys.BACKSPACE)
    broken = SOURCE.replace(BUTTON_LINE, f'Button("{TITLE}" {{ signIn() }}')
    editor.wait(lambda: editor.source_value() == broken, "the parenthesis is gone from the editor")
    editor.wait_source_read()
    errors = served_diagnostics(editor, "error")
    assert len(errors) == 1 and errors[0]["line"] == line, f"one error, on the button's line: {errors}"
    expected = expected_underline(broken, errors[0])
    assert expected[1] < errors[0]["column"] - 1, f"the error lies past the multi-byte characters: {expected}, {errors[0]}"
    for page in two:
        page.wait(lambda page=page: underlines(page, "error") == [expected],
                  lambda page=page: f"[{page.name}] the error is underlined at {expected}, not {underlines(page, 'error')}")
        page.wait(lambda page=page: list(gutter_marks(page)) == [line], lambda page=page: f"[{page.name}] line {line}'s gutter is marked: {gutter_marks(page)}")
        severity, title, glyph = gutter_marks(page)[line]
        assert severity == "error" and title == f"Error: {errors[0]['message']}" and "✖" in glyph, gutter_marks(page)
        page.wait(lambda page=page: len(said_about_errors(page)) == 1, lambda page=page: f"[{page.name}] the error is announced: {page.js('return window.__said')}")
        told = said_about_errors(page)[0]
        assert told == f"1 error in the source: line {line}: {errors[0]['message']}; the last good program keeps running.", told
        # The phone runs the last good program, and the page says so where it can be seen.
        assert page.control(TITLE).tag_name == "button", "the phone still draws the old program"
        status = page.driver.find_element(By.ID, "source-status")
        assert status.is_displayed() and status.text.endswith("the last program that compiled keeps running."), status.text
    style = editor.js("""
        const underlined = document.querySelector('#source-lines .diagnostic-error');
        const { textDecorationLine, textDecorationStyle } = getComputedStyle(underlined);
        return [textDecorationLine, textDecorationStyle];
    """)
    assert style == ["underline", "wavy"], style
    for scheme in ("light", "dark"):
        editor.emulate_media(prefers_color_scheme=scheme)
        assert_no_axe_violations(editor, f"a source with an error underlined, {scheme}")
    editor.emulate_media()

    # More typing that keeps the error (words added to the doc comment) says nothing more.
    type_into_the_comment(two, "the first empty field.", " Still broken")
    for page in two:
        assert underlines(page, "error") == [expected] and list(gutter_marks(page)) == [line]

    # The person types the parenthesis back: the marks go, and the fix is announced once.
    caret_after(editor, f'Button("{TITLE}"')
    editor.type(")")
    editor.wait_source_read()
    for page in two:
        page.wait(lambda page=page: underlines(page, "error") == [] and gutter_marks(page) == {},
                  lambda page=page: f"[{page.name}] the marks go: {underlines(page, 'error')}, {gutter_marks(page)}")
        page.wait(lambda page=page: said_about_errors(page)[-1:] == [NO_ERRORS], lambda page=page: f"[{page.name}] the fix is announced: {page.js('return window.__said')}")
    # And once only: more typing after it adds nothing.
    type_into_the_comment(two, " Still broken", " Fixed")
    for page in two:
        assert said_about_errors(page) == [told, NO_ERRORS], f"[{page.name}] {page.js('return window.__said')}"
        assert page.driver.find_element(By.ID, "source-status").text == ""


def test_the_marks_move_with_an_edit_the_server_has_not_read(page):
    broken = SOURCE.replace(BUTTON_LINE, f'Button("{TITLE}" {{ signIn() }}')
    page.open_source(SOURCE)
    page.set_source(broken)
    page.wait_source_read()
    line = line_of(broken, f'Button("{TITLE}" {{')
    page.wait(lambda: len(underlines(page, "error")) == 1, "the error is underlined")
    [(_, offset, text)] = underlines(page, "error")

    page.drop_connection(6000)
    page.wait(lambda: page.connection_state() == "reconnecting", "the page is offline")
    caret_at(page, 0)
    page.type(Keys.ENTER)
    page.wait(lambda: page.source_value() == "\n" + broken, "a line is added above everything")
    assert underlines(page, "error") == [(line + 1, offset, text)], "the underline moves down with its line"
    assert list(gutter_marks(page)) == [line + 1], gutter_marks(page)
    assert page.server_state()["state"]["program"]["source"] == broken, "the server has not seen the edit: the page moved the marks"

    page.wait_connected()
    page.wait_source_read()
    page.wait(lambda: [entry["line"] for entry in served_diagnostics(page, "error")] == [line + 1], "the server reads the new text")
    assert underlines(page, "error") == [(line + 1, offset, text)] and list(gutter_marks(page)) == [line + 1]


def test_a_warning_is_underlined_and_marked_in_its_own_style(page):
    source = example("unbound-case.swift")
    page.open_source(source)
    page.wait_source_read("the source's colours and diagnostics are shown")
    warnings = served_diagnostics(page, "warning")
    assert warnings and not served_diagnostics(page, "error"), page.server_state()["state"]["program"]["diagnostics"]
    expected = sorted({expected_underline(source, warning) for warning in warnings})
    page.wait(lambda: sorted(underlines(page, "warning")) == expected,
              lambda: f"each warning is underlined: {expected}, not {underlines(page, 'warning')}")
    assert underlines(page, "error") == []
    marks = gutter_marks(page)
    assert sorted(marks) == sorted({warning["line"] for warning in warnings}), marks
    for warning in warnings:
        severity, title, glyph = marks[warning["line"]]
        assert severity == "warning" and f"Warning: {warning['message']}" in title.split("\n"), marks
        assert "▲" in glyph and "✖" not in glyph, glyph
    for scheme in ("light", "dark"):
        page.emulate_media(prefers_color_scheme=scheme)
        colours = page.js("""
            const underlined = document.querySelector('#source-lines .diagnostic-warning');
            const probe = document.createElement('span');
            underlined.parentElement.append(probe);
            const colourOf = (name) => {
              probe.style.color = `var(${name})`;
              return getComputedStyle(probe).color;
            };
            const found = [getComputedStyle(underlined).textDecorationStyle, getComputedStyle(underlined).textDecorationColor,
                           colourOf('--diagnostic-warning'), colourOf('--diagnostic-error')];
            probe.remove();
            return found;
        """)
        style, colour, warning, error = colours
        assert style == "wavy" and colour == warning and warning != error, f"{scheme}: {colours}"
        assert_no_axe_violations(page, f"a source with warnings underlined, {scheme}")
    page.emulate_media()
    assert "error" not in page.announcement(), "warnings are not announced as errors"
