"""Accessibility on the seed screens: axe-core on every screen in both browsers, and a
keyboard-only walk."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from display import SCREENS, assert_no_axe_violations, first_field
from playground import CHECKOUT, PROFILE


def test_axe_finds_no_violations_on_any_screen(pair):
    """The source's lines are checked whole once, with a line marked; every screen then without them."""
    a, b = pair
    for screen in SCREENS:
        if screen != PROFILE:
            a.go_to(screen)
            b.wait_screen(screen)
        for page in pair:
            assert_no_axe_violations(page, f"{screen}, as it opens", source=False)
        key = first_field(a, screen)
        a.tap(screen, key)
        for page in pair:
            page.wait(lambda page=page: page.keyboard_state() == "up" and page.active_key() == key, "a field has focus")
            assert_no_axe_violations(page, f"{screen}, with a field focused", source=False)
    a.press_return()
    for page in pair:
        page.wait(lambda page=page: page.active_key() and page.active_key().startswith("notes/") and page.marked_lines(),
                  "Return in a title focuses its notes and marks the line that did")
    assert_no_axe_violations(a, "the reminders, the source whole with a line marked")


def test_tabs_and_fields_work_with_the_keyboard_alone(pair):
    a, b = pair
    a.js("document.activeElement.blur()")
    for _ in range(12):
        a.type(Keys.TAB)
        if a.js("return document.activeElement.getAttribute('role')") == "tab":
            break
    assert a.js("return document.activeElement.dataset.screen") == PROFILE, "Tab should reach the selected tab"
    a.type(Keys.ARROW_RIGHT)
    assert a.js("return document.activeElement.dataset.screen") == CHECKOUT
    a.type(Keys.ENTER)
    for page in pair:
        page.wait_screen(CHECKOUT)
    assert a.tab(CHECKOUT).get_attribute("aria-selected") == "true"
    assert a.tab(CHECKOUT).get_attribute("tabindex") == "0"

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
    a.tap(PROFILE, "firstName")
    a.wait_focus(".firstName", "firstName")
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
