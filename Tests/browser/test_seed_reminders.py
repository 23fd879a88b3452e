"""Seed 002, the reminders, played in a real browser from Public/examples/seeds/tasks.swift: the
focused row shows its notes field and buttons, the others their notes as inline Markdown (drawn
inert, whatever is typed); Return, New Reminder and Delete move focus by row id; typing keeps every
character of a field's text."""

import pytest
from selenium.webdriver.common.keys import Keys

from display import assert_no_axe_violations
from seed_plays import (active_value, play, replace_text, seed, tap, wait_focus, wait_focus_on, wait_marked, wait_no_focus,
                        wait_rows)


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
    assert_no_axe_violations(page, "tasks, its notes with a link", source=False)


HOSTILE_NOTE = ('**bold** <script>window.__pwned = 1</script> [click me](javascript:window.__pwned=2) '
                '<img src=x onerror="window.__pwned=3">')


def test_tasks_notes_typed_with_markup_and_a_script_link_are_drawn_inert(page):
    play(page, "tasks")
    tap(page, page.controls("Title")[0], "Title", "a tap on Buy milk's title")
    page.press_return()
    wait_focus(page, "Notes", "Return in the title")
    replace_text(page, HOSTILE_NOTE)
    wait_rows(page, "Notes", [HOSTILE_NOTE], "the notes hold the text as typed")
    tap(page, page.controls("Title")[1], "Title", "a tap on the next title")
    page.wait(lambda: notes_shown(page)[0]["text"].startswith("bold <script>"),
              lambda: f"Buy milk's notes are drawn as Text again: {notes_shown(page)}")
    drawn = page.js("""
        const text = document.querySelector('.program-screen .p-text');
        return {strong: [...text.querySelectorAll('strong')].map((element) => element.textContent),
                elements: [...text.querySelectorAll('*')].map((element) => element.tagName.toLowerCase()),
                handlers: [...text.querySelectorAll('*')].flatMap((element) => element.getAttributeNames())
                  .filter((name) => name.startsWith('on'))};
    """)
    assert drawn["strong"][0] == "bold", f"Markdown is still drawn: {drawn}"
    assert set(drawn["elements"]) <= {"strong", "em", "code"} and drawn["handlers"] == [], \
        f"no markup comes through, and a link to a script is drawn as its text: {drawn}"
    assert all(part in notes_shown(page)[0]["text"] for part in ("<script>", "click me", "<img src=x")), "the rest shows as written"
    assert page.js("return window.__pwned === undefined"), "nothing in the notes may run"


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
    assert_no_axe_violations(page, "tasks, typing in notes drawn with their lines", source=False)
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
