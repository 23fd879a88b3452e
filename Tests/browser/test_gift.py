"""Seed 001, gift message: the editor's auto-focus after 0.75 s, recipient rows focused by id, Return
from row to row, and Send the Gift focusing the message or the first invalid email."""

import time

from selenium.webdriver.common.by import By

SENT = "Your gift is on its way."


def open_gift_and_wait_for_auto_focus(pair):
    a, b = pair
    started = time.monotonic()
    a.go_to("gift")
    b.wait_screen("gift")
    for page in pair:
        page.wait_focus(".message", "message", "(the auto-focus should land in every browser)")
    return time.monotonic() - started


def test_the_message_gets_focus_after_the_screen_appears_in_every_browser(pair):
    a, _ = pair
    elapsed = open_gift_and_wait_for_auto_focus(pair)
    assert elapsed >= 0.6, f"auto-focus landed after {elapsed:.2f} s; the timer is 0.75 s"
    for page in pair:
        newest = page.log_entries()[0]
        assert newest["move"] == "nil → Gift Message"
        assert newest["cause"] == "auto-focus"
        assert newest["who"] == "server"
        assert page.keyboard_state() == "up"
    assert a.highlighted_code() == "focus = .message"


def test_the_editor_takes_return_as_a_newline(pair):
    a, b = pair
    open_gift_and_wait_for_auto_focus(pair)
    a.type("Dear Ada,")
    a.press_return()
    a.type("Happy birthday")
    b.wait_value("gift", "message", "Dear Ada,\nHappy birthday")
    for page in pair:
        page.wait_focus(".message", "message")


def test_add_email_rows_return_from_row_to_row_and_send_the_gift(pair):
    a, b = pair
    open_gift_and_wait_for_auto_focus(pair)
    while len(a.rows("gift", "emails")) < 3:
        before = a.rows("gift", "emails")
        a.button("Add new email").click()
        a.wait(lambda: len(a.rows("gift", "emails")) == len(before) + 1, "Add new email should add a row")
        added = next(row for row in a.rows("gift", "emails") if row not in before)
        for page in pair:
            page.wait(lambda page=page: page.active_key() == f"row/{added}", "the new row should get focus")
            assert page.focus_swift() == f".row(id: {added})"
    first, second, third = a.rows("gift", "emails")
    b.wait(lambda: b.rows("gift", "emails") == [first, second, third], "B should show the same rows in order")

    a.tap("gift", f"row/{first}")
    a.type("ada@example.com")
    a.press_return()
    for page in pair:
        page.wait(lambda page=page: page.active_key() == f"row/{second}", "Return should move to the next row")
    a.press_return()
    for page in pair:
        page.wait(lambda page=page: page.active_key() == f"row/{third}", "Return should move on to the third row")
    a.type("grace@example.com")
    a.press_return()
    for page in pair:
        page.wait_focus("nil", None, "(Return on the last row lets go)")

    # The message is empty, so Send focuses it.
    b.button("Send the Gift").click()
    for page in pair:
        page.wait_focus(".message", "message")
        assert page.field("gift", "message").get_attribute("aria-invalid") == "true"
    b.type("Happy birthday!")
    a.wait_value("gift", "message", "Happy birthday!")

    # The second email is empty: Send focuses it, the first invalid one.
    b.button("Send the Gift").click()
    for page in pair:
        page.wait(lambda page=page: page.active_key() == f"row/{second}", "Send should focus the first invalid email")
        email = page.field("gift", f"row/{second}")
        assert email.get_attribute("aria-invalid") == "true"
        assert page.driver.find_element(By.ID, email.get_attribute("aria-describedby")).text
    b.type("alan@example.com")
    b.button("Send the Gift").click()
    for page in pair:
        page.wait(lambda page=page: page.driver.find_element(By.CSS_SELECTOR, "section[data-screen=gift] .screen-status").text == SENT,
                  "the gift should be sent")
        page.wait_focus("nil", None)
