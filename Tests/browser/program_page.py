"""The playground as a session running its own SwiftUI source shows it (every session does: one
opened at `/` runs the seed screens): the phone drawing the program's screen, the source panel
(one shared editor: numbered, coloured lines under the text area, diagnostics), and the Examples menu. Controls are found by
their accessible names, as a person reads them. Also here: the two browsers of a scenario
(`open_pair`), the evidence a failing test leaves (`after_test`), which conftest.py's fixtures use,
and `at_once` for people acting at the same moment."""

import json
import re
import threading
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

from selenium.webdriver.common.by import By

from playground import Playground

EXAMPLES = Path(__file__).resolve().parents[2] / "Public" / "examples"


def example(name):
    return (EXAMPLES / name).read_text(encoding="utf-8")


def line_of(source, text):
    """The 1-based line of `source` holding `text` (once), for what a test expects to be marked."""
    found = [number for number, line in enumerate(source.split("\n"), start=1) if text in line]
    assert len(found) == 1, f"{text!r} should be on exactly one line, found {found}"
    return found[0]


def create_session(base_url, source):
    """`POST /api/sessions` with `source`: `(status, answer)`."""
    request = urllib.request.Request(urljoin(base_url, "api/sessions"), data=json.dumps({"source": source}).encode(),
                                     method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def open_pair(drivers, base_url):
    """Browser A opens `base_url` (a new session: the seed screens), browser B opens A's link, both
    following focus and seeing both people. Returns the pages `(a, b)`."""
    a = ProgramPage(drivers["A"], "A", base_url)
    b = ProgramPage(drivers["B"], "B", base_url)
    a.open(base_url)
    assert "session=" in a.url, f"opening / should move to /?session=…, got {a.url}"
    b.open(a.url)
    for page in (a, b):
        page.reset_local_preferences()
    for page in (a, b):
        page.wait_people(2)
        page.wait_drawn()
    return a, b


def after_test(request, output_dir, pages):
    """A failed test leaves a screenshot and the console log of each page in `output_dir`; any test
    fails if a page broke its Content-Security-Policy or threw."""
    logs = {page.name: page.driver.get_log("browser") for page in pages}
    failed = getattr(request.node, "report_call", None) is not None and request.node.report_call.failed
    if failed:
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", request.node.name)
        for page in pages:
            page.driver.save_screenshot(str(output_dir / f"FAILED-{stem}-{page.name}.png"))
            with open(output_dir / f"FAILED-{stem}-{page.name}.console.log", "w", encoding="utf-8") as file:
                for entry in logs[page.name]:
                    file.write(f"{entry['level']} {entry['message']}\n")
    problems = [entry["message"] for entries in logs.values() for entry in entries
                if "Content Security Policy" in entry["message"] or "Uncaught" in entry["message"]]
    assert not problems, f"the page broke its Content-Security-Policy or threw: {problems}"


class ProgramPage(Playground):
    def open_source(self, source):
        """Creates a session running `source` and opens it; returns the session's `{id, viewer}`."""
        status, answer = create_session(self.base_url, source)
        assert status == 201, f"the source should be accepted: {answer}"
        self.open(urljoin(self.base_url, f"?session={answer['id']}"))
        self.reset_local_preferences()
        self.wait_drawn()
        return answer

    def wait_drawn(self):
        self.wait(lambda: self.js("return !!document.querySelector('.program-screen:not([hidden]) [data-line]')"),
                  "the phone should draw the program's screen")

    def screen_name(self):
        return self.js("return document.querySelector('.program-screen')?.dataset.screen ?? null")

    # The phone, by accessible names

    def control(self, name):
        """The visible control (field, button or switch) on the phone or its keyboard named `name`."""
        found = self.controls(name)
        assert len(found) == 1, f"[{self.name}] one visible control named {name!r} should show, found {len(found)}"
        return found[0]

    def controls(self, name):
        """Every visible control named `name`, in page order: the rows of a list share their names."""
        return self.js("""
            const name = arguments[0];
            const named = (element) => {
              if (element.labels?.length) return element.labels[0].textContent.trim();
              return (element.getAttribute('aria-label') ?? element.textContent).trim();
            };
            return [...document.querySelectorAll('.phone input, .phone textarea, .phone button')]
              .filter((element) => element.checkVisibility() && named(element) === name);
        """, name)

    def values(self, name):
        """The values of the visible fields named `name`, in page order."""
        return [field.get_attribute("value") for field in self.controls(name)]

    def session_values(self, name):
        """The texts of the fields named `name` as the session holds them (its drawn screen), in order:
        what the program reads, which the page's input may not show yet."""
        found = []

        def visit(views):
            for view in views:
                if view["kind"] in ("textField", "secureField", "textEditor"):
                    title = view.get("title") or ("Text editor" if view["kind"] == "textEditor" else None)
                    if title == name:
                        found.append(view["value"])
                visit(view.get("content", []))
        visit(self.server_state()["state"]["program"]["drawn"]["content"])
        return found

    def served_values(self):
        """`{key: text}` of the drawn screen's text fields as the session holds them."""
        found = {}

        def visit(views):
            for view in views:
                if view["kind"] in ("textField", "secureField", "textEditor") and "key" in view:
                    found[view["key"]] = view["value"]
                visit(view.get("content", []))
        visit(self.server_state()["state"]["program"]["drawn"]["content"])
        return found

    def active_element(self):
        return self.js("return document.activeElement")

    def controls_named(self, name):
        return self.js("""
            return [...document.querySelectorAll('.program-screen input, .program-screen textarea')]
              .filter((element) => element.checkVisibility() && element.labels[0]?.textContent.trim() === arguments[0]).length;
        """, name)

    def active_name(self):
        """The accessible name of the element holding DOM focus."""
        return self.js("""
            const element = document.activeElement;
            if (!element || element === document.body) return null;
            return (element.labels?.[0]?.textContent ?? element.getAttribute('aria-label') ?? element.textContent).trim();
        """)

    def texts(self):
        """The program's drawn texts, in order."""
        return self.js("return [...document.querySelectorAll('.program-screen .p-text')].map((text) => text.textContent)")

    def focus_value(self, name):
        """The inspector's `@FocusState name`, as Swift prints it (`.email`, `nil`, `true`)."""
        return self.js("return document.querySelector(`#inspector .focus-swift[data-name='${arguments[0]}']`)?.textContent ?? null", name)

    def drawn_controls(self):
        return self.js("return document.querySelectorAll('.program-screen [data-field], .program-screen [data-control]').length")

    # The source panel

    def marked_lines(self):
        """`[(line, text)]` of the source lines marked `aria-current`."""
        return [tuple(pair) for pair in self.js("""
            return [...document.querySelectorAll('#source-lines [aria-current=true]')]
              .map((line) => [Number(line.dataset.line), line.textContent]);
        """)]

    def ran_note(self):
        """The words under the editor naming the line that ran last (for screen readers), or None while hidden."""
        return self.js("const note = document.getElementById('source-ran'); return note.hidden ? null : note.textContent")

    def marked_text(self):
        """The trimmed text of the one marked source line, or None."""
        marked = self.marked_lines()
        return marked[0][1].strip() if len(marked) == 1 else None

    def source_scroll_top(self):
        """How far the source editor's box (its lines and text area, which scroll together) is scrolled."""
        return self.js("return document.getElementById('source-editor').scrollTop")

    def source_line_in_view(self, line):
        """Whether source line `line` lies inside the visible part of the source editor's box."""
        return self.js("""
            const element = document.getElementById('source-lines').children[arguments[0] - 1];
            if (!element) return false;
            const view = document.getElementById('source-editor').getBoundingClientRect();
            const box = element.getBoundingClientRect();
            return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
        """, line)

    def source_text(self):
        return self.driver.find_element(By.ID, "source-text")

    def source_value(self):
        """The source's text as this page's editor shows it."""
        return self.js("return document.getElementById('source-text').value")

    def set_source(self, source):
        """Replaces the editor's source as typing would (an input event): it goes out as a splice."""
        self.js("""
            const area = document.getElementById('source-text');
            area.focus();
            area.select();
            document.execCommand('insertText', false, arguments[0]);
        """, source)

    def wait_source_read(self, why="the server reads the edited source"):
        """Waits until the server holds the editor's text and has read it (its colours are back) and
        nothing is left to send: the phone runs it if it compiles, and its diagnostics are listed."""
        def read():
            program = self.server_state()["state"]["program"]
            return (self.pending_intents() == 0 and program["source"] == self.source_value() and bool(program["highlights"])
                    and self.js("return document.querySelectorAll('#source-lines [class^=syntax-]').length > 0"))
        self.wait(read, why)

    def source_status(self):
        return self.driver.find_element(By.ID, "source-status").text

    def diagnostics(self):
        """`[{line, text}]` of the diagnostics list's entries."""
        return self.js("""
            return [...document.querySelectorAll('#source-diagnostics .source-diagnostic-button')]
              .map((button) => ({line: Number(button.dataset.line), text: button.textContent}));
        """)

    def diagnostics_on(self, line):
        """The texts of the diagnostics listed for source line `line`."""
        return [entry["text"] for entry in self.diagnostics() if entry["line"] == line]

    def notice_text(self):
        return self.driver.find_element(By.ID, "notice").text


def at_once(*jobs):
    """Runs every job in a thread of its own, all at the same time; raises the first failure."""
    failures = []

    def run(job):
        try:
            job()
        except BaseException as error:  # noqa: BLE001 - handed to the test's thread below
            failures.append(error)

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
