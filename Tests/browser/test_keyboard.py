"""The simulated keyboard through a field-to-field move: still without animation, a dip with it."""


def focus_first_name(pair):
    a, _ = pair
    a.tap("profile", "firstName")
    for page in pair:
        page.wait_focus(".firstName", "firstName")
        page.wait(lambda page=page: page.keyboard_state() == "up", "the keyboard should be up")
        page.record_keyboard()


def test_keyboard_stays_up_through_a_move_without_animation(pair):
    a, _ = pair
    focus_first_name(pair)
    a.press_return()
    for page in pair:
        page.wait_focus(".lastName", "lastName")
        assert page.recorded_keyboard() == [], "the keyboard should not move at all"
        assert page.log_entries()[0]["move"] == "First Name → Last Name"
    assert "withTransaction(Transaction(animation: nil)) {" in a.driver.find_element("id", "code").text


def test_keyboard_dips_when_an_animated_move_passes_through_nil(pair):
    a, b = pair
    a.set_setting("setting-animated", True)
    b.wait(lambda: b.setting("setting-animated").is_selected(), "the setting is the session's, so B shows it too")
    focus_first_name(pair)
    a.press_return()
    for page in pair:
        page.wait_focus(".lastName", "lastName")
        page.wait(lambda page=page: page.recorded_keyboard() == ["dip", "up"],
                  f"the keyboard should dip and come back (saw {page.recorded_keyboard()})")
        moves = [entry["move"] for entry in page.log_entries()[:2]]
        assert moves == ["nil → Last Name", "First Name → nil"]
    assert "withTransaction" not in a.driver.find_element("id", "code").text


def test_reduced_motion_turns_the_dip_into_a_plain_state_change(pair):
    a, b = pair
    a.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        a.set_setting("setting-animated", True)
        focus_first_name(pair)
        a.press_return()
        a.wait(lambda: a.recorded_keyboard() == ["dip", "up"], "the dip is still shown, as a state")
        durations = a.js("""
            const keyboard = document.getElementById('keyboard');
            return [keyboard, keyboard.firstElementChild].map((element) => getComputedStyle(element).transitionDuration);
        """)
        assert durations == ["0s", "0s"], f"nothing should move smoothly with reduced motion ({durations})"
        b.wait(lambda: b.recorded_keyboard() == ["dip", "up"], "B, without the preference, still dips")
    finally:
        a.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
