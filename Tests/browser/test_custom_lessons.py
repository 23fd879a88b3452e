"""A lesson written in the page for the session's own source: a teacher writes two steps in the
lesson panel's form and saves them; the server keeps the lesson with the session, checks every
move against it and every browser on the session shows the same progress. Export downloads the
lesson as `<first screen>.lesson.json`, and importing that file into a new session on the same
source gives the same lesson."""

import json
import tempfile
from pathlib import Path
from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.by import By

from program_page import line_of
from test_examples_and_files import download_into, downloaded

LOGIN = (Path(__file__).resolve().parents[1] / "Fixtures" / "login-return.swift").read_text(encoding="utf-8")
USERNAME_LINE = line_of(LOGIN, ".focused($focus, equals: .username)")
SUBMIT_LINE = line_of(LOGIN, ".onSubmit { focus = .password }")


@pytest.fixture
def files():
    with tempfile.TemporaryDirectory(prefix="focus-sync-lessons-") as folder:
        yield Path(folder)


def progress(page):
    return page.js("const p = document.getElementById('lesson-progress'); return p.checkVisibility() ? p.textContent : ''")


def complete(page):
    return page.js("return document.getElementById('lesson-complete').checkVisibility()")


def lesson_line(page):
    """The source lines marked as the lesson step's, by number."""
    return page.js("return [...document.querySelectorAll('#source-lines .source-line-lesson')].map((li) => Number(li.dataset.line))")


def open_writer(page):
    summary = page.driver.find_element(By.CSS_SELECTOR, "#lesson-writer-box > summary")
    page.click_when_still(summary)
    page.wait(lambda: page.driver.find_element(By.ID, "lesson-writer-title").is_displayed(), "the writer opens")


def fill_step(page, index, instruction, hint, line, case):
    """Fills step `index` (from 0) of the form by its labelled fields."""
    step = page.driver.find_elements(By.CSS_SELECTOR, "#lesson-writer-steps > li")[index]

    def field(label):
        found = [element for element in step.find_elements(By.CSS_SELECTOR, "input, select, textarea")
                 if element.is_displayed() and element.accessible_name == label]
        assert len(found) == 1, f"one field labelled {label!r} in step {index + 1}, found {len(found)}"
        return found[0]

    field("Instruction").send_keys(instruction)
    field("Hint").send_keys(hint)
    field("Line to mark").send_keys(str(line))
    assert field("Goal").get_attribute("value") == "focus", "the goal offered first is a focus move"
    field("Case").send_keys(case)


def custom_lesson(page):
    return page.server_state()["state"].get("customLesson")


def test_a_lesson_written_in_the_page_is_followed_by_everyone_and_exported_and_imported(two, files):
    a, b = two
    answer = a.open_source(LOGIN)
    b.open(urljoin(b.base_url, f"?session={answer['id']}"))
    b.reset_local_preferences()
    b.wait_drawn()
    assert not a.driver.find_elements(By.CSS_SELECTOR, "#lesson-select option"), "the login source has no built-in lesson"

    open_writer(a)
    a.driver.find_element(By.ID, "lesson-writer-title").send_keys("Log in with Return")
    fill_step(a, 0, "Tap Username.", "Tap the Username field.", USERNAME_LINE, "username")
    a.click_when_still(a.driver.find_element(By.ID, "lesson-writer-add"))
    a.wait(lambda: len(a.driver.find_elements(By.CSS_SELECTOR, "#lesson-writer-steps > li")) == 2, "a second step")
    fill_step(a, 1, "Press Return.", "Press Return in Username.", SUBMIT_LINE, ".password")
    a.click_when_still(a.driver.find_element(By.ID, "lesson-writer-save"))

    for page in (a, b):
        page.wait(lambda: progress(page) == "Step 1 of 2", lambda: f"[{page.name}] the lesson starts: {progress(page)!r}")
        page.wait(lambda: lesson_line(page) == [USERNAME_LINE], lambda: f"[{page.name}] the step's line: {lesson_line(page)}")
    written = custom_lesson(a)
    assert written["title"] == "Log in with Return" and written["screen"] == "LoginForm"
    assert [step["goal"] for step in written["steps"]] == [
        {"event": {"kind": "focus", "to": "username"}}, {"event": {"kind": "focus", "to": "password"}}]
    assert [step["line"] for step in written["steps"]] == [USERNAME_LINE, SUBMIT_LINE]

    a.control("Username").click()
    for page in (a, b):
        page.wait(lambda: progress(page) == "Step 2 of 2", lambda: f"[{page.name}] a tap on Username passes: {progress(page)!r}")
        page.wait(lambda: lesson_line(page) == [SUBMIT_LINE], lambda: f"[{page.name}] the next step's line: {lesson_line(page)}")
    a.wait(lambda: a.active_name() == "Username", "Username has focus")
    a.press_return()
    for page in (a, b):
        page.wait(lambda: complete(page), lambda: f"[{page.name}] Return completes the lesson: {progress(page)!r}")
        page.wait(lambda: lesson_line(page) == [], "a complete lesson marks no line")
    assert a.server_state()["state"]["lesson"] == {"lesson": written["id"], "step": 1, "hint": False, "complete": True}

    # Export: the session's lesson, named after the source.
    download_into(a, files)
    a.click_when_still(a.driver.find_element(By.ID, "lesson-writer-export"))
    exported = json.loads(downloaded(files, "LoginForm.lesson.json"))
    assert exported == written

    # Import into a new session on the same source: the form takes the file, Save starts it.
    a.open_source(LOGIN)
    assert custom_lesson(a) is None, "a new session has no lesson of its own"
    open_writer(a)
    a.driver.find_element(By.ID, "lesson-writer-file").send_keys(str(files / "LoginForm.lesson.json"))
    status = a.driver.find_element(By.ID, "lesson-writer-status")
    a.wait(lambda: status.text.startswith("Loaded"), lambda: f"the file loads: {status.text!r}")
    a.click_when_still(a.driver.find_element(By.ID, "lesson-writer-save"))
    a.wait(lambda: progress(a) == "Step 1 of 2", lambda: f"the imported lesson starts: {progress(a)!r}")
    assert custom_lesson(a) == written
