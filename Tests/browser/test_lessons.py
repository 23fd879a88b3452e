"""Guided lessons, driven as a class would: two browsers on one session, each of the four lessons
from the catalogue done to the end with taps, typing, Return, the toolbar, the switches and the
screens' buttons. Both browsers always show the same step, straight from the server; one wrong move
per lesson shows the step's hint in both, and the right move clears it."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select


def start(pair, lesson_id):
    """A starts the lesson; both browsers show its screen and first step. Returns the catalogue's lesson."""
    a, _ = pair
    lesson = next(lesson for lesson in a.lessons() if lesson["id"] == lesson_id)
    a.start_lesson(lesson_id)
    for page in pair:
        page.wait_screen(lesson["screen"])
    at_step(pair, lesson, 0)
    return lesson


def at_step(pair, lesson, step, wrong=False):
    """Both browsers show `step` of `lesson`, as the catalogue words it, with its hint only after a wrong move."""
    steps = lesson["steps"]
    for page in pair:
        page.wait_step(step, len(steps), hint=steps[step]["hint"] if wrong else None)
        assert page.lesson_panel()["instruction"] == steps[step]["instruction"]


def completed(pair, lesson):
    for page in pair:
        page.wait_lesson_complete()
        panel = page.lesson_panel()
        assert panel["progress"] == f"Step {len(lesson['steps'])} of {len(lesson['steps'])}"
        assert panel["hint"] is None
        assert page.lesson_control("Next step").get_attribute("aria-disabled") == "true"


def focused(page, key):
    page.wait(lambda: page.active_key() == key, lambda: f"{key} should have the real focus, not {page.active_key()}")


def tap_and_return(page, screen, key):
    """Taps the field, and presses Return in it once it has the focus."""
    page.tap(screen, key)
    focused(page, key)
    page.press_return()


def tap_as_it_appears(page, screen, key):
    """Opens `screen` by its tab and puts the focus in field `key` the moment the screen shows, as a
    quick hand taps it: before a timer of the screen's own can land."""
    page.driver.execute_async_script("""
        const [tab, section, field, done] = arguments;
        new MutationObserver((_, observer) => {
            if (section.hidden) return;
            observer.disconnect();
            field.focus();
            done();
        }).observe(section, { attributes: true, attributeFilter: ['hidden'] });
        tab.click();
    """, page.tab(screen), page.screen_element(screen), page.field(screen, key))


def marked_code(page):
    return page.js("return [...document.querySelectorAll('#code .code-line-lesson')].map((line) => line.textContent.trim())")


def test_profile_lesson_return_the_toolbar_and_the_keyboard_bounce(pair):
    a, b = pair
    lesson = start(pair, "profile-keyboard")
    for page in pair:
        assert page.lesson_panel()["where"] == "marked in the code"
        assert marked_code(page) == [".focused($focus, equals: .firstName)"], "the step's line is marked in the code"

    a.tap("profile", "firstName")
    at_step(pair, lesson, 1)
    focused(a, "firstName")
    a.type("Ada")
    a.button("Next").click()  # the toolbar, where the step asks for Return
    at_step(pair, lesson, 1, wrong=True)
    for page in pair:
        page.wait(lambda page=page: f"Hint: {lesson['steps'][1]['hint']}" in page.announcement(), "the hint is announced")
    tap_and_return(b, "profile", "firstName")
    at_step(pair, lesson, 2)

    focused(b, "lastName")
    b.press_return()
    at_step(pair, lesson, 3)

    a.tap("profile", "lastName")
    a.wait_focus(".lastName", "lastName")
    a.button("Previous").click()
    at_step(pair, lesson, 4)

    a.wait_focus(".firstName", "firstName")
    a.button("Next").click()
    at_step(pair, lesson, 5)
    for page in pair:
        page.wait(lambda page=page: page.setting("setting-animated").is_selected(), "the step switches the animation on")

    tap_and_return(a, "profile", "firstName")
    at_step(pair, lesson, 6)
    assert [entry["move"] for entry in a.log_entries()[:2]] == ["nil → Last Name", "First Name → nil"], "the move went through nil"

    a.set_setting("setting-animated", False)
    at_step(pair, lesson, 7)

    tap_and_return(a, "profile", "firstName")
    completed(pair, lesson)


def test_checkout_lesson_one_key_two_fields(pair):
    a, b = pair
    lesson = start(pair, "checkout-ambiguous")
    focused(a, "name")
    a.press_return()  # Return with Name still empty
    at_step(pair, lesson, 0, wrong=True)
    a.tap("checkout", "name")
    focused(a, "name")
    a.type("Ada Lovelace")
    a.press_return()
    at_step(pair, lesson, 1)

    focused(a, "address")
    a.press_return()
    at_step(pair, lesson, 2)

    a.button("Proceed to Gift Message").click()
    at_step(pair, lesson, 3)

    a.set_setting("setting-ambiguous", True)
    at_step(pair, lesson, 4)

    b.go_to("profile")
    b.go_to("checkout")
    at_step(pair, lesson, 5)
    for page in pair:
        page.wait_focus(".name", "address", "(the caret shows in Address)")

    b.press_return()
    at_step(pair, lesson, 6)

    b.tap("checkout", "phone")
    b.wait_focus(".phone", "phone")
    b.click_when_still(b.button("Proceed to Gift Message"))
    at_step(pair, lesson, 7)

    a.tap("checkout", "name")
    at_step(pair, lesson, 8)
    a.wait_focus(".name", "address", "(a tap on Name puts the caret in Address)")

    a.set_setting("setting-ambiguous", False)
    at_step(pair, lesson, 9)

    a.button("Proceed to Gift Message").click()
    completed(pair, lesson)
    for page in pair:
        page.wait_focus(".address", "address")


