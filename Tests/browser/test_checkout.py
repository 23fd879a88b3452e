"""Seed 001, checkout: the Return chain, Proceed focusing the first invalid field, and the three
symptoms of binding Address to `.name` by mistake."""

from selenium.webdriver.common.by import By


def open_checkout(pair):
    """Opens checkout from A; the screen focuses Name as it appears, in both browsers."""
    a, b = pair
    a.go_to("checkout")
    b.wait_screen("checkout")
    for page in pair:
        page.wait_focus(".name", "name", "(checkout focuses Name when it appears)")


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
        assert page.driver.find_element(By.ID, "focus-printed").text == "Optional(FocusSync.CheckoutField.address)"
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
    a.type("Ada Lovelace")
    b.wait_value("checkout", "name", "Ada Lovelace")
    a.go_to("profile")
    b.wait_screen("profile")
    a.set_setting("setting-ambiguous", True)
    b.wait(lambda: b.setting("setting-ambiguous").is_selected(), "the setting is the session's")

    # 1. Going to the checkout form, the focus shows on Address, not Name.
    a.go_to("checkout")
    for page in pair:
        page.wait_screen("checkout")
        page.wait_focus(".name", "address", "(the last field bound to .name wins)")
        assert page.session_focus_field() == "address"
        page.wait(lambda page=page: page.driver.find_elements(By.ID, "diagnostics"), "the inspector should warn")
        assert ".name" in page.driver.find_element(By.ID, "diagnostics").text
        assert len(page.driver.find_elements(By.CSS_SELECTOR, "#bindings tr.binding-shared")) == 2
    assert "equals: .name) // ⚠︎ twice" in a.driver.find_element(By.ID, "code").text

    # 2. Return dismisses the keyboard instead of moving focus to Address.
    a.press_return()
    for page in pair:
        page.wait_focus("nil", None)
        page.wait(lambda page=page: page.keyboard_state() == "down", "Return should dismiss the keyboard")

    # 3. With only Address invalid, Proceed from Phone does not bring focus to Address.
    a.tap("checkout", "phone")
    a.type("+44 20 7946 0000")
    b.wait_value("checkout", "phone", "+44 20 7946 0000")
    a.button("Proceed to Gift Message").click()
    for page in pair:
        page.wait(lambda page=page: page.field("checkout", "address").get_attribute("aria-invalid") == "true",
                  "validation should find Address invalid")
        page.wait_focus("nil", None, "(validation aimed at .address, which no field is bound to)")
        assert page.session_focus_field() is None
        assert page.current_screen() == "checkout"
