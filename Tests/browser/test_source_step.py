"""Step (the code panel's switch): A turns it on, and A's next tap runs one statement at a time
while both browsers watch the same statement marked in the source, with the values it read and
the focus state before → after; B can change nothing meanwhile; A turns Step off and the action
finishes, focus landing where running it at once puts it."""

from pathlib import Path
from urllib.parse import urljoin

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from display import assert_no_axe_violations
from program_page import line_of

SCREEN = "SignUp"
SOURCE = (Path(__file__).resolve().parents[1] / "Fixtures" / "step-sign-up.swift").read_text(encoding="utf-8")
BUTTON = line_of(SOURCE, 'Button("Sign Up")')
USERNAME_CHECK = line_of(SOURCE, "if username.isEmpty")
EMAIL_CHECK = line_of(SOURCE, "} else if email.isEmpty")
EMAIL_FOCUS = line_of(SOURCE, "focusedField = .email")


def step_shown(page):
    """What the page's Step section shows: the switch, the status, the moves and the values read."""
    return page.js("""
        const values = document.getElementById('source-step-values');
        return {
          on: document.getElementById('source-step-on').checked,
          enabled: !document.getElementById('source-step-on').disabled,
          status: document.getElementById('source-step-status').textContent,
          moves: !document.getElementById('source-step-moves').hidden,
          reads: values.hidden ? null : [...values.querySelectorAll('.source-step-read')].map((value) => value.textContent),
          focus: values.hidden ? null : [...values.querySelectorAll('.source-step-focus')].map((value) => value.textContent),
        };
    """)


def step_button(page, name):
    return page.driver.find_element(By.ID, f"source-step-{name}")


def wait_statement(pages, number, line, reads, focus):
    """Waits until every page marks `line` as statement `number` (from 1) and shows its reads and focus."""
    for page in pages:
        page.wait(lambda page=page: (page.marked_lines() and page.marked_lines()[0][0] == line
                                     and f"statement {number} of 4, line {line}." in step_shown(page)["status"]
                                     and step_shown(page)["reads"] == reads and step_shown(page)["focus"] == focus),
                  lambda page=page: f"[{page.name}] statement {number} (line {line}) with {reads} and {focus} should show: "
                                    f"{page.marked_lines()} {step_shown(page)}")


def test_a_tap_stepped_through_by_one_person_shows_the_same_statement_everywhere_and_finishes_when_step_goes_off(two):
    a, b = two
    session = a.open_source(SOURCE)
    b.open(urljoin(a.base_url, f"?session={session['id']}"))
    b.reset_local_preferences()
    b.wait_drawn()
    a.tap(SCREEN, "username")
    a.type("ada")
    a.wait(lambda: a.session_values("Username") == ["ada"] and a.pending_intents() == 0, "the username reaches the session")

    # A turns Step on from the keyboard; B sees it on, and cannot turn it.
    switch = step_button(a, "on")
    a.js("arguments[0].focus()", switch)
    switch.send_keys(Keys.SPACE)
    for page, mine in ((a, True), (b, False)):
        page.wait(lambda page=page, mine=mine: step_shown(page)["on"] and step_shown(page)["enabled"] == mine
                  and ("Step is on" if mine else "has Step on") in step_shown(page)["status"],
                  lambda page=page: f"Step shows on, for A to turn off: {step_shown(page)}")
    revision = a.server_state()["revision"]

    a.button("Sign Up").click()
    b.wait(lambda: "is stepping through an action" in b.notice(), "B is told that the session waits for A")
    nil = ["focusedField: .username → .username"]
    wait_statement(two, 1, BUTTON, [], nil)
    assert step_shown(a)["moves"] and not step_shown(b)["moves"], "only the one stepping moves through the action"
    assert a.server_state()["revision"] == revision, "the tap is held: nothing changed yet"

    step_button(a, "forward").click()
    wait_statement(two, 2, USERNAME_CHECK, ["username.isEmpty = false"], nil)
    step_button(a, "forward").click()
    wait_statement(two, 3, EMAIL_CHECK, ["email.isEmpty = true", 'email.isEmpty || !email.contains("@") = true'], nil)
    # The statement shown, its values and the moves pass axe, in the light scheme and the dark one.
    assert_no_axe_violations(a, "a statement shown, to the one stepping", source=False)
    b.emulate_media(prefers_color_scheme="dark")
    try:
        assert_no_axe_violations(b, "a statement shown, to another, in the dark", source=False)
    finally:
        b.emulate_media()
    step_button(a, "back").click()
    wait_statement(two, 2, USERNAME_CHECK, ["username.isEmpty = false"], nil)
    step_button(a, "forward").click()
    step_button(a, "forward").click()
    wait_statement(two, 4, EMAIL_FOCUS, [], ["focusedField: .username → .email"])

    # B's typing and tapping change nothing while A steps: the field takes no text, the button is
    # disabled, and the session keeps what it had.
    b.field(SCREEN, "email").click()
    b.type("grace@example.com")
    b.button("Sign Up").click()
    assert b.value(SCREEN, "email") == ""
    assert b.button("Sign Up").get_attribute("aria-disabled") == "true"
    assert a.session_values("Email") == [""] and a.server_state()["revision"] == revision

    # A turns Step off: the tap finishes as it would have at once, focus on Email.
    a.js("arguments[0].focus()", switch)
    switch.send_keys(Keys.SPACE)
    for page in two:
        page.wait(lambda page=page: page.focus_value("focusedField") == ".email" and not step_shown(page)["on"]
                  and step_shown(page)["reads"] is None, f"[{page.name}] the action finished: focus on Email, Step off")
        page.wait(lambda page=page: page.marked_lines() == [(EMAIL_FOCUS, page.marked_lines()[0][1])],
                  f"[{page.name}] the mark is the last event's line again")
    state = a.server_state()
    assert state["revision"] == revision + 1, "the stepped tap is one change"
    assert state["state"]["program"]["drawn"]["focused"] == "email"
    assert state["state"]["stepping"] is None
    a.wait(lambda: a.active_key() == "email", "A's real focus follows to Email")
