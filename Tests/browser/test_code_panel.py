"""The SwiftUI code panel: every event kind on every screen highlights the line that caused it, in
both browsers; a switch highlights the lines it rewrites; and the panel's scrolling rules (screens
open at the top, no scrolling while its person scrolled it lately, none on every keystroke)."""

import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

HANDS_OFF_SECONDS = 4.0


def advance_page_clock(page, seconds):
    """Moves the page's clock (Public/js/clock.js, the one module instance the page uses) on by
    `seconds`, as if they had passed."""
    page.driver.execute_async_script("""
        const [milliseconds, done] = arguments;
        import('/js/clock.js').then(({ clock }) => {
            const before = clock.now;
            clock.now = () => before() + milliseconds;
            done();
        });
    """, seconds * 1000)

# The lines the animation switch rewrites in `move(to:)`, which every screen has.
ANIMATED_MOVE = ["/// Animated: on its way to the next field focus passes",
                 "/// through nil, so the keyboard dips and comes back.",
                 "focus = field"]
STILL_MOVE = ["/// Without animation focus goes straight to the next field,",
              "/// never through nil, so the keyboard stays up.",
              "withTransaction(Transaction(animation: nil)) {",
              "focus = field",
              "}"]


def wait_highlight(pair, text, after=None, why=""):
    """Waits until both browsers highlight exactly one line, `text` (followed by `after`, when given)."""
    for page in pair:
        page.wait(lambda page=page: [(line["text"], line["next"] if after else None) for line in page.highlighted_lines()]
                  == [(text, after)],
                  lambda page=page: f"{why}: the code panel should highlight {text!r}"
                                    f"{f' (before {after!r})' if after else ''}, not {page.highlighted_lines()}")


def wait_rewritten(pair, texts, why):
    for page in pair:
        page.wait(lambda page=page: [line["text"] for line in page.highlighted_lines()] == texts,
                  lambda page=page: f"{why}: the switch should highlight the lines it rewrote, {texts}, "
                                    f"not {[line['text'] for line in page.highlighted_lines()]}")


def flip_animation(pair, screen):
    a, _ = pair
    a.set_setting("setting-animated", True)
    wait_rewritten(pair, ANIMATED_MOVE, f"{screen}, animation on")
    a.set_setting("setting-animated", False)
    wait_rewritten(pair, STILL_MOVE, f"{screen}, animation off")


# Steps of a walk: what browser A does; `walk` then waits for the line in both browsers.

def tap(screen, key):
    return lambda page: page.tap(screen, key)


def typing(text):
    return lambda page: page.type(text)


def press(button):
    return lambda page: page.button(button).click()


def delete_row(row):
    return lambda page: page.driver.find_element(By.CSS_SELECTOR, f"li[data-row='{row}'] .row-delete").click()


def press_return(page):
    page.press_return()


def tap_nothing(page):
    """A tap outside every field: the browser's focus goes nowhere, and the session's to nil."""
    page.js("document.activeElement.blur()")


def walk(pair, steps):
    """Runs `(action, line, why)` steps in browser A; `line` is the text (or `(text, next line's text)`) both must light."""
    a, _ = pair
    for action, line, why in steps:
        action(a)
        text, after = line if isinstance(line, tuple) else (line, None)
        wait_highlight(pair, text, after, why)
        # The keyboard slides up or down after some steps; the next click waits for it to stop.
        a.wait(lambda: a.js("return document.getElementById('keyboard').getAnimations({subtree: true})"
                            ".every((animation) => animation.playState !== 'running')"), "the keyboard should stop sliding")


def record_highlights(page):
    """From now on, remembers the first highlighted line's text each time the highlight changes."""
    page.js("""
        window.__highlights = [];
        window.__highlightObserver?.disconnect();
        const code = document.getElementById('code');
        window.__highlightObserver = new MutationObserver(() => {
            const text = code.querySelector('.code-line-hit')?.textContent.trim() ?? null;
            if (text !== window.__highlights.at(-1)) window.__highlights.push(text);
        });
        window.__highlightObserver.observe(code, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    """)


def recorded_highlights(page):
    return page.js("return window.__highlights")


def wheel_code(page, delta_y):
    """Scrolls the code panel with the mouse wheel, as a person would."""
    code = page.driver.find_element(By.ID, "code")
    page.js("arguments[0].scrollIntoView({block: 'nearest'})", code)
    ActionChains(page.driver).scroll_from_origin(ScrollOrigin.from_element(code), 0, delta_y).perform()


