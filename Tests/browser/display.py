"""Shared by the tests about how the page looks: a fixture that puts each browser's display back
(window size, colour scheme, layout, code size), a way to show a screen with a field focused, and
axe's verdict on a page."""

import pytest
from axe_selenium_python import Axe

from conftest import WINDOWS

SCREENS = ["profile", "checkout", "gift", "tasks"]
FIRST_FIELD = {"profile": "firstName", "checkout": "name", "gift": "message"}


@pytest.fixture
def display(pair):
    """The pair of pages; afterwards each browser has its own window size, colour scheme and motion
    preference again, and forgets the layout and code sizes the test chose."""
    yield pair
    for page in pair:
        page.emulate_media()
        page.set_viewport(*WINDOWS[page.name])
        page.forget_display_preferences()


def focus_first_field(pair, screen):
    """Shows `screen` in both browsers with its first field focused, so the keyboard and a code line are lit."""
    a, b = pair
    if a.current_screen() != screen:
        a.go_to(screen)
        b.wait_screen(screen)
    key = f"title/{a.rows('tasks', 'tasks')[0]}" if screen == "tasks" else FIRST_FIELD[screen]
    a.tap(screen, key)
    for page in pair:
        page.wait(lambda page=page: page.active_key() == key and page.keyboard_state() == "up", "a field has focus")


def assert_no_axe_violations(page, when):
    """axe-core finds nothing wrong with the page as it is now (`when` says what it shows)."""
    axe = Axe(page.driver)
    axe.inject()
    results = axe.run()
    assert results["violations"] == [], f"[{page.name}] {when}: {axe.report(results['violations'])}"
