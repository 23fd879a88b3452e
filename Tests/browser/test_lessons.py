"""Guided lessons on the seed screens, driven as a class would: two browsers on the session opened
at `/`, the lessons of the checkout, the gift message and the reminders (each written against its
seed's source) done to the end with taps, typing, Return, the screens' buttons and edits of the
code itself. Both browsers always show the same step, straight from the server; one wrong move
per lesson shows the step's hint in both (and says it), and the right move clears it."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from playground import CHECKOUT, GIFT, PROFILE, SCREENS, TASKS
from program_page import line_of
from seed_plays import line_after


def start(pair, lesson_id):
    """A starts the lesson; both browsers show its screen and first step. Returns the catalogue's lesson."""
    a, _ = pair
    lesson = next(lesson for lesson in a.lessons() if lesson["id"] == lesson_id)
    a.start_lesson(lesson_id)
    for page in pair:
        page.wait_screen(lesson["screen"])
    at_step(pair, lesson, 0)
    return lesson


def at_step(pair, lesson, step, wrong=False, said=False):
    """Both browsers show `step` of `lesson`, as the catalogue words it, with its hint only after a
    wrong move (`said`: and announce the hint)."""
    steps = lesson["steps"]
    for page in pair:
        page.wait_step(step, len(steps), hint=steps[step]["hint"] if wrong else None)
        assert page.lesson_panel()["instruction"] == steps[step]["instruction"]
        if said:
            page.wait(lambda page=page: f"Hint: {steps[step]['hint']}" in page.announcement(), "the hint is announced")


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


def edit_line(page, anchor, text, old, new):
    """Edits the session's source as typing does (it runs once compiled): `old` replaced by `new` on
    the first line holding `text` after the one holding `anchor` (`new` None: that line taken out)."""
    source = page.server_state()["state"]["program"]["source"]
    lines = source.split("\n")
    number = line_after(source, anchor, text)
    if new is None:
        del lines[number - 1]
    else:
        lines[number - 1] = lines[number - 1].replace(old, new)
    page.set_source("\n".join(lines))
    page.wait_source_read()


def delete_row(page, row):
    """Taps the Delete of the reminder whose title field is `title/<row>`."""
    page.click_when_still(page.field(TASKS, f"title/{row}").find_element(
        "xpath", "ancestor::li[1]//button[normalize-space()='Delete']"))


def test_checkout_lesson_one_value_two_fields_in_the_code(pair):
    a, b = pair
    lesson = start(pair, "checkout-source")
    focused(a, "name")
    a.press_return()  # Return with Name still empty
    at_step(pair, lesson, 0, wrong=True, said=True)
    a.tap(CHECKOUT, "name")
    focused(a, "name")
    a.type("Ada Lovelace")
    a.press_return()
    at_step(pair, lesson, 1)

    focused(a, "address")
    a.press_return()
    at_step(pair, lesson, 2)

    a.button("Proceed to Gift Message").click()
    at_step(pair, lesson, 3)

    edit_line(a, 'TextField("Address"', ".focused($focus", ".address", ".name")
    at_step(pair, lesson, 4)
    source = b.server_state()["state"]["program"]["source"]
    for page in pair:
        page.wait(lambda page=page: any("Two fields are bound to `.name`" in text for text in page.diagnostics_on(
            line_after(source, 'TextField("Address"', ".focused($focus"))), "the warning is listed in both")

    tap_and_return(b, CHECKOUT, "name")
    at_step(pair, lesson, 5)
    for page in pair:
        page.wait_focus("nil", None, "(no field answers to .address: focus lets go)")

    b.tap(CHECKOUT, "phone")
    b.wait_focus(".phone", "phone")
    b.click_when_still(b.button("Proceed to Gift Message"))
    at_step(pair, lesson, 6)

    a.tap(CHECKOUT, "address")
    at_step(pair, lesson, 7)
    for page in pair:
        page.wait_focus(".name", "address", "(the caret shows in Address, focus reads .name)")

    edit_line(a, 'TextField("Address"', ".focused($focus", ".name", ".address")
    at_step(pair, lesson, 8)
    tap_and_return(a, CHECKOUT, "name")
    completed(pair, lesson)
    for page in pair:
        page.wait_focus(".address", "address")


