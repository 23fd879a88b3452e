"""Presenter and viewer links: Share offers an edit link and a watch-only link, each with an
explanation; a page opened with the watch-only link says it is watching, sends nothing whatever
its person does (and is told calmly, once, if something is sent anyway), and follows the
presenter's screen, marked source line and lesson, while the presenter's page sees nothing change."""

from selenium.webdriver.common.by import By

from playground import CHECKOUT, PROFILE, TASKS


def intents(page):
    return [message for message in page.wire()["sent"] if message["type"] == "intent"]


def test_share_offers_both_links_with_a_plain_explanation(watched):
    a, b = watched
    links = a.share_links()
    assert links["edit"] == a.url
    assert links["watch"] != links["edit"] and "session=" in links["watch"]
    assert b.url == links["watch"]
    helps = a.js("return [...document.querySelectorAll('#share-panel .share-help')].map((help) => help.textContent)")
    assert any("change everything" in help for help in helps) and any("changes nothing" in help for help in helps)
    for kind in ("edit link", "watch-only link"):
        a.driver.find_element(By.CSS_SELECTOR, f"button[aria-label='Copy the {kind}']").click()
        a.wait(lambda kind=kind: a.driver.find_element(By.ID, "share-status").text in
               (f"{kind.capitalize()} copied.", f"Copying is blocked here: the {kind} is selected, copy it yourself."),
               f"copying the {kind} says what happened")

    viewer_links = b.share_links()
    assert viewer_links == {"edit": None, "watch": b.url}, "a viewer can pass on only the watch-only link"


def test_a_viewer_is_marked_read_only_and_sends_nothing(wire, watched):
    a, b = watched
    banner = b.driver.find_element(By.ID, "watching")
    b.wait(lambda: banner.text == f"Watching — you can't change this session. {a.my_name()} presents.", "B says it is watching")
    assert not a.driver.find_element(By.ID, "watching").is_displayed()
    assert not b.driver.find_element(By.ID, "name-button").is_displayed(), "a viewer is counted, not named"
    assert b.people() == [f"{a.my_name()} · presenting", "1 watching"], "the header says who presents and how many watch"
    assert a.people() == [f"{a.my_name()} (you) · presenting", "1 watching"]
    before = a.server_state()["revision"]

    # Everything a person might try on the watching page.
    b.tap(PROFILE, "firstName")
    b.type("Mallory")
    b.tab(CHECKOUT).click()
    assert not b.setting("setting-follow").is_enabled(), "a viewer never follows focus"
    assert not b.driver.find_element(By.ID, "source-restart").is_displayed(), "Restart is off limits to a viewer"
    # No space: in a read-only text a space scrolls the page smoothly, which moved Start under the
    # note below it while the click was on its way.
    b.source_text().send_keys("//Mallory")
    b.wait(lambda: b.driver.find_element(By.ID, "lesson-summary").text != "", "the lesson catalogue has arrived (its summary moves Start)")
    b.click_when_still(b.lesson_control("Start"))
    assert b.value(PROFILE, "firstName") == "", "a viewer's field takes no typing"
    assert b.field(PROFILE, "firstName").get_attribute("readonly") is not None
    assert "//Mallory" not in b.source_text().get_attribute("value"), "a viewer's source takes no typing"
    assert b.lesson_control("Start").get_attribute("aria-disabled") == "true"
    explanation = b.lesson_control("Start").get_attribute("aria-describedby")
    assert "only the people with the edit link" in b.driver.find_element(By.ID, explanation).text

    assert intents(b) == [], "the watching page sends no intent"
    assert a.server_state()["revision"] == before, "nothing changed on the server"
    assert a.current_screen() == PROFILE and a.focus_swift() == "nil" and a.log_entries() == []
    assert b.current_screen() == PROFILE


