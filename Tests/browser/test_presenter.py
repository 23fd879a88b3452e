"""The presenter layout, on the seed screens: phone and code (the source panel's lines) side by
side from 1024×768, code of at least 16 px, the event log and the diagnostics on screen at
1280×800, a font-size control this browser remembers, and no sideways scrolling at 390×844.
Screenshots of each go to test-output/."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from display import SCREENS, display, focus_first_field  # noqa: F401 (display is a fixture)
from playground import CHECKOUT, PROFILE
from seed_plays import line_after

CODE = "#source-editor"


def code_font_px(page):
    return page.js("return parseFloat(getComputedStyle(document.querySelector(arguments[0])).fontSize)", CODE)


def assert_side_by_side(page, why):
    phone, code = page.box(".phone"), page.box(CODE)
    viewport_height = page.js("return innerHeight")
    assert code["left"] >= phone["right"], f"[{page.name}] {why}: the code should sit right of the phone ({phone}, {code})"
    assert code["top"] < phone["bottom"] and code["bottom"] > phone["top"], f"[{page.name}] {why}: beside it, not below"
    assert 0 <= code["top"] < viewport_height - 200, f"[{page.name}] {why}: the code starts on screen, without scrolling"


def assert_no_sideways_scroll(page, why):
    assert page.horizontal_overflow() <= 0, f"[{page.name}] {why}: the page scrolls sideways"
    overflow = page.js("const code = document.querySelector(arguments[0]); return code.scrollWidth - code.clientWidth", CODE)
    assert overflow <= 0, f"[{page.name}] {why}: the code panel scrolls sideways by {overflow} px"


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)], ids=["1024x768", "1280x800"])
def test_phone_and_code_stay_side_by_side(display, size, output_dir):
    a, _ = display
    a.set_viewport(*size)
    for screen in SCREENS:
        focus_first_field(display, screen)
        assert_side_by_side(a, f"{screen} at {size}")
        a.set_presenting(True)
        assert_side_by_side(a, f"{screen} at {size}, presenting")
        assert code_font_px(a) >= 16, "the presenter layout shows code at 16 px or more"
        assert_no_sideways_scroll(a, f"{screen} at {size}, presenting")
        a.js("window.scrollTo(0, 0)")
        a.settle()
        a.screenshot(output_dir / f"present-{size[0]}x{size[1]}-{screen}.png")
        a.set_presenting(False)


def test_presenter_layout_fits_the_log_and_diagnostics_at_1280x800(display, output_dir):
    """Checkout with Address bound to `.name` by mistake (the source edited and run): its warnings
    listed under the source, and a log of many moves."""
    a, b = display
    a.set_viewport(1280, 800)
    a.set_presenting(True)
    a.go_to(CHECKOUT)
    b.wait_screen(CHECKOUT)
    for key in ["address", "phone", "name", "address", "phone", "name"]:
        a.tap(CHECKOUT, key)
        a.wait(lambda key=key: a.active_key() == key, f"{key} has focus")
    source = a.server_state()["state"]["program"]["source"]
    address = line_after(source, 'TextField("Address"', ".focused($focus, equals: .address)")
    lines = source.split("\n")
    lines[address - 1] = lines[address - 1].replace(".address", ".name")
    a.set_source("\n".join(lines))
    a.wait_source_read()
    a.wait(lambda: len([entry for entry in a.diagnostics() if "Warning" in entry["text"]]) >= 2, "the source panel warns about the shared key")
    a.js("document.activeElement.blur()")
    # A diagnostic pointed at shows whole: the pointer rests on the header, away from them.
    ActionChains(a.driver).move_to_element(a.driver.find_element(By.CSS_SELECTOR, ".brand h1")).perform()
    a.settle()

    page_height = a.js("return [document.documentElement.scrollHeight, innerHeight]")
    assert page_height[0] <= page_height[1], f"the presenter layout fits the window without scrolling ({page_height})"
    viewport = {"top": 0, "left": 0, "bottom": 800, "right": 1280}
    for selector in [".phone", CODE, ".panel-inspector", "#source-diagnostics", ".panel-log", ".panel-settings"]:
        box = a.box(selector)
        inside = box["top"] >= viewport["top"] and box["left"] >= viewport["left"] \
            and box["bottom"] <= viewport["bottom"] and box["right"] <= viewport["right"]
        assert inside, f"{selector} should be on screen whole at 1280×800: {box}"
    inspector = a.js("const panel = document.querySelector('.panel-inspector'); return [panel.scrollHeight, panel.clientHeight]")
    assert inspector[0] <= inspector[1], f"the inspector shows whole, nothing scrolled away ({inspector})"
    diagnostics, editor = a.box("#source-diagnostics"), a.box(".source-edit")
    assert editor["top"] <= diagnostics["top"] and diagnostics["bottom"] <= editor["bottom"] + 0.5, \
        f"every diagnostic shows, none scrolled away in the editor ({diagnostics}, {editor})"
    assert len(a.diagnostics()) == 4
    shown = a.js("""
        const log = document.getElementById('event-log').getBoundingClientRect();
        return [...document.querySelectorAll('#event-log .event')].filter((entry) => {
            const box = entry.getBoundingClientRect();
            return box.top >= log.top && box.bottom <= log.bottom;
        }).length;
    """)
    assert shown >= 5, f"the event log shows the newest moves without scrolling (only {shown} fit)"
    a.screenshot(output_dir / "present-1280x800-checkout-diagnostics.png")


def test_code_font_size_is_remembered_per_layout(display):
    a, _ = display
    start = code_font_px(a)
    a.driver.find_element(By.ID, "code-larger").click()
    a.driver.find_element(By.ID, "code-larger").click()
    larger = code_font_px(a)
    assert larger > start
    assert a.driver.find_element(By.ID, "code-size").text == f"{larger:g} px"

    a.open(a.url)
    assert code_font_px(a) == larger, "the size survives a reload"
    a.set_presenting(True)
    presenting = code_font_px(a)
    assert presenting >= 16
    smaller = a.driver.find_element(By.ID, "code-smaller")
    for _ in range(12):
        smaller.click()
    assert code_font_px(a) == 16, "the presenter layout's code goes no smaller than 16 px"
    assert smaller.get_attribute("aria-disabled") == "true"
    a.open(a.url)
    assert a.presenting(), "the presenter layout survives a reload"
    assert code_font_px(a) == 16
    a.set_presenting(False)
    assert code_font_px(a) == larger, "each layout keeps its own size"


def test_no_sideways_scrolling_at_390x844(display, output_dir):
    a, b = display
    assert b.js("return innerWidth") == 390
    for present in (False, True):
        b.set_presenting(present)
        for screen in SCREENS:
            focus_first_field(display, screen)
            assert_no_sideways_scroll(b, f"{screen}{', presenting' if present else ''}")
            if present:
                assert code_font_px(b) >= 16
                b.js("document.querySelector('.panel-code').scrollIntoView({block: 'start'})")
                b.settle()
                b.screenshot(output_dir / f"present-390x844-{screen}.png")


def test_a_new_font_size_or_layout_keeps_the_marked_line_in_view(display):
    a, _ = display
    source = a.server_state()["state"]["program"]["source"]
    focus_first_field(display, PROFILE)
    a.press_return()
    line = line_after(source, "struct ProfileForm", "focus = field")
    a.wait(lambda: a.marked_lines() and a.marked_lines()[0][0] == line, "Return marks the line of move(to:)")
    a.wait(lambda: a.source_line_in_view(line), "the marked line scrolls into view")
    for control in ["code-larger", "code-larger", "code-larger", "present", "code-larger", "present"]:
        a.driver.find_element(By.ID, control).click()
        a.wait(lambda: a.source_line_in_view(line), f"after {control}, the marked line should still be in view")


def test_present_grows_the_phone_and_the_code_to_a_1920x1080_window(display, output_dir):
    """A projector's window: the phone at least 480 px wide and as tall as the room under the tabs,
    the code beside it, and no band of the window left empty across or down."""
    a, _ = display
    a.set_viewport(1920, 1080)
    a.set_presenting(True)
    focus_first_field(display, PROFILE)
    a.js("document.activeElement.blur()")
    a.settle()
    a.screenshot(output_dir / "present-1920x1080-profile.png")
    phone, code, log = a.box(".phone"), a.box(".panel-code"), a.box(".panel-log")
    assert phone["width"] >= 480, f"the phone is at least 480 px wide at 1920×1080 ({phone})"
    assert phone["bottom"] >= 1080 - 120, f"the phone reaches down to the timeline under it ({phone})"
    assert code["left"] - phone["right"] <= 40, f"the code sits right beside the phone ({phone}, {code})"
    assert code["bottom"] >= 1080 - 120 and log["bottom"] >= 1080 - 120, f"the code and the log reach down too ({code}, {log})"
    assert log["right"] >= 1920 - 40, f"the panels reach the right edge ({log})"
    sizes = a.js("return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert sizes[0] <= 1920 and sizes[1] <= 1080, f"nothing scrolls ({sizes})"
