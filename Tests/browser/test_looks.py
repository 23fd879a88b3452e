"""Looks: every screen at 1280×800 (browser A) and 390×844 (browser B), saved under test-output/.
Panels sit beside the phone on the wide screen and below it on the narrow one, with nothing
spilling sideways."""

import pytest

SCREENS = ["profile", "checkout", "gift", "tasks"]
FIRST_FIELD = {"profile": "firstName", "checkout": "name", "gift": "message"}


def box(page, selector):
    return page.js("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                   "return {left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY};", selector)


@pytest.mark.parametrize("screen", SCREENS)
def test_screenshots_at_both_widths(pair, screen, output_dir):
    a, b = pair
    if screen != "profile":
        a.go_to(screen)
        b.wait_screen(screen)
    key = f"title/{a.rows('tasks', 'tasks')[0]}" if screen == "tasks" else FIRST_FIELD[screen]
    a.tap(screen, key)
    for page in pair:
        page.wait(lambda page=page: page.keyboard_state() == "up", "a field has focus")
        page.wait(lambda page=page: page.active_key() == key, "real focus follows")
        assert page.horizontal_overflow() <= 0, f"[{page.name}] the page scrolls sideways"
        page.js("window.scrollTo(0, 0)")
        page.settle()
    a.screenshot(output_dir / f"wide-{screen}.png")
    b.screenshot(output_dir / f"narrow-{screen}.png")

    phone, panel = box(a, ".phone"), box(a, ".panel-inspector")
    assert panel["left"] >= phone["right"], "on a wide screen the panels sit beside the phone"
    phone, panel = box(b, ".phone"), box(b, ".panel-inspector")
    assert panel["top"] >= phone["bottom"], "on a narrow screen the panels sit below the phone"
