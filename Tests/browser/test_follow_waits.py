"""Follow focus never takes a person's caret out of the field they are typing in: someone else's
move waits until they leave it or stop typing for a while, and the phone says who moved focus
where meanwhile (issue 24, small things)."""

from playground import PROFILE

# The page's 5 s, shortened through its test hook so the test does not sit through it.
IDLE_MS = 2000

# Installed in B's page: when the person last typed and when Last Name took the real focus.
RECORD = """
window.__typedAt = null;
window.__lastNameAt = null;
document.addEventListener('input', () => { window.__typedAt = performance.now(); }, true);
document.addEventListener('focusin', (event) => {
  if (event.target.dataset?.field === 'lastName') window.__lastNameAt = performance.now();
}, true);
"""


def follow_note(page):
    return page.js("const note = document.getElementById('follow-note'); return note.hidden ? null : note.textContent")


def test_someone_elses_move_waits_until_the_typist_leaves_their_field_or_stops(pair):
    a, b = pair
    b.js("window.focusSync.debug.setFollowIdle(arguments[0])", IDLE_MS)
    b.js(RECORD)
    b.tap(PROFILE, "firstName")
    a.wait(lambda: a.active_key() == "firstName", "A follows B into First Name")
    b.type("Ad")

    a.tap(PROFILE, "lastName")
    b.wait(lambda: b.session_focus_field() == "lastName", "B draws the session's focus on Last Name")
    expected = f"{a.my_name()} moved focus to Last Name. You stay in First Name until you leave it or stop typing for 2 s."
    b.wait(lambda: follow_note(b) == expected, lambda: f"B's phone says who moved focus where: {follow_note(b)!r}")
    assert b.active_key() == "firstName", "B's caret stays in the field B types in"
    b.type("a")
    for page in pair:
        page.wait_value(PROFILE, "firstName", "Ada")
    assert b.active_key() == "firstName" and b.js("return window.__lastNameAt") is None

    # Leaving the field (a tap on the phone's blank space) lets the waiting move happen at once,
    # without letting go of A's focus.
    b.driver.find_element("css selector", ".screen-title").click()
    b.wait(lambda: b.active_key() == "lastName", "B follows A once B leaves First Name")
    assert follow_note(b) is None, "the note goes once B has followed"
    assert a.session_focus_field() == "lastName" and a.active_key() == "lastName", "leaving a field A took focus from releases nothing"

    # Typing and then stopping: the move waits for the idle time after the last keystroke, no less.
    b.tap(PROFILE, "firstName")
    a.wait(lambda: a.active_key() == "firstName", "A follows B back into First Name")
    b.js("window.__lastNameAt = null")
    b.type(" L")
    a.tap(PROFILE, "lastName")
    b.wait(lambda: follow_note(b) == expected, "the note says it again")
    b.wait(lambda: b.active_key() == "lastName", "B follows once B has stopped typing", timeout=IDLE_MS / 1000 + 5)
    waited = b.js("return window.__lastNameAt - window.__typedAt")
    assert waited >= IDLE_MS - 50, f"B followed {waited:.0f} ms after B's last keystroke (at least {IDLE_MS} ms)"
    assert follow_note(b) is None
    for page in pair:
        page.wait_value(PROFILE, "firstName", "Ada L")
