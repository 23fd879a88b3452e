"""Accessibility: axe-core on every screen in both browsers, and a keyboard-only walk."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from display import assert_no_axe_violations

SCREENS = ["profile", "checkout", "gift", "tasks"]
FIRST_FIELD = {"profile": "firstName", "checkout": "name", "gift": "message"}


@pytest.mark.parametrize("screen", SCREENS)
def test_axe_finds_no_violations(pair, screen):
    a, b = pair
    if screen != "profile":
        a.go_to(screen)
        b.wait_screen(screen)
    for page in pair:
        assert_no_axe_violations(page, f"{screen}, as it opens")
    if screen == "tasks":
        a.tap("tasks", f"title/{a.rows('tasks', 'tasks')[0]}")
    else:
        a.tap(screen, FIRST_FIELD[screen])
    for page in pair:
        page.wait(lambda page=page: page.keyboard_state() == "up", "a field has focus")
        assert_no_axe_violations(page, f"{screen}, with a field focused")


def test_tabs_and_fields_work_with_the_keyboard_alone(pair):
    a, b = pair
    a.js("document.activeElement.blur()")
    for _ in range(8):
        a.type(Keys.TAB)
        if a.js("return document.activeElement.getAttribute('role')") == "tab":
            break
    assert a.js("return document.activeElement.dataset.screen") == "profile", "Tab should reach the selected tab"
    a.type(Keys.ARROW_RIGHT)
    assert a.js("return document.activeElement.dataset.screen") == "checkout"
    a.type(Keys.ENTER)
    for page in pair:
        page.wait_screen("checkout")
    assert a.tab("checkout").get_attribute("aria-selected") == "true"
    assert a.tab("checkout").get_attribute("tabindex") == "0"

    for page in pair:
        page.wait_focus(".name", "name", "(checkout focuses Name as it appears)")
    a.type("Ada")
    a.type(Keys.ENTER)
    for page in pair:
        page.wait_focus(".address", "address")
    a.type(Keys.TAB)
    for page in pair:
        page.wait_focus(".phone", "phone", "(Tab is a tap on the next field)")
    ActionChains(a.driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    for page in pair:
        page.wait_focus(".address", "address")


def test_focus_is_visible(pair):
    a, _ = pair
    a.js("document.activeElement.blur()")
    a.type(Keys.TAB)
    outline = a.js("return getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "keyboard focus should be drawn"
    a.tap("profile", "firstName")
    ring = a.js("return getComputedStyle(document.activeElement.closest('.field')).outlineStyle")
    shadow = a.js("return getComputedStyle(document.activeElement.closest('.field')).boxShadow")
    assert ring != "none" or shadow != "none"


def test_every_control_has_a_label(pair):
    a, _ = pair
    unlabeled = a.js("""
        return [...document.querySelectorAll('input, textarea, button, [role=switch], [role=tab]')]
            .filter((element) => !(element.labels?.length || element.getAttribute('aria-label') || element.textContent.trim()))
            .map((element) => element.outerHTML);
    """)
    assert unlabeled == []
