"""A lesson followed in a session running its own source: the lesson panel offers the lesson of
the screen shown, and every step is checked by the server from what the source does, including
an edit of the source itself."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from program_page import example, page  # noqa: F401 (page: a fixture)

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

    # Step 6 asks for an edit of the code: take the transaction out of move(to:), and Run it.
    edited = source.replace(TRANSACTION, "        focus = field")
    assert edited != source
    page.set_source(edited)
    page.run_source()
    page.wait(lambda: progress(page) == "Step 7 of 9", lambda: f"running the edited code passes: {progress(page)!r}")
    page.control("First Name").click()
    page.wait(lambda: page.active_name() == "First Name", "First Name has focus")
    page.press_return()
    page.wait(lambda: progress(page) == "Step 8 of 9", lambda: f"Return through nil passes: {progress(page)!r}")
    assert page.server_state()["state"]["lesson"] == {"lesson": "profile-source", "step": 7, "hint": False, "complete": False}
