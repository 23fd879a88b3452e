"""Looks: every seed screen at 1280×800 (browser A) and 390×844 (browser B), saved under
test-output/. Panels sit beside the phone on the wide screen and below it on the narrow one, with
nothing spilling sideways."""

from display import SCREENS, first_field
from playground import PROFILE


def box(page, selector):
    return page.js("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                   "return {left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY};", selector)


def test_screenshots_of_every_screen_at_both_widths(pair, output_dir):
    a, b = pair
    for screen in SCREENS:
        if screen != PROFILE:
            a.go_to(screen)
            b.wait_screen(screen)
        key = first_field(a, screen)
        a.tap(screen, key)
        for page in pair:
            page.wait(lambda page=page: page.keyboard_state() == "up", "a field has focus")
            page.wait(lambda page=page: page.active_key() == key, "real focus follows")
            assert page.horizontal_overflow() <= 0, f"[{page.name}] {screen}: the page scrolls sideways"
            page.js("window.scrollTo(0, 0)")
            page.settle()
        a.screenshot(output_dir / f"wide-{screen}.png")
        b.screenshot(output_dir / f"narrow-{screen}.png")

        phone, panel = box(a, ".phone"), box(a, ".panel-inspector")
        assert panel["left"] >= phone["right"], f"{screen}: on a wide screen the panels sit beside the phone"
        phone, panel = box(b, ".phone"), box(b, ".panel-inspector")
        assert panel["top"] >= phone["bottom"], f"{screen}: on a narrow screen the panels sit below the phone"
