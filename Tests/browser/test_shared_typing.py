"""Two people typing at once never lose a character (issue 10): typing goes out as splices the
server merges, carets move through everyone else's changes, an IME composition is never
interrupted, following focus never takes a person's typing away or scrolls the page, a burst
arrives whole under the rate limit, and typing offline waits as one change per field."""

import random
import string
import threading

import pytest

from playground import GIFT, PROFILE
from program_page import at_once, open_pair
from servers import own_server

SETTLE_SECONDS = 40
A_LETTERS = string.ascii_lowercase + string.digits
B_LETTERS = string.ascii_uppercase


def typed(letters, count, seed):
    """`count` characters drawn from `letters`, the same every run."""
    draw = random.Random(seed)
    return "".join(draw.choice(letters) for _ in range(count))


def only(text, letters):
    return "".join(character for character in text if character in letters)


def settled(pages, screen, keys):
    """Waits until every browser shows the server's text in each of `keys` (fields of `screen`, the
    screen shown) and has nothing left to send; returns the server's texts of `keys`."""
    first = pages[0]
    served = {}

    def agreed():
        values = first.served_values()
        served.update({key: values[key] for key in keys})
        return all(page.pending_intents() == 0 and all(page.value(screen, key) == served[key] for key in keys)
                   for page in pages)

    first.wait(agreed, lambda: f"the browsers and the server should agree: server {served}, "
                               + ", ".join(f"{page.name} {[page.value(screen, key) for key in keys]}" for page in pages),
               timeout=SETTLE_SECONDS)
    return served


def start_in_first_name(pair, follow):
    """Sets Follow focus in both browsers; A taps First Name (and B, following, goes there too)."""
    a, b = pair
    for page in pair:
        page.set_setting("setting-follow", follow)
    a.tap(PROFILE, "firstName")
    a.wait_focus(".firstName", "firstName")
    if follow:
        b.wait(lambda: b.active_key() == "firstName", "B should follow A into First Name")


def text_intents(page):
    """The text-changing intents the page sent."""
    return [message for message in page.wire()["sent"] if message.get("action") in ("edit", "splice")]


@pytest.mark.parametrize("follow", [True, False], ids=["following", "not-following"])
def test_two_people_typing_200_characters_at_once_into_two_fields_lose_none(pair, follow):
    a, b = pair
    mine, theirs = typed(A_LETTERS, 200, 1), typed(B_LETTERS, 200, 2)
    start_in_first_name(pair, follow)
    a_is_typing = threading.Event()

    def a_types():
        a.type(mine[:10])
        a_is_typing.set()
        a.type_in_chunks(mine[10:])

    def b_types():
        assert a_is_typing.wait(20), "A should have started typing"
        # B takes the session's focus while A types: A's typing stays where A put it.
        b.tap(PROFILE, "lastName")
        b.type_in_chunks(theirs)

    at_once(a_types, b_types)
    served = settled(pair, PROFILE, ["firstName", "lastName"])
    assert served == {"firstName": mine, "lastName": theirs}, served
    if follow:
        a.wait(lambda: a.active_key() == "lastName", "once A pauses, A follows the session's focus to Last Name")
    else:
        assert a.active_key() == "firstName"


@pytest.mark.parametrize("follow", [True, False], ids=["following", "not-following"])
def test_two_people_typing_200_characters_at_once_into_one_field_lose_none(wire, pair, follow):
    a, b = pair
    mine, theirs = typed(A_LETTERS, 200, 3), typed(B_LETTERS, 200, 4)
    start_in_first_name(pair, follow)
    if not follow:
        b.tap(PROFILE, "firstName")

    at_once(lambda: a.type_in_chunks(mine), lambda: b.type_in_chunks(theirs))
    text = settled(pair, PROFILE, ["firstName"])["firstName"]
    assert len(text) == 400, text
    assert only(text, A_LETTERS) == mine, "A's characters, all of them, in the order A typed them"
    assert only(text, B_LETTERS) == theirs, "B's characters, all of them, in the order B typed them"
    for page in pair:
        sent = text_intents(page)
        assert sent and all(intent["action"] == "splice" for intent in sent), "the page never sends a whole value"
        assert len(sent) <= 200, "keystrokes typed while a splice is on its way go out together"


def test_typing_after_someone_elses_text_goes_after_it(pair):
    a, b = pair
    start_in_first_name(pair, follow=True)
    a.type("Ada")
    b.wait_value(PROFILE, "firstName", "Ada")
    assert b.caret() == [3, 3], "B's caret moves past text typed where it stood"
    b.type("X")
    for page in pair:
        page.wait_value(PROFILE, "firstName", "AdaX")
    assert a.served_values()["firstName"] == "AdaX"
    assert b.caret() == [4, 4]
    assert a.caret() == [4, 4], "A's caret, at the end, stays at the end"