def test_an_intent_sent_anyway_is_refused_read_only_and_said_once(wire, watched):
    a, b = watched
    before = a.server_state()["revision"]
    b.js("""
        const notice = document.getElementById('notice');
        window.__notices = [];
        new MutationObserver(() => { if (notice.textContent) window.__notices.push(notice.textContent); })
            .observe(notice, { childList: true, characterData: true, subtree: true });
    """)
    for key in ("firstName", "lastName"):
        b.js("window.focusSync.debug.sendIntent({screen: 'ProfileForm', action: 'focus', key: arguments[0]})", key)
    b.wait(lambda: [answer["code"] for answer in b.wire()["answers"]] == ["read_only", "read_only"], "both come back read_only")
    b.wait(lambda: b.pending_intents() == 0, "a refusal settles the intent")
    assert b.js("return window.__notices") == ["You are watching: only the people with the edit link change this session."]
    assert a.server_state()["revision"] == before


def test_a_viewer_follows_the_presenters_screen_source_line_and_lesson(watched):
    a, b = watched
    a.go_to(CHECKOUT)
    b.wait_screen(CHECKOUT)
    a.wait_focus(".name", "name")
    a.tap(CHECKOUT, "address")
    a.type("12 Main St")
    b.wait_value(CHECKOUT, "address", "12 Main St")
    b.wait(lambda: b.session_focus_field() == "address", "B draws the session's focus on Address")
    assert b.active_key() is None, "a watching browser keeps its own focus where it was"
    assert b.driver.find_element(By.ID, "code-screen").text == f"· {CHECKOUT}"
    a.press_return()
    a.wait(lambda: a.active_key() == "phone", "Return in Address moves on to Phone")
    b.wait(lambda: b.marked_lines() == a.marked_lines() != [], "B's source panel marks the presenter's line")

    a.start_lesson("tasks-source")
    b.wait_screen(TASKS)
    steps = next(lesson for lesson in a.lessons() if lesson["id"] == "tasks-source")["steps"]
    b.wait_step(0, len(steps))
    for control in ("Start", "Stop", "Restart", "Next step", "Previous step"):
        assert b.lesson_control(control).get_attribute("aria-disabled") == "true", f"{control} is off limits to a viewer"
    a.tap(TASKS, f"title/{a.rows(TASKS, 'title')[0]}")
    b.wait_step(1, len(steps))


def test_a_watcher_who_leaves_is_no_longer_counted(watched):
    a, b = watched
    b.driver.get("about:blank")
    a.wait(lambda: a.people() == [f"{a.my_name()} (you) · presenting"], lambda: f"only A is left: {a.people()}")


# The first source line (from 1) the page's editor box shows, and scrolling A's box to a line.
FIRST_LINE_SHOWN = """
const box = document.getElementById('source-editor');
const top = box.getBoundingClientRect().top + box.clientTop;
const line = [...document.querySelectorAll('#source-lines > li')].find((item) => item.getBoundingClientRect().bottom > top + 1);
return line ? Number(line.dataset.line) : null;
"""
SCROLL_TO_LINE = """
const box = document.getElementById('source-editor');
const line = document.querySelector(`#source-lines > li[data-line="${arguments[0]}"]`);
box.scrollTop += line.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop;
"""


def test_a_viewers_source_follows_the_presenters_scroll(watched):
    a, b = watched
    for page in watched:
        page.wait(lambda page=page: page.js("return document.querySelectorAll('#source-lines > li').length") > 300,
                  "the seed screens' source is drawn")
    for line in (200, 37):
        a.js(SCROLL_TO_LINE, line)
        a.wait(lambda line=line: a.js(FIRST_LINE_SHOWN) == line, f"A's editor shows line {line} first")
        b.wait(lambda line=line: b.js(FIRST_LINE_SHOWN) == line,
               lambda line=line: f"B's read-only source should show line {line} first, as A's does, not {b.js(FIRST_LINE_SHOWN)}")
    assert b.driver.find_element(By.ID, "source-text").get_attribute("readonly") is not None
