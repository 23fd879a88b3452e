"""Seed 001, checkout: the Return chain, Proceed focusing the first invalid field, and the three
symptoms of binding Address to `.name` by mistake."""

from selenium.webdriver.common.by import By


def open_checkout(pair):
    a, b = pair
    a.go_to("checkout")
    b.wait_screen("checkout")


def test_return_walks_name_address_phone_then_releases(pair):
    a, b = pair
    open_checkout(pair)
    b.tap("checkout", "name")
    for key in ("name", "address", "phone"):
        for page in pair:
            page.wait_focus(f".{key}", key)
        b.press_return()
    for page in pair:
        page.wait_focus("nil", None)
        page.wait(lambda page=page: page.keyboard_state() == "down", "the keyboard should go down")


def test_proceed_focuses_the_first_invalid_field_then_moves_on(pair):
    a, b = pair
    open_checkout(pair)
    a.tap("checkout", "name")
    a.type("Ada Lovelace")
    a.tap("checkout", "phone")
    a.type("+44 20 7946 0000")
    b.wait_value("checkout", "phone", "+44 20 7946 0000")
    a.button("Proceed to Gift Message").click()

    for page in pair:
        page.wait_focus(".address", "address")
        address = page.field("checkout", "address")
        page.wait(lambda address=address: address.get_attribute("aria-invalid") == "true", "Address should be marked invalid")
        error = page.driver.find_element(By.ID, address.get_attribute("aria-describedby"))
        assert error.is_displayed() and error.text
        assert page.field("checkout", "name").get_attribute("aria-invalid") is None
        assert page.driver.find_element(By.ID, "validation-state").text == "Invalid"
        assert page.log_entries()[0]["cause"] == "validation"
    assert "address.isBlank" in a.highlighted_code()

    b.type("12 Marylebone Road")
    a.wait_value("checkout", "address", "12 Marylebone Road")
    b.button("Proceed to Gift Message").click()
    for page in pair:
        page.wait_screen("gift")


def test_binding_address_to_name_by_mistake_reproduces_the_three_symptoms(pair):
    a, b = pair
    open_checkout(pair)
    a.tap("checkout", "name")
    a.type("Ada Lovelace")
    b.wait_value("checkout", "name", "Ada Lovelace")
    a.set_setting("setting-ambiguous", True)
    for page in pair:
        page.wait(lambda page=page: page.driver.find_elements(By.ID, "diagnostics"), "the inspector should warn")
        warning = page.driver.find_element(By.ID, "diagnostics").text
        assert "name" in warning
        shared = page.driver.find_elements(By.CSS_SELECTOR, "#bindings tr.binding-shared")
        assert len(shared) == 2
    assert "equals: .name) // ⚠︎ twice" in a.driver.find_element(By.ID, "code").text

    # 1. Focusing Name shows the focus on Address instead.
    a.tap("checkout", "name")
    for page in pair:
        page.wait_focus(".name", "address", "(the last field bound to .name wins)")
        assert page.session_focus_field() == "address"

    # 2. Return from Name lets go (the keyboard goes down) instead of moving to Address.
    a.press_return()
    for page in pair:
        page.wait(lambda page=page: page.keyboard_state() == "down", "Return should dismiss the keyboard")
        assert page.active_key() is None
        assert page.session_focus_field() is None

    # 3. With only Address invalid, Proceed from Phone does not bring focus to Address.
    a.tap("checkout", "phone")
    a.type("+44 20 7946 0000")
    a.button("Proceed to Gift Message").click()
    for page in pair:
        page.wait(lambda page=page: page.field("checkout", "address").get_attribute("aria-invalid") == "true",
                  "validation should still find Address invalid")
    a.wait(lambda: a.pending_intents() == 0, "the server should answer Proceed")
    for page in pair:
        assert page.active_key() != "address"
        assert page.session_focus_field() != "address"
