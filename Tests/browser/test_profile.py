"""Seed 000: the profile form. Return walks First Name → Last Name → nil; the keyboard toolbar steps."""


def test_return_walks_first_name_to_last_name_then_releases_focus(pair):
    a, b = pair
    a.tap("profile", "firstName")
    for page in pair:
        page.wait_focus(".firstName", "firstName")
        assert page.keyboard_state() == "up"

    a.type("Ada")
    b.wait_value("profile", "firstName", "Ada")
    a.press_return()
    for page in pair:
        page.wait_focus(".lastName", "lastName")
        assert page.keyboard_state() == "up"
    assert "move(to: .lastName)" in a.highlighted_code()

    a.type("Lovelace")
    b.wait_value("profile", "lastName", "Lovelace")
    a.press_return()
    for page in pair:
        page.wait_focus("nil", None)
        page.wait(lambda page=page: page.keyboard_state() == "down", "the keyboard should go down")
        newest = page.log_entries()[0]
        assert newest["move"] == "Last Name → nil"
        assert newest["cause"] == "Return"
        assert a.my_name() in newest["who"]
    assert a.highlighted_code() == ".onSubmit { focus = nil }"


def test_keyboard_toolbar_previous_and_next(pair):
    a, b = pair
    a.tap("profile", "lastName")
    for page in pair:
        page.wait_focus(".lastName", "lastName")

    a.button("Previous").click()
    for page in pair:
        page.wait_focus(".firstName", "firstName")
        assert page.log_entries()[0]["cause"] == "toolbar"
    assert a.highlighted_code().startswith('Button("Previous")')

    b.button("Next").click()
    for page in pair:
        page.wait_focus(".lastName", "lastName")
    assert b.highlighted_code().startswith('Button("Next")')

    # Next at the end of the chain is marked disabled, and a tap on it changes nothing, anywhere.
    a.wait(lambda: a.button("Next").get_attribute("aria-disabled") == "true", "Next should be disabled on the last field")
    assert a.button("Previous").get_attribute("aria-disabled") == "false"
    a.button("Next").click()
    a.wait(lambda: a.pending_intents() == 0, "the server should answer the toolbar intent")
    for page in pair:
        page.wait_focus(".lastName", "lastName")