# Every event kind on every screen


def test_profile_lines_for_tap_edit_submit_toolbar_settings_and_navigation(pair):
    a, b = pair
    walk(pair, [
        (tap("profile", "firstName"), ".focused($focus, equals: .firstName)", "tap"),
        (typing("Ada"), 'TextField("First Name", text: $firstName)', "edit"),
        (press_return, ".onSubmit { move(to: .lastName) }", "Return on First Name"),
        (press("Previous"), 'Button("Previous") { step(by: -1) }', "toolbar Previous"),
        (press("Next"), 'Button("Next") { step(by: +1) }', "toolbar Next"),
        (press_return, ".onSubmit { focus = nil }", "Return on Last Name"),
        (tap("profile", "lastName"), ".focused($focus, equals: .lastName)", "tap"),
        (tap_nothing, "@FocusState private var focus: Field?", "a tap on nothing"),
    ])
    flip_animation(pair, "profile")
    a.go_to("checkout")
    b.wait_screen("checkout")
    a.go_to("profile")
    b.wait_screen("profile")
    wait_highlight(pair, "struct ProfileForm: View {", why="the screen appearing")


def test_checkout_lines_for_auto_focus_submit_validation_binding_and_moving_on(pair):
    a, b = pair
    a.go_to("checkout")
    b.wait_screen("checkout")
    first_invalid = "if address.isBlank || address.count > 200 { return .address }"
    walk(pair, [
        (lambda page: None, ".onAppear { focus = .name }", "auto-focus as the screen appears"),
        (typing("Ada Lovelace"), 'TextField("Name", text: $name)', "edit"),
        (press_return, "case .name: move(to: .address)", "Return on Name"),
        (press_return, "case .address: move(to: .phone)", "Return on Address"),
        (typing("+44 20 7946 0000"), 'TextField("Phone", text: $phone)', "edit"),
        (press_return, "case .phone, nil: focus = nil", "Return on Phone"),
        (tap("checkout", "address"), ".focused($focus, equals: .address)", "tap"),
        (tap("checkout", "phone"), ".focused($focus, equals: .phone)", "tap"),
        (press("Proceed to Gift Message"), first_invalid, "Proceed, Address invalid"),
    ])

    # With Address focused, binding it to .name leaves no field bound to .address: focus resets.
    a.set_setting("setting-ambiguous", True)
    wait_rewritten(pair, [".focused($focus, equals: .name) // ⚠︎ twice"], "ambiguous binding on")
    for page in pair:
        page.wait(lambda page=page: page.log_entries()[0]["cause"] == "binding", "focus should reset by binding")
    walk(pair, [
        (tap("checkout", "phone"), ".focused($focus, equals: .phone)", "tap"),
        # The reported bug: this used to leave the tap on Phone highlighted.
        (press("Proceed to Gift Message"), first_invalid, "Proceed with the ambiguous binding on (focus aimed at .address ends in nil)"),
    ])
    for page in pair:
        page.wait_focus("nil", None)
    walk(pair, [(tap("checkout", "name"), ".focused($focus, equals: .name) // ⚠︎ twice",
                 "a tap on Name: the last field bound to .name, Address, shows focus")])
    a.set_setting("setting-ambiguous", False)
    wait_rewritten(pair, [".focused($focus, equals: .address)"], "ambiguous binding off")
    flip_animation(pair, "checkout")

    walk(pair, [(lambda page: (page.tap("checkout", "address"), page.type("12 Marylebone Road")),
                 'TextField("Address", text: $address)', "edit")])
    for page in pair:
        record_highlights(page)
    a.button("Proceed to Gift Message").click()
    for page in pair:
        page.wait_screen("gift")
        # A valid Proceed moves on; the gift screen schedules its auto-focus (and 0.75 s later it lands).
        page.wait(lambda page=page: "autoFocus = Task {" in recorded_highlights(page),
                  lambda page=page: f"a valid Proceed should light the gift's auto-focus task, saw {recorded_highlights(page)}")


