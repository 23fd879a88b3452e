"""A lesson followed in a session running its own source: the lesson panel offers the lesson of
the screen shown, and every step is checked by the server from what the source does, including
an edit of the source itself."""

import time
from urllib.parse import urljoin

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select

from program_page import example

# The gift's Task sleeps 0.75 s before it focuses the message; a bounded wait for it.
GIFT_DELAY_SECONDS = 0.75
TIMER_SECONDS = 6

TRANSACTION = """        withTransaction(Transaction(animation: nil)) {
            focus = field
        }"""


def progress(page):
    return page.driver.find_element(By.ID, "lesson-progress").text


def story(page):
    """The lesson and the session's last events, for a failure's message."""
    state = page.server_state()["state"]
    return f"{progress(page)!r}; lesson {state.get('lesson')}; focus {state['program']['drawn'].get('focused')}"


def test_the_profile_lesson_runs_from_its_source_through_an_edit_of_the_code(page):
    source = example("seeds/profile.swift")
    page.open_source(source)
    chooser = Select(page.driver.find_element(By.ID, "lesson-select"))
    page.wait(lambda: chooser.first_selected_option.get_attribute("value") == "profile-source",
              "the chooser offers the lesson of the screen shown")
    page.start_lesson("profile-source")
    page.wait(lambda: progress(page) == "Step 1 of 9", lambda: f"the lesson starts: {progress(page)!r}")
    assert page.driver.find_element(By.ID, "lesson-swift").text == ".focused($focus, equals: .firstName)"

    page.control("First Name").click()
    page.wait(lambda: progress(page) == "Step 2 of 9", lambda: f"a tap on First Name passes: {progress(page)!r}")
    page.type("Ada")
    page.wait(lambda: page.control("First Name").get_attribute("value") == "Ada", "the typing shows")
    page.wait_keyboard_up()
    page.click_when_still(page.control("Next"))  # the toolbar, not Return: a wrong move
    hint = page.driver.find_element(By.ID, "lesson-hint")
    page.wait(lambda: hint.is_displayed(), "Next instead of Return shows the hint")
    page.control("First Name").click()
    page.wait(lambda: page.active_name() == "First Name", "First Name has focus again")
    page.press_return()
    page.wait(lambda: progress(page) == "Step 3 of 9" and not hint.is_displayed(), "Return passes and clears the hint")

    page.press_return()  # Return in Last Name lets go
    page.wait(lambda: progress(page) == "Step 4 of 9", lambda: f"Return in Last Name passes: {progress(page)!r}")
    page.control("Last Name").click()
    page.wait(lambda: page.active_name() == "Last Name", "Last Name has focus")
    page.wait_keyboard_up()
    page.click_when_still(page.control("Previous"))
    page.wait(lambda: progress(page) == "Step 5 of 9", lambda: f"Previous passes: {story(page)}")
    page.click_when_still(page.control("Next"))
    page.wait(lambda: progress(page) == "Step 6 of 9", lambda: f"Next passes: {story(page)}")

    # Step 6 asks for an edit of the code: take the transaction out of move(to:); the edit runs as it compiles.
    edited = source.replace(TRANSACTION, "        focus = field")
    assert edited != source
    page.set_source(edited)
    page.wait_source_read()
    page.wait(lambda: progress(page) == "Step 7 of 9", lambda: f"running the edited code passes: {progress(page)!r}")
    page.control("First Name").click()
    page.wait(lambda: page.active_name() == "First Name", "First Name has focus")
    page.press_return()
    page.wait(lambda: progress(page) == "Step 8 of 9", lambda: f"Return through nil passes: {progress(page)!r}")
    assert page.server_state()["state"]["lesson"] == {"lesson": "profile-source", "step": 7, "hint": False, "complete": False}


def restart_button(page):
    """The source panel's Restart, found by its accessible name."""
    return page.driver.find_element(By.CSS_SELECTOR, "#program-source button[aria-label='Restart the program']")


def test_restart_runs_the_gift_again_so_its_task_focuses_the_message_and_typed_values_are_gone(page):
    """The form appeared once, when the session was made; Restart makes it appear again, from the
    keyboard: the Task in onAppear sleeps 0.75 s again and focuses the message by itself."""
    answer = page.open_source(example("seeds/gift.swift"))
    page.wait(lambda: page.active_name() == "Text editor", "the message takes focus once, as the session starts",
              timeout=TIMER_SECONDS)
    page.type("Happy birthday")
    page.controls("Email")[0].click()
    page.wait(lambda: page.active_name() == "Email", "a tap on the email")
    page.type("ada@example.com")
    page.wait(lambda: page.session_values("Text editor") == ["Happy birthday"]
              and page.session_values("Email") == ["ada@example.com"], "the typing reaches the session")

    restart = restart_button(page)
    assert restart.is_displayed() and restart.tag_name == "button" and restart.get_attribute("aria-disabled") == "false"
    assert restart.text == "Restart"
    page.js("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'}); arguments[0].focus()", restart)
    assert page.active_name() == "Restart the program", "Restart takes keyboard focus"
    pressed = time.monotonic()
    page.type(Keys.ENTER)
    page.wait(lambda: page.values("Text editor") == [""] and page.values("Email") == [""],
              lambda: f"the values typed before the restart are gone: {page.values('Text editor')}, {page.values('Email')}")
    page.wait(lambda: page.active_name() == "Text editor",
              lambda: f"the message editor takes DOM focus by itself, not {page.active_name()!r}", timeout=TIMER_SECONDS)
    elapsed = time.monotonic() - pressed
    assert elapsed >= GIFT_DELAY_SECONDS - 0.05, f"focus came {elapsed:.2f} s after Restart: sooner than the Task's sleep"
    assert page.session_values("Text editor") == [""] and page.session_values("Email") == [""]
    assert page.focus_value("focus") == ".message"
    causes = [entry["cause"] for entry in page.log_entries()]
    assert causes[0] == "auto-focus" and "restart" in causes, causes

    # A viewer has no Restart.
    page.open(urljoin(page.base_url, f"?session={answer['viewer']}"))
    page.wait_drawn()
    assert not restart_button(page).is_displayed()
