"""Shared by the tests about how the page looks: a fixture that puts each browser's display back
(window size, colour scheme, layout, code size), a way to show a seed screen with a field focused,
and axe's verdict on a page."""

import pytest
from axe_selenium_python import Axe

from conftest import WINDOWS
from playground import CHECKOUT, GIFT, PROFILE, SCREENS, TASKS  # noqa: F401 (SCREENS: for the tests)

FIRST_FIELD = {PROFILE: "firstName", CHECKOUT: "name", GIFT: "message"}


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
    """Shows `screen` in both browsers with its first field focused, so the keyboard is up."""
    a, b = pair
    if a.current_screen() != screen:
        a.go_to(screen)
        b.wait_screen(screen)
    key = first_field(a, screen)
    a.tap(screen, key)
    for page in pair:
        page.wait(lambda page=page: page.active_key() == key and page.keyboard_state() == "up", "a field has focus")


def first_field(page, screen):
    """The key of `screen`'s first field: the first reminder's title on the reminders."""
    return f"title/{page.rows(TASKS, 'title')[0]}" if screen == TASKS else FIRST_FIELD[screen]


# Only the violations matter: axe then keeps one node for each rule that passed instead of every
# node it checked, which is most of its time on a page this size and of the reply's size.
AXE_OPTIONS = {"resultTypes": ["violations"]}


def assert_no_axe_violations(page, when, source=True):
    """axe-core finds nothing wrong with the page as it is now (`when` says what it shows).
    `source=False` leaves out the source panel's lines: the seeds' 400 lines take axe seconds, and
    a test that checked them whole once need not check them again in every state."""
    axe = Axe(page.driver)
    if not page.driver.execute_script("return typeof window.axe === 'object'"):
        axe.inject()
    results = axe.run(context=None if source else {"exclude": [["#source-lines"]]}, options=AXE_OPTIONS)
    assert results["violations"] == [], f"[{page.name}] {when}: {axe.report(results['violations'])}"
