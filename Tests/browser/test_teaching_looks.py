"""How teaching looks, on the seed screens: axe finds nothing with a lesson open and its hint
showing, in both colour schemes and both layouts, nor on the past or a watching page; screenshots
of a lesson in progress at 1024×768, 1280×800 and 390×844 go to test-output/
(lesson-<size>-checkout.png), with the past and a watching phone beside them."""

from selenium.webdriver.common.by import By

from display import assert_no_axe_violations, display  # noqa: F401 (display is a fixture)
from playground import CHECKOUT, PROFILE

SCHEMES = ["light", "dark"]


def lesson_with_a_hint(pair):
    """The checkout lesson at its first step, after Return in an empty Name: the hint shows in both."""
    a, b = pair
    a.start_lesson("checkout-source")
    for page in pair:
        page.wait_screen(CHECKOUT)
    a.wait(lambda: a.active_key() == "name", "Checkout focuses Name as it appears")
    a.press_return()
    for page in pair:
        page.wait(lambda page=page: page.lesson_panel()["hint"], "the hint shows")


def shoot(page, path, selector=None):
    """A screenshot of the window, scrolled to the top (or to `selector`), once nothing moves."""
    if selector:
        page.js("document.querySelector(arguments[0]).scrollIntoView({block: 'center', behavior: 'instant'})", selector)
    else:
        page.js("window.scrollTo(0, 0)")
    page.settle()
    page.screenshot(path)


def test_a_lesson_is_axe_clean_in_both_schemes_and_layouts_and_pictured(display, output_dir):
    a, b = display
    lesson_with_a_hint(display)
    # Pictures first: axe scrolls the panels it looks into.
    a.set_presenting(True)
    for width, height in [(1280, 800), (1024, 768)]:
        a.set_viewport(width, height)
        shoot(a, output_dir / f"lesson-{width}x{height}-checkout.png")
        lesson, phone = a.box(".panel-lesson"), a.box(".phone")
        assert lesson["left"] >= phone["right"] and lesson["top"] < height and lesson["bottom"] <= height, \
            f"at {width}×{height} the lesson sits beside the phone, on screen ({lesson})"
    shoot(b, output_dir / "lesson-390x844-checkout.png", ".panel-lesson")
    assert b.horizontal_overflow() <= 0, "nothing spills sideways at 390 px"

    # The source's lines are checked whole in test_color_schemes.py: here the lesson and all else.
    for scheme in SCHEMES:
        for present in (False, True):
            for page in display:
                page.emulate_media(prefers_color_scheme=scheme)
                page.set_presenting(present)
            for page in display:
                assert_no_axe_violations(page, f"a lesson with its hint, {scheme} scheme, {'presenter' if present else 'normal'} layout",
                                         source=False)


def test_the_past_and_a_watching_page_are_axe_clean(display, output_dir):
    a, b = display
    a.tap(PROFILE, "firstName")
    a.type("Ada")
    a.press_return()
    a.wait_focus(".lastName", "lastName")
    a.driver.find_element(By.ID, "timeline-back").click()
    a.wait(lambda: "the past" in a.timeline_status(), "A shows the past")
    shoot(a, output_dir / "timeline-1280x800-past.png")
    for scheme in SCHEMES:
        a.emulate_media(prefers_color_scheme=scheme)
        assert_no_axe_violations(a, f"the past, {scheme} scheme", source=False)
    a.driver.find_element(By.ID, "timeline-live").click()

    b.open(a.share_links()["watch"])
    a.start_lesson("profile-source")
    b.wait(lambda: b.lesson_panel()["progress"], "the watching page shows the lesson")
    shoot(b, output_dir / "viewer-390x844-lesson.png", ".panel-lesson")
    for scheme in SCHEMES:
        b.emulate_media(prefers_color_scheme=scheme)
        assert_no_axe_violations(b, f"a watching page, {scheme} scheme", source=False)