def test_gift_lines_for_the_auto_focus_rows_return_and_validation(pair):
    a, b = pair
    for page in pair:
        record_highlights(page)
    a.go_to("gift")
    b.wait_screen("gift")
    wait_highlight(pair, "focus = .message", why="the auto-focus after 0.75 s")
    for page in pair:
        seen = recorded_highlights(page)
        assert seen[-2:] == ["autoFocus = Task {", "focus = .message"], \
            f"[{page.name}] scheduling, then landing, should each light their line (saw {seen})"
    email = 'TextField("Email", text: $recipient.email)'
    walk(pair, [
        (typing("Happy birthday"), "TextEditor(text: $message)", "edit"),
        (press("Send the Gift"), "move(to: .row(id: bad.id))", "Send with an empty email"),
        (tap_nothing, "@FocusState private var focus: GiftField?", "a tap on nothing"),
        (press("Add new email"), "move(to: .row(id: recipient.id))", "Add new email"),
        (typing("grace@example.com"), email, "edit"),
    ])
    first, second = a.rows("gift", "emails")
    walk(pair, [
        (tap("gift", f"row/{first}"), ".focused($focus, equals: .row(id: recipient.id))", "tap"),
        (typing("ada@example.com"), email, "edit"),
        (press_return, "move(to: .row(id: recipients[index + 1].id))", "Return on the first email"),
        (press_return, ("focus = nil", "}"), "Return on the last email"),
    ])

    a.tap("gift", "message")
    a.select_all()
    a.type(Keys.BACK_SPACE)
    b.wait_value("gift", "message", "")
    walk(pair, [(press("Send the Gift"), "move(to: .message)", "Send with an empty message")])
    a.type("Happy birthday")
    b.wait_value("gift", "message", "Happy birthday")
    walk(pair, [(press("Send the Gift"), ("focus = nil", "sendGift()"), "Send with everything valid")])
    flip_animation(pair, "gift")

    # Focus moved before the 0.75 s are up: the auto-focus is cancelled, by the line that does it.
    a.go_to("profile")
    b.wait_screen("profile")
    a.driver.execute_async_script("""
        const [row, done] = arguments;
        document.getElementById('tab-gift').click();
        const poll = () => {
            const screen = document.querySelector("section.screen[data-screen='gift']");
            if (!screen || screen.hidden) return setTimeout(poll, 5);
            document.getElementById('field-gift-row-' + row).focus();
            done();
        };
        poll();
    """, second)
    wait_highlight(pair, ".onChange(of: focus) { autoFocus?.cancel() }", why="a tap before the auto-focus fired")
    time.sleep(1.0)
    for page in pair:
        page.wait_focus(f".row(id: {second})", f"row/{second}", "(the tap wins; the auto-focus never lands)")


def test_reminders_lines_for_navigation_rows_return_and_deleting(pair):
    a, b = pair
    a.go_to("gift")
    for page in pair:
        page.wait_focus(".message", "message")
    a.go_to("tasks")
    b.wait_screen("tasks")
    wait_highlight(pair, "struct ReminderList: View {", why="the screen appearing")
    for page in pair:
        newest = page.log_entries()[0]
        assert (newest["move"], newest["cause"]) == ("Gift Message → nil", "navigation"), \
            f"[{page.name}] leaving the gift screen releases its focus ({newest})"

    rows = a.rows("tasks", "tasks")
    title_tap = ".focused(focus, equals: .title(id: reminder.id))"
    walk(pair, [
        (tap("tasks", f"title/{rows[0]}"), title_tap, "tap on a title"),
        (typing(" soon"), 'TextField("Title", text: $reminder.title)', "edit a title"),
        (press_return, "return .notes(id: id)", "Return on a title"),
        (typing(" please"), 'TextField("Notes", text: $reminder.notes)', "edit notes"),
        (press_return, "return .title(id: reminders[index + 1].id)", "Return on notes"),
        (tap("tasks", f"title/{rows[-1]}"), title_tap, "tap on the last title"),
        (tap("tasks", f"notes/{rows[-1]}"), ".focused(focus, equals: .notes(id: reminder.id))", "tap on notes"),
        (press_return, "index + 1 < reminders.count else { return nil }", "Return on the last notes"),
        (press("New Reminder"), "move(to: .title(id: reminder.id))", "New Reminder"),
    ])
    added = a.rows("tasks", "tasks")[-1]
    walk(pair, [(delete_row(added), "move(to: heir.map { field.onRow(reminders[$0].id) })", "deleting the focused reminder")])
    for page in pair:
        page.wait_focus(f".title(id: {rows[-1]})", f"title/{rows[-1]}")
    walk(pair, [
        (delete_row(rows[0]), "reminders.remove(at: index)", "deleting a reminder without focus"),
        (tap_nothing, "@FocusState private var focus: ReminderField?", "a tap on nothing"),
    ])
    flip_animation(pair, "tasks")