def tap_as_it_appears(page, screen, field):
    """Opens `screen` by its tab and puts the focus in its first `field` row the moment it is drawn,
    as a quick hand taps it: before a timer of the screen's own can land."""
    page.driver.execute_async_script("""
        const [tab, screen, prefix, done] = arguments;
        const find = () => [...document.querySelectorAll(`section.program-screen[data-screen='${screen}'] input`)]
          .find((input) => input.dataset.field?.startsWith(prefix));
        new MutationObserver((_, observer) => {
            const input = find();
            if (!input) return;
            observer.disconnect();
            input.focus();
            done();
        }).observe(document.getElementById('screens'), { subtree: true, childList: true, attributes: true });
        tab.click();
    """, page.tab(screen), screen, f"{field}/")


def test_gift_lesson_a_sleeping_task_and_rows_by_id(pair):
    a, b = pair
    lesson = start(pair, "gift-source")
    # Starting opens the gift message; its task focusing the message passes the first step by itself.
    at_step(pair, lesson, 1)

    a.go_to(PROFILE)
    a.go_to(GIFT)
    a.wait_focus(".message", "message", "(hands off: the task lands)")
    at_step(pair, lesson, 1, wrong=True)

    for _ in range(3):
        a.go_to(PROFILE)
        tap_as_it_appears(a, GIFT, "email")
        a.wait(lambda: a.focus_swift().startswith(".row("), "the tap on the email lands")
        if a.lesson_panel()["progress"] == f"Step 3 of {len(lesson['steps'])}":
            break  # the tap beat the task (on a very slow machine it may take another try)
    at_step(pair, lesson, 2)

    a.button("Add new email").click()
    at_step(pair, lesson, 3)
    emails = a.rows(GIFT, "email")
    assert len(emails) == 2
    b.wait(lambda: b.rows(GIFT, "email") == emails, "B shows the same rows in order")
    focused(a, f"email/{emails[1]}")

    tap_and_return(a, GIFT, f"email/{emails[0]}")
    at_step(pair, lesson, 4)

    focused(a, f"email/{emails[1]}")
    a.press_return()
    at_step(pair, lesson, 5)

    a.button("Send the Gift").click()
    at_step(pair, lesson, 6)

    focused(a, "message")
    a.type("Happy birthday")
    b.wait_value(GIFT, "message", "Happy birthday")
    a.button("Send the Gift").click()
    at_step(pair, lesson, 7)

    focused(a, f"email/{emails[0]}")
    a.type("ada@example.com")
    b.tap(GIFT, f"email/{emails[1]}")
    focused(b, f"email/{emails[1]}")
    b.type("grace@example.com")
    a.wait_value(GIFT, f"email/{emails[1]}", "grace@example.com")
    a.button("Send the Gift").click()
    completed(pair, lesson)