def test_gift_lesson_a_late_focus_and_rows_by_id(pair):
    a, b = pair
    lesson = start(pair, "gift-auto-focus")
    # Starting opens Gift Message; its timer focusing the message passes the first step by itself.
    at_step(pair, lesson, 1)

    a.go_to("profile")
    a.go_to("gift")
    a.wait_focus(".message", "message", "(hands off: the timer lands)")
    at_step(pair, lesson, 1, wrong=True)

    first_email = f"row/{a.rows('gift', 'emails')[0]}"
    for _ in range(3):
        a.go_to("profile")
        tap_as_it_appears(a, "gift", first_email)
        a.wait(lambda: a.focus_swift().startswith(".row("), "the tap on the email lands")
        if a.lesson_panel()["progress"] == f"Step 3 of {len(lesson['steps'])}":
            break  # the tap beat the timer (on a very slow machine it may take another try)
    at_step(pair, lesson, 2)

    a.button("Add new email").click()
    at_step(pair, lesson, 3)
    emails = a.rows("gift", "emails")
    assert len(emails) == 2

    tap_and_return(a, "gift", f"row/{emails[0]}")
    at_step(pair, lesson, 4)

    focused(a, f"row/{emails[1]}")
    a.press_return()
    at_step(pair, lesson, 5)

    a.button("Send the Gift").click()
    at_step(pair, lesson, 6)

    focused(a, "message")
    a.type("Happy birthday")
    b.wait_value("gift", "message", "Happy birthday")
    a.button("Send the Gift").click()
    at_step(pair, lesson, 7)

    focused(a, f"row/{emails[0]}")
    a.type("ada@example.com")
    b.tap("gift", f"row/{emails[1]}")
    focused(b, f"row/{emails[1]}")
    b.type("grace@example.com")
    a.wait_value("gift", f"row/{emails[1]}", "grace@example.com")
    a.button("Send the Gift").click()
    completed(pair, lesson)


def test_tasks_lesson_a_row_that_opens_while_it_has_focus(pair):
    a, b = pair
    lesson = start(pair, "tasks-focused-row")
    rows = a.rows("tasks", "tasks")

    a.button("New Reminder").click()  # the step asks for a tap on a title
    at_step(pair, lesson, 0, wrong=True)
    a.tap("tasks", f"title/{rows[0]}")
    at_step(pair, lesson, 1)

    focused(a, f"title/{rows[0]}")
    a.press_return()
    at_step(pair, lesson, 2)

    focused(a, f"notes/{rows[0]}")
    a.press_return()
    at_step(pair, lesson, 3)

    b.click_when_still(b.button("New Reminder"))
    at_step(pair, lesson, 4)

    b.tap("tasks", f"title/{rows[0]}")
    focused(b, f"title/{rows[0]}")
    b.click_when_still(b.driver.find_element(By.CSS_SELECTOR, f"li[data-row='{rows[0]}'] .row-delete"))
    at_step(pair, lesson, 5)

    rows = a.rows("tasks", "tasks")
    tap_and_return(a, "tasks", f"title/{rows[-1]}")
    focused(a, f"notes/{rows[-1]}")
    a.driver.find_element(By.CSS_SELECTOR, f"li[data-row='{rows[-1]}'] .row-delete").click()
    at_step(pair, lesson, 6)

    focused(a, f"notes/{rows[-2]}")
    a.press_return()
    completed(pair, lesson)


def test_the_chooser_offers_the_lesson_of_the_screen_on_show_until_one_is_chosen(pair):
    a, _ = pair
    lessons = a.lessons()
    chosen = lambda: a.js("return document.getElementById('lesson-select').value")
    for screen in ("checkout", "gift", "tasks", "profile"):
        a.go_to(screen)
        a.wait_screen(screen)
        offered = next(lesson["id"] for lesson in lessons if lesson["screen"] == screen)
        a.wait(lambda: chosen() == offered, f"on {screen} the chooser should offer {offered}")
    picked = next(lesson["id"] for lesson in lessons if lesson["screen"] == "gift")
    Select(a.driver.find_element(By.ID, "lesson-select")).select_by_value(picked)
    a.go_to("checkout")
    a.wait_screen("checkout")
    assert chosen() == picked, "a lesson chosen by hand stays chosen on another screen"