# Scrolling


def test_each_screen_opens_at_the_top(pair):
    a, b = pair
    for page in pair:
        page.js("""
            window.__opened = [];
            const code = document.getElementById('code');
            new MutationObserver(() => window.__opened.push({screen: document.getElementById('code-screen').textContent, top: code.scrollTop}))
                .observe(document.getElementById('code-screen'), { childList: true, characterData: true, subtree: true });
        """)
    for screen in ["tasks", "checkout", "gift", "profile", "tasks"]:
        for page in pair:
            page.js("const code = document.getElementById('code'); code.scrollTop = code.scrollHeight;")
        a.go_to(screen)
        b.wait_screen(screen)
    for page in pair:
        opened = page.js("return window.__opened")
        assert len(opened) == 5 and all(entry["top"] == 0 for entry in opened), \
            f"[{page.name}] every screen's code should open scrolled to the top: {opened}"


def test_a_switch_scrolls_the_lines_it_rewrites_into_view_once(pair):
    a, b = pair
    a.go_to("tasks")
    b.wait_screen("tasks")
    for page in pair:
        assert page.code_scroll_top() == 0
        assert not page.code_lines_in_view(["focus = field"]), f"[{page.name}] move(to:) starts out of sight"
    a.set_setting("setting-animated", True)
    wait_rewritten(pair, ANIMATED_MOVE, "animation on")
    for page in pair:
        page.wait(lambda page=page: page.code_lines_in_view(ANIMATED_MOVE), "the rewritten lines should scroll into view")
    tops = [page.code_scroll_top() for page in pair]
    time.sleep(1.0)
    assert [page.code_scroll_top() for page in pair] == tops, "the panel scrolls to a switch once, then stays"


def test_the_panel_does_not_scroll_while_its_person_has_scrolled_it(pair):
    a, b = pair
    a.go_to("tasks")
    b.wait_screen("tasks")
    rows = a.rows("tasks", "tasks")
    wheel_code(b, 20000)
    b.wait(lambda: b.code_scroll_top() > 0, "the wheel should scroll B's code panel")
    bottom = b.code_scroll_top()
    tap_line = ".focused(focus, equals: .title(id: reminder.id))"
    assert not b.code_lines_in_view([tap_line]), "the line the tap lights is out of sight"

    a.tap("tasks", f"title/{rows[0]}")
    # The panel decides whether to scroll as it marks the line, so the mark is the sign it decided.
    wait_highlight(pair, tap_line, why="tap")
    assert b.code_scroll_top() == bottom, "B scrolled its panel a moment ago: it stays where B put it"

    advance_page_clock(b, HANDS_OFF_SECONDS + 0.1)
    a.press_return()
    wait_highlight(pair, "return .notes(id: id)", why="Return on a title")
    b.wait(lambda: b.code_lines_in_view(["return .notes(id: id)"]), "after a few quiet seconds a new highlight scrolls into view again")


def test_typing_does_not_scroll_the_panel_to_the_same_line_again(pair):
    a, b = pair
    a.go_to("tasks")
    b.wait_screen("tasks")
    rows = a.rows("tasks", "tasks")
    a.tap("tasks", f"title/{rows[0]}")
    a.type("!")
    edit_line = 'TextField("Title", text: $reminder.title)'
    wait_highlight(pair, edit_line, why="edit")
    b.wait(lambda: b.code_lines_in_view([edit_line]), "a new highlight scrolls into view")
    wheel_code(b, -20000)
    b.wait(lambda: b.code_scroll_top() == 0, "B scrolls back to the top to read")
    advance_page_clock(b, HANDS_OFF_SECONDS + 0.1)
    a.type("and more")
    # The value and the mark come with the same updates: once B shows the text, B decided.
    b.wait_value("tasks", f"title/{rows[0]}", "Buy milk!and more")
    assert b.code_scroll_top() == 0, "more typing in the same field does not pull B's panel back"
    assert [line["text"] for line in b.highlighted_lines()] == [edit_line]