def test_a_phone_does_not_scroll_when_someone_elses_focus_moves(pair):
    a, b = pair
    # B, phone-sized, reads the panels below the phone.
    below_phone = b.js("return Math.round(document.querySelector('.phone').getBoundingClientRect().bottom + window.scrollY + 20)")
    b.js("window.scrollTo(0, arguments[0])", below_phone)
    before = b.scroll_y()
    assert before == below_phone, f"B's page should be long enough to scroll below the phone ({before} < {below_phone})"

    a.go_to(GIFT)
    b.wait_screen(GIFT)
    b.wait(lambda: b.active_key() == "message", "the gift message's auto-focus should reach B")
    assert b.scroll_y() == before, "B's page stays where B scrolled it when the auto-focus fires"

    a.type("Happy birthday")
    b.wait_value(GIFT, "message", "Happy birthday")
    row = a.rows(GIFT, "email")[-1]
    a.tap(GIFT, f"email/{row}")
    b.wait(lambda: b.active_key() == f"email/{row}", "B should follow A to the email row")
    assert b.scroll_y() == before, "B's page stays where B scrolled it when A taps another field"


@pytest.fixture
def limited(drivers):
    """A server allowing 5 messages a second (bursts of 10) per connection."""
    with own_server("--rate-limit", "5") as server:
        yield server


def test_a_600_character_paste_and_typing_arrive_whole_under_the_rate_limit(wire, limited, drivers):
    a, b = open_pair(drivers, limited.url())
    pasted, tail = typed(A_LETTERS + " ", 600, 5), typed(A_LETTERS, 150, 6)
    a.tap(PROFILE, "firstName")
    a.wait_focus(".firstName", "firstName")
    a.insert_text(pasted)
    # One key per WebDriver call: keystrokes far apart enough to go out one by one, past the limit.
    a.type_in_chunks(tail, 1)
    assert a.value(PROFILE, "firstName") == pasted + tail
    served = settled((a, b), PROFILE, ["firstName"])
    assert served["firstName"] == pasted + tail
    answers = a.wire()["answers"]
    assert any(answer["code"] == "rate_limited" for answer in answers), f"the rate limit should have refused something: {answers}"
    sent = text_intents(a)
    assert all(intent["action"] == "splice" for intent in sent), "a refused splice goes again as a splice, never a whole value"
    assert sent[0]["insert"] == pasted, "the paste goes out as one splice"


def test_an_ime_composition_is_not_interrupted_by_someone_elses_typing(pair):
    a, b = pair
    start_in_first_name(pair, follow=True)
    a.compose("にほ")
    a.wait_value(PROFILE, "firstName", "にほ")
    b.type("XYZ")
    a.wait(lambda: a.served_values()["firstName"] == "XYZ",
           "B's typing should reach the server")
    a.wait(lambda: a.js("return document.querySelector(\"#program-state tr[data-name='firstName'] code\").textContent") == '"XYZ"',
           "A's inspector should show B's edit")
    assert a.value(PROFILE, "firstName") == "にほ", "A's composition is left as it is while A composes"
    assert a.active_key() == "firstName"
    a.compose("にほん")
    a.commit_composition("日本")
    text = settled(pair, PROFILE, ["firstName"])["firstName"]
    assert text in ("日本XYZ", "XYZ日本"), text
    assert a.caret() == [5, 5], "A's caret, at the end after composing, stays at the end"


def test_typing_offline_waits_as_one_change_per_field_kept_under_one_key(pair):
    a, b = pair
    a.tap(PROFILE, "firstName")
    a.wait_focus(".firstName", "firstName")
    b.wait_focus(".firstName", "firstName")
    stored = "return Object.keys(sessionStorage).filter((key) => key.includes('.intent.')).map((key) => JSON.parse(sessionStorage.getItem(key)))"
    a.wait(lambda: a.js(stored) == [], "nothing should wait once the tap is answered")

    a.drop_connection(4000)
    a.wait(lambda: a.connection_state() == "reconnecting", "A should show it is reconnecting")
    a.type("Ada Lovelace")
    assert a.js("return document.getElementById('phone-offline').textContent") == "Offline — 1 change waits here until reconnected"
    waiting = a.js(stored)
    assert [intent["action"] for intent in waiting] == ["splice"], waiting
    assert waiting[0]["insert"] == "A", "the first keystroke waits as a splice; the rest wait composed behind it"

    a.wait_connected()
    for page in pair:
        page.wait_value(PROFILE, "firstName", "Ada Lovelace")
    a.wait(lambda: a.pending_intents() == 0 and a.js(stored) == [], "every waiting change should be answered and forgotten")
    assert a.served_values()["firstName"] == "Ada Lovelace"


def test_typing_offline_survives_a_reload(pair):
    a, b = pair
    start_in_first_name(pair, follow=True)
    a.drop_connection(60000)
    a.wait(lambda: a.connection_state() == "reconnecting", "A should show it is reconnecting")
    a.type("Ada Lovelace")
    a.driver.refresh()
    a.wait_connected()
    for page in pair:
        page.wait_value(PROFILE, "firstName", "Ada Lovelace")
    a.wait(lambda: a.pending_intents() == 0, "the waiting change should be answered")
    assert a.served_values()["firstName"] == "Ada Lovelace"
