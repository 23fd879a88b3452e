"""What the example plays (test_example_plays.py, test_example_rows.py) share: opening an
example, waiting for focus, marks, values, rows and texts as a person sees them."""

from selenium.webdriver.common.keys import Keys

from playground import WAIT_SECONDS
from program_page import example, line_of

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
    said = f"Line {line} ran last: {source.split(chr(10))[line - 1].strip()}"
    assert page.ran_note() == said, f"the note under the editor should say {said!r}, not {page.ran_note()!r}"


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