def test_tasks_lesson_a_row_that_opens_while_it_has_focus_in_the_code(pair):
    a, b = pair
    lesson = start(pair, "tasks-source")
    rows = a.rows(TASKS, "title")

    a.click_when_still(a.button("New Reminder"))  # the step asks for a tap on a title
    at_step(pair, lesson, 0, wrong=True)
    rows = a.rows(TASKS, "title")
    assert len(rows) == 4
    a.tap(TASKS, f"title/{rows[0]}")
    at_step(pair, lesson, 1)

    focused(a, f"title/{rows[0]}")
    a.press_return()
    at_step(pair, lesson, 2)

    focused(a, f"notes/{rows[0]}")
    a.press_return()
    at_step(pair, lesson, 3)

    focused(a, f"title/{rows[1]}")
    for key in [f"notes/{rows[1]}"] + [f"{field}/{row}" for row in rows[2:] for field in ("title", "notes")]:
        a.press_return()
        focused(a, key)
    a.press_return()  # in the last reminder's notes
    at_step(pair, lesson, 4)

    b.click_when_still(b.button("New Reminder"))
    at_step(pair, lesson, 5)

    rows = b.rows(TASKS, "title")
    tap_and_return(b, TASKS, f"title/{rows[0]}")
    focused(b, f"notes/{rows[0]}")
    delete_row(b, rows[0])
    at_step(pair, lesson, 6)
    for page in pair:
        page.wait(lambda page=page: page.active_key() == f"notes/{rows[1]}", "the notes of the reminder taking its place")

    edit_line(a, "private func delete(_ id: UUID)", "move(to: heir.map", "", None)
    at_step(pair, lesson, 7)

    rows = a.rows(TASKS, "title")
    a.tap(TASKS, f"title/{rows[0]}")
    focused(a, f"title/{rows[0]}")
    delete_row(a, rows[0])
    at_step(pair, lesson, 8)
    for page in pair:
        page.wait_focus("nil", None, "(nothing moves focus elsewhere)")

    source = a.server_state()["state"]["program"]["source"]
    heir = line_of(source, "let heir = reminders.indices.contains(index) ? index : reminders.indices.last")
    lines = source.split("\n")
    lines.insert(heir, "        move(to: heir.map { field.onRow(reminders[$0].id) })")
    a.set_source("\n".join(lines))
    a.wait_source_read()
    at_step(pair, lesson, 9)

    rows = a.rows(TASKS, "title")
    tap_and_return(a, TASKS, f"title/{rows[-1]}")
    focused(a, f"notes/{rows[-1]}")
    delete_row(a, rows[-1])
    at_step(pair, lesson, 10)
    for page in pair:
        page.wait(lambda page=page: page.active_key() == f"notes/{rows[-2]}", "the notes of the reminder before it")

    # The last step says what lets go of focus on an iPhone: a tap on blank space does not, the
    # keyboard's dismiss key (Escape) does.
    step = a.lesson_panel()["instruction"]
    assert "blank space" in step and "dismiss key" in step and "Escape" in step, step
    a.click_when_still(a.driver.find_element(By.CSS_SELECTOR, ".screen-title"))
    assert a.active_key() is None and a.session_focus_field() == f"notes/{rows[-2]}", "a tap on blank space keeps focus"
    at_step(pair, lesson, 10)
    a.tap(TASKS, f"notes/{rows[-2]}")
    a.type(Keys.ESCAPE)
    completed(pair, lesson)
    for page in pair:
        page.wait_focus("nil", None, "(the dismiss key let go of the notes) ")


def test_the_chooser_offers_the_lesson_of_the_screen_on_show_until_one_is_chosen(pair):
    a, _ = pair
    lessons = a.lessons()
    chosen = lambda: a.js("return document.getElementById('lesson-select').value")  # noqa: E731
    offered = lambda: a.js("return [...document.querySelectorAll('#lesson-select option')].map((option) => option.value)")  # noqa: E731
    for screen in [CHECKOUT, GIFT, TASKS, PROFILE]:
        if a.current_screen() != screen:
            a.go_to(screen)
        lesson = next(lesson["id"] for lesson in lessons if lesson["screen"] == screen)
        a.wait(lambda lesson=lesson: chosen() == lesson, f"on {screen} the chooser should offer {lesson}")
    assert sorted(offered()) == sorted(lesson["id"] for lesson in lessons if lesson["screen"] in SCREENS), \
        "the chooser lists the lessons of the session's screens, none of another's"
    picked = next(lesson["id"] for lesson in lessons if lesson["screen"] == GIFT)
    Select(a.driver.find_element("id", "lesson-select")).select_by_value(picked)
    a.go_to(CHECKOUT)
    assert chosen() == picked, "a lesson chosen by hand stays chosen on another screen"
