"""People: a name of your own, chosen in a labelled dialog, sent with `rename` and kept for the
tab (a reload says `hello` with it); a person who leaves takes their name tag with them."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from playground import PROFILE


def choose_name(page, name):
    page.driver.find_element(By.ID, "name-button").click()
    dialog = page.driver.find_element(By.ID, "name-dialog")
    page.wait(dialog.is_displayed, "the name dialog opens")
    field = page.driver.find_element(By.ID, "name-input")
    assert page.js("return document.activeElement.id") == "name-input", "the dialog starts in its field"
    assert field.get_attribute("value") == page.my_name(), "it starts from the name others see now"
    page.select_all()
    page.type(name + Keys.ENTER)
    return dialog


def test_choose_your_name_and_keep_it_for_the_tab(wire, pair):
    a, b = pair
    label = a.driver.find_element(By.CSS_SELECTOR, "label[for='name-input']")
    dialog = choose_name(a, "   ")
    assert dialog.is_displayed(), "an empty name is not taken"
    assert "at least one letter" in a.driver.find_element(By.ID, "name-problem").text
    assert a.driver.find_element(By.ID, "name-input").get_attribute("aria-invalid") == "true"
    assert label.text == "The name others see beside your focus"

    a.select_all()
    a.type("Ada Lovelace" + Keys.ENTER)
    a.wait(lambda: not dialog.is_displayed(), "Save closes the dialog")
    assert {"type": "rename", "name": "Ada Lovelace"} in a.wire()["sent"]
    for page in pair:
        page.wait(lambda page=page: any(person.startswith("Ada Lovelace") for person in page.people()), "everyone sees the new name")

    a.open(a.url)
    hello = next(message for message in a.wire()["sent"] if message["type"] == "hello")
    assert hello["name"] == "Ada Lovelace", "the reloaded tab says hello with its name"
    a.wait(lambda: a.my_name() == "Ada Lovelace", "and keeps it")

    dialog = choose_name(a, "Someone else")
    a.wait(lambda: not dialog.is_displayed(), "Save closes the dialog")
    a.driver.find_element(By.ID, "name-button").click()
    a.type(Keys.ESCAPE)
    a.wait(lambda: not dialog.is_displayed(), "Escape closes it, changing nothing")
    b.wait(lambda: any(person.startswith("Someone else") for person in b.people()), "B sees the name")


def test_a_person_who_leaves_takes_their_name_tag(pair):
    a, b = pair
    a.set_setting("setting-follow", False)
    b.tap(PROFILE, "firstName")
    a.wait(lambda: a.owner_tag(PROFILE, "firstName") == b.my_name(), "A sees whose focus it is")
    b.driver.get("about:blank")
    a.wait(lambda: a.owner_tag(PROFILE, "firstName") is None, "the tag goes with its person")
    assert a.session_focus_field() == "firstName", "the session's focus stays where it was"
    assert len(a.people()) == 1
