"""The code panel of the seeds session (the source panel): the line behind the last event is
marked in both browsers from the line the server sends, and scrolled into view inside the source
editor's box (never the page); typing leaves the mark and the panel alone, and a mark on the line already
marked does not pull back a panel its person scrolled away to read."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By

from playground import CHECKOUT, PROFILE
from seed_plays import line_after


def wheel_source(page, delta_y):
    """Scrolls the source editor's box with the mouse wheel, as a person would."""
    lines = page.driver.find_element(By.ID, "source-editor")
    page.js("arguments[0].scrollIntoView({block: 'nearest'})", lines)
    ActionChains(page.driver).scroll_from_origin(ScrollOrigin.from_element(lines), 0, delta_y).perform()


def wait_marked_in_view(pair, source, line, why):
    for page in pair:
        page.wait(lambda page=page: page.marked_lines() == [(line, source.split("\n")[line - 1])],
                  lambda page=page: f"[{page.name}] {why}: line {line} should be marked, not {page.marked_lines()}")
        page.wait(lambda page=page: page.source_line_in_view(line),
                  lambda page=page: f"[{page.name}] {why}: the marked line {line} should scroll into view")


def test_the_marked_line_scrolls_into_view_once_and_typing_leaves_the_panel_alone(pair):
    a, b = pair
    source = a.server_state()["state"]["program"]["source"]
    a.tap(PROFILE, "firstName")
    a.press_return()
    wait_marked_in_view(pair, source, line_after(source, "struct ProfileForm", "focus = field"), "Return in First Name")
    a.go_to(CHECKOUT)
    wait_marked_in_view(pair, source, line_after(source, "struct CheckoutForm", ".onAppear { focus = .name }"),
                        "the checkout form appearing")

    # B, phone-sized, reads the source panel below the phone.
    b.js("window.scrollTo(0, document.getElementById('source-editor').getBoundingClientRect().top + scrollY - 40)")
    page_top = b.scroll_y()
    wheel_source(b, -100000)
    b.wait(lambda: b.source_scroll_top() == 0, "B scrolls its source back to the top to read")
    a.type("Ada")
    b.wait_value(CHECKOUT, "name", "Ada")
    assert b.source_scroll_top() == 0, "typing does not pull B's panel back"
    checkout_move = line_after(source, "struct CheckoutForm", "focus = field")
    a.press_return()
    wait_marked_in_view(pair, source, checkout_move, "Return in Name: a line newly marked")
    assert b.scroll_y() == page_top, "scrolling the source lines never scrolls B's page"

    wheel_source(b, -100000)
    b.wait(lambda: b.source_scroll_top() == 0, "B scrolls to the top again")
    a.press_return()
    for page in pair:
        page.wait(lambda page=page: page.active_key() == "phone", f"[{page.name}] Return in Address moves on to Phone")
    assert b.marked_lines()[0][0] == checkout_move and b.source_scroll_top() == 0, \
        "the line already marked is not scrolled to again"
    assert b.scroll_y() == page_top
