"""A page object for the FocusSync playground: what a person sees and does, in one browser. A
session opened at `/` runs the four seed screens (Public/examples/seeds/*.swift) as one SwiftUI
program: its screens are tabs named by their View structs, a field's DOM id is
`field-<Screen>-<key>` (the key is the @State it edits, `email/<row id>` in a row), and its focus
is read from the program inspector. The source panel and controls by accessible name are
ProgramPage's (program_page.py)."""

import json
import re
import urllib.request
from urllib.parse import parse_qs, urljoin, urlsplit

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

WAIT_SECONDS = 8

# The seed screens of a session opened at `/`, in their tabs' order.
PROFILE, CHECKOUT, GIFT, TASKS = "ProfileForm", "CheckoutForm", "GiftMessageForm", "ReminderList"
SCREENS = [PROFILE, CHECKOUT, GIFT, TASKS]


def dom_id(*parts):
    """The page's DOM id for a screen field (`email/6F1C…` → `email-6F1C…`)."""
    return re.sub(r"[^A-Za-z0-9_-]", "-", "-".join(parts))


class Playground:
    def __init__(self, driver, name, base_url):
        self.driver = driver
        self.name = name
        self.base_url = base_url

    # Navigation and waiting

    def open(self, url):
        self.driver.get(url)
        self.wait_connected()

    @property
    def url(self):
        return self.driver.current_url

    @property
    def session_id(self):
        return parse_qs(urlsplit(self.url).query)["session"][0]

    def wait(self, condition, message="", timeout=WAIT_SECONDS):
        """Polls `condition` until it holds; `message` (text, or a function giving text) explains a timeout."""
        def attempt(_driver):
            try:
                return condition()
            except (StaleElementReferenceException, KeyError, IndexError):
                return False
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(attempt)
        except TimeoutException:
            raise AssertionError(f"[{self.name}] {message() if callable(message) else message}") from None

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def connection_state(self):
        return self.js("return document.getElementById('connection').dataset.state")

    def connection_text(self):
        return self.driver.find_element(By.ID, "connection-text").text

    def wait_connected(self):
        self.wait(lambda: self.connection_state() == "connected", "the page should say it is connected")

    def reset_local_preferences(self):
        """Follow focus is a per-browser preference; every scenario starts with it on."""
        switch = self.driver.find_element(By.ID, "setting-follow")
        if not switch.is_selected():
            switch.click()

    def people(self):
        """Names in the header, `Ada (you)` for this browser's own."""
        return self.js("return [...document.querySelectorAll('#presence-list .person')].map((item) => item.textContent.trim())")

    def wait_people(self, count):
        self.wait(lambda: len(self.people()) == count, f"the header should show {count} people")

    def my_name(self):
        return self.js("return document.querySelector('#presence-list .person-you').firstChild.nextSibling.textContent")

    # The server's view, for checks the page cannot show (exactly-once delivery)

    def server_state(self):
        with urllib.request.urlopen(urljoin(self.base_url, f"api/sessions/{self.session_id}")) as response:
            return json.load(response)

    # Screens

    def current_screen(self):
        return self.js("return document.querySelector('[role=tab][aria-selected=true]')?.dataset.screen ?? null")

    def tab(self, screen):
        return self.driver.find_element(By.ID, dom_id("tab", screen))

    def go_to(self, screen):
        self.tab(screen).click()
        self.wait_screen(screen)

    def wait_screen(self, screen):
        self.wait(lambda: self.current_screen() == screen and self.screen_element(screen).is_displayed(),
                  f"the {screen} screen should be showing")

    def screen_element(self, screen):
        return self.driver.find_element(By.CSS_SELECTOR, f"section.program-screen[data-screen='{screen}']")

    def field(self, screen, key):
        return self.driver.find_element(By.ID, dom_id("field", screen, key))

    def field_wrapper(self, screen, key):
        return self.field(screen, key).find_element(By.XPATH, "..")

    def value(self, screen, key):
        return self.field(screen, key).get_attribute("value")

    def wait_value(self, screen, key, expected):
        self.wait(lambda: self.value(screen, key) == expected,
                  lambda: f"{key} should read {expected!r}, not {self.value(screen, key)!r}")

    def button(self, text):
        """A button on the phone (the screen or the keyboard), by its visible text."""
        for element in self.driver.find_elements(By.CSS_SELECTOR, ".phone button"):
            if element.is_displayed() and element.text.strip() == text:
                return element
        raise AssertionError(f"[{self.name}] no visible phone button {text!r}")

    def rows(self, screen, field):
        """The ids of `screen`'s rows in the order drawn, read from the keys of their `field`
        inputs (`email/<id>`, `title/<id>`)."""
        return self.js("""
            const [screen, prefix] = [arguments[0], `${arguments[1]}/`];
            return [...document.querySelectorAll(`section.program-screen[data-screen='${screen}'] :is(input, textarea)[data-field]`)]
              .map((input) => input.dataset.field).filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
        """, screen, field)

    # Focus

    def active_key(self):
        """The key of the field holding the browser's real focus, or None."""
        return self.js("return document.activeElement?.dataset?.field ?? null")

    def focus_swift(self):
        """The program inspector's `@FocusState focus`, as Swift prints it (`.firstName`, `nil`)."""
        return self.js("return document.querySelector(\"#inspector .focus-swift[data-name='focus']\")?.textContent ?? null")

    def wait_focus(self, swift, active_key, message=""):
        """Waits until the inspector shows `swift` and the real focus is on `active_key` (None: on no field)."""
        self.wait(lambda: self.focus_swift() == swift and self.active_key() == active_key,
                  lambda: f"focus should be {swift} with the real focus on {active_key} {message}"
                          f"(inspector says {self.focus_swift()!r}, real focus on {self.active_key()!r})")

    def session_focus_field(self):
        """The field drawn with the session's focus ring, or None."""
        return self.js("return document.querySelector('section.program-screen:not([hidden]) .field.session-focus')?.dataset.field ?? null")

    def owner_tag(self, screen, key):
        tag = self.field_wrapper(screen, key).find_element(By.CSS_SELECTOR, ".owner-tag")
        return tag.text if tag.is_displayed() else None

    # Typing

    def tap(self, screen, key):
        self.field(screen, key).click()

    def type(self, text):
        """Types into whatever has the real focus, as a person at the keyboard would."""
        ActionChains(self.driver).send_keys(text).perform()

    def type_in_chunks(self, text, size=10):
        """Types `text` at full speed, `size` characters per WebDriver call (another thread may type meanwhile)."""
        for start in range(0, len(text), size):
            self.type(text[start:start + size])

    def insert_text(self, text):
        """Inserts `text` at the caret in one go, as a paste or a dictation does (a trusted input event)."""
        self.driver.execute_cdp_cmd("Input.insertText", {"text": text})

    def compose(self, text):
        """Shows `text` as an IME composition at the caret, uncommitted (compositionstart/update)."""
        self.driver.execute_cdp_cmd("Input.imeSetComposition", {"text": text, "selectionStart": len(text), "selectionEnd": len(text)})

    def commit_composition(self, text):
        """Commits the IME composition as `text` (compositionend)."""
        self.insert_text(text)

    def caret(self):
        return self.js("return [document.activeElement.selectionStart, document.activeElement.selectionEnd]")

    def scroll_y(self):
        return self.js("return window.scrollY")

    def select_all(self):
        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).perform()

    def press_return(self):
        self.type(Keys.ENTER)

    # The simulated keyboard

    def keyboard_state(self):
        return self.js("return document.getElementById('keyboard').dataset.state")

    def wait_keyboard_up(self):
        """Waits until the keyboard is up and has stopped sliding: a tap on its toolbar mid-slide
        can land on a key passing over it."""
        self.wait(lambda: self.keyboard_state() == "up" and self.js("""
            return document.getElementById('keyboard').getAnimations({subtree: true})
              .every((animation) => animation.playState !== 'running');
        """), "the keyboard should come up and stop sliding")

    def record_keyboard(self):
        """Starts recording every change of the keyboard's state."""
        self.js("""
            const keyboard = document.getElementById('keyboard');
            window.__keyboardStates = [];
            window.__keyboardObserver?.disconnect();
            window.__keyboardObserver = new MutationObserver(() => window.__keyboardStates.push(keyboard.dataset.state));
            window.__keyboardObserver.observe(keyboard, { attributes: true, attributeFilter: ['data-state'] });
        """)

    def recorded_keyboard(self):
        return self.js("return window.__keyboardStates")

    # Panels

    def setting(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def set_setting(self, element_id, on):
        switch = self.setting(element_id)
        if switch.is_selected() != on:
            switch.click()
        self.wait(lambda: self.setting(element_id).is_selected() == on, f"{element_id} should be {'on' if on else 'off'}")

    def log_entries(self):
        """The event log, newest first: `{move, line, cause, who}` per entry (`move` without its
        source line, `line` that line's number or None)."""
        return self.js("""
            return [...document.querySelectorAll('#event-log .event')].map((item) => {
                const move = item.querySelector('.event-move');
                const line = move.querySelector('.event-line');
                return {
                    move: [...move.childNodes].filter((node) => node !== line).map((node) => node.textContent).join(''),
                    line: line ? Number(line.dataset.line) : null,
                    cause: item.querySelector('.event-cause').textContent,
                    who: item.querySelector('.event-who').textContent,
                };
            });
        """)

    def notice(self):
        """The phone's notice line (a refusal explained), or ''."""
        return self.driver.find_element(By.ID, "notice").text

    def announcement(self):
        return self.driver.find_element(By.ID, "announcer").text

    def drop_connection(self, hold_ms):
        self.js("window.focusSync.debug.dropConnection(arguments[0])", hold_ms)

    def pending_intents(self):
        return self.js("return window.focusSync.debug.pendingIntents()")

    def wire(self):
        """`{sent, answers}`: every message the page sent, and every ack and error it received (needs the `wire` fixture)."""
        return self.js("return window.__wire")

    def horizontal_overflow(self):
        return self.js("return document.documentElement.scrollWidth - window.innerWidth")

    def settle(self):
        """Waits until no CSS transition or animation is running (so a screenshot shows the end state)."""
        self.wait(lambda: self.js("return document.getAnimations().every((animation) => animation.playState !== 'running')"),
                  "animations should finish")

    def screenshot(self, path):
        try:
            self.driver.save_screenshot(str(path))
        except WebDriverException as error:
            raise AssertionError(f"[{self.name}] screenshot failed: {error}") from error

    # The code panel, the presenter layout and colour schemes

    def box(self, selector):
        """The viewport box `{left, right, top, bottom, width, height}` of the first element matching `selector`."""
        return self.js("""
            const r = document.querySelector(arguments[0]).getBoundingClientRect();
            return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height};
        """, selector)

    def set_viewport(self, width, height):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def emulate_media(self, **features):
        """Emulates media features (`prefers_color_scheme="dark"`); none given: the browser's own again."""
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": name.replace("_", "-"), "value": value} for name, value in features.items()]})

    def presenting(self):
        return self.js("return document.documentElement.dataset.layout === 'present'")

    def click_when_still(self, element):
        """Clicks `element` once it is in view and has stopped moving: on a narrow page an update
        that reflows the panels above it between the scroll and the click would send the click
        elsewhere (a tap on the phone's background, which clears focus)."""
        self.js("arguments[0].scrollIntoView({block: 'center', behavior: 'instant'})", element)
        # Its box, and whether it is what a click at its centre would reach (nothing laid over it).
        place = lambda: self.js("""
            const e = arguments[0], r = e.getBoundingClientRect();
            const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return [r.x, r.y, r.width, r.height, top !== null && e.contains(top)]""", element)
        # Unmoved over three polls (100 ms), so that a scroll or reflow just starting is not taken for rest.
        seen = [place()]

        def still():
            seen.append(place())
            del seen[:-3]
            return len(seen) == 3 and seen[0] == seen[1] == seen[2] and seen[2][4]
        self.wait(still, "the element should stop moving and be the one a click reaches")
        element.click()

    def set_presenting(self, on):
        if self.presenting() != on:
            self.click_when_still(self.driver.find_element(By.ID, "present"))
        self.wait(lambda: self.presenting() == on, f"the presenter layout should be {'on' if on else 'off'}")

    def forget_display_preferences(self):
        """Drops the remembered layout and code sizes (they outlive a page in this browser)."""
        self.js("for (const key of Object.keys(localStorage)) if (key.startsWith('focusSync.layout') || key.startsWith('focusSync.codeSize')) localStorage.removeItem(key);")

    # Lessons

    def lessons(self):
        """The catalogue the server serves: `[{id, title, screen, steps: [...]}]`."""
        with urllib.request.urlopen(urljoin(self.base_url, "api/lessons")) as response:
            return json.load(response)["lessons"]

    def lesson_panel(self):
        """What the lesson panel shows: `{progress, instruction, hint, complete, swift}`
        (`hint` None unless the hint shows, `complete` whether "Lesson complete" shows)."""
        return self.js("""
            const shown = (id) => { const element = document.getElementById(id); return element.checkVisibility() ? element.textContent.trim() : null; };
            return {
                progress: shown('lesson-progress') || null, instruction: shown('lesson-instruction'),
                hint: shown('lesson-hint-text'), complete: shown('lesson-complete') !== null,
                swift: shown('lesson-swift'),
            };
        """)

    def start_lesson(self, lesson_id):
        self.wait(lambda: self.driver.find_elements(By.CSS_SELECTOR, f"#lesson-select option[value='{lesson_id}']"), "the lessons should load")
        Select(self.driver.find_element(By.ID, "lesson-select")).select_by_value(lesson_id)
        self.click_when_still(self.driver.find_element(By.ID, "lesson-start"))

    def lesson_control(self, text):
        """A button of the lesson panel by its text (Start, Stop, Previous step, Next step, Restart)."""
        return self.driver.find_element(By.XPATH, f"//section[contains(@class, 'panel-lesson')]//button[normalize-space()='{text}']")

    def wait_step(self, step, count, hint=None):
        """Waits until the panel shows step `step` (from 0) of `count`, its hint shown only if `hint`."""
        wanted = f"Step {step + 1} of {count}"
        self.wait(lambda: (panel := self.lesson_panel())["progress"] == wanted and not panel["complete"] and panel["hint"] == hint,
                  lambda: f"the lesson should show {wanted} with hint {hint!r}: {self.lesson_panel()}")

    def wait_lesson_complete(self):
        self.wait(lambda: self.lesson_panel()["complete"], lambda: f"the lesson should be complete: {self.lesson_panel()}")

    # Sharing

    def share_links(self):
        """Opens Share and returns `{edit, watch}`: the links it offers (edit None when it offers none)."""
        share = self.driver.find_element(By.ID, "share")
        if share.get_attribute("aria-expanded") != "true":
            share.click()
        self.wait(lambda: self.driver.find_element(By.ID, "share-viewer-url").is_displayed(), "Share shows its links")
        edit = self.driver.find_element(By.ID, "share-url")
        return {"edit": edit.get_attribute("value") if edit.is_displayed() else None,
                "watch": self.driver.find_element(By.ID, "share-viewer-url").get_attribute("value")}

    # The timeline

    def timeline_status(self):
        return self.driver.find_element(By.ID, "timeline-status").text

    def timeline_value(self):
        return int(self.driver.find_element(By.ID, "timeline-range").get_attribute("value"))

    def showing_past(self):
        return self.js("return document.documentElement.dataset.time === 'past'")
