"""Examples and files: the seed screens open from the Examples menu (first, from the one list in
Public/examples/index.json) and run; Download the source saves the session's source as the
server holds it, byte for byte, as `<first screen>.swift` (Chromium's download folder is set in
the test through the DevTools protocol, `Browser.setDownloadBehavior`, and the file read from
disk); a .swift file from disk (the file chooser's input, or dropped on the source panel) starts
a session with exactly its source, a file over 64 KiB is refused before anything is sent, and one
the server refuses shows its diagnostics in a notice; "Try it yourself" on a viewer link starts an
editable session of one's own with the same source, apart from the original."""

import json
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from display import assert_no_axe_violations
from program_page import EXAMPLES, example, line_of

SEEDS = ["seeds/profile.swift", "seeds/checkout.swift", "seeds/gift.swift", "seeds/tasks.swift"]
MAX_SOURCE_BYTES = 64 * 1024
DOWNLOAD_SECONDS = 10

# Counts the page's `POST …/api/sessions` (a session started), installed after the page loads.
COUNT_POSTS = """
window.__posts = 0;
const original = window.fetch;
window.fetch = function (resource, init) {
  if (String(resource).includes('api/sessions') && init?.method === 'POST') window.__posts += 1;
  return original.apply(this, arguments);
};
"""



@pytest.fixture
def files():
    """A folder for the files a test opens, downloads or writes."""
    with tempfile.TemporaryDirectory(prefix="focus-sync-files-") as folder:
        yield Path(folder)


def gallery():
    return json.loads((EXAMPLES / "index.json").read_text(encoding="utf-8"))["examples"]


def named(page, name):
    """The one visible button whose accessible name (as Chromium computes it) is exactly `name`."""
    found = [button for button in page.driver.find_elements(By.TAG_NAME, "button")
             if button.is_displayed() and button.accessible_name == name]
    assert len(found) == 1, f"[{page.name}] one visible button named {name!r} should show, found {len(found)}"
    return found[0]


def shown(page, name):
    return any(button.is_displayed() and button.accessible_name == name
               for button in page.driver.find_elements(By.TAG_NAME, "button"))


def open_menu(page):
    menu = page.driver.find_element(By.ID, "examples")
    if menu.get_attribute("aria-expanded") != "true":
        page.click_when_still(menu)
    page.wait(lambda: page.driver.find_elements(By.CSS_SELECTOR, "#examples-list button"), "the menu lists the examples")


def choose_file(page, path):
    """Chooses `path` in the Examples panel's file chooser, as the dialog behind "Open a .swift file…" would."""
    open_menu(page)
    named(page, "Open a .swift file…")
    page.driver.find_element(By.ID, "examples-file").send_keys(str(path))


def count_posts(page):
    page.js(COUNT_POSTS)


def posts(page):
    return page.js("return window.__posts")


def sessions_held(page):
    with urllib.request.urlopen(urljoin(page.base_url, "healthz")) as response:
        return json.load(response)["sessions"]


def wait_new_session(page, before, why):
    page.wait(lambda: page.session_id != before, f"{why}: a new session opens")
    page.wait_connected()
    page.wait_drawn()


def source_of(page):
    return page.server_state()["state"]["program"]["source"]


def download_into(page, folder):
    page.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})


def downloaded(folder, name):
    """The bytes of `folder/name` once Chromium has finished writing it."""
    path = folder / name
    deadline = time.monotonic() + DOWNLOAD_SECONDS
    while time.monotonic() < deadline:
        if path.exists() and not list(folder.glob("*.crdownload")):
            return path.read_bytes()
        time.sleep(0.05)
    raise AssertionError(f"{name} should be downloaded into {folder}, found {[entry.name for entry in folder.iterdir()]}")


# The seeds in the gallery

def test_the_seed_screens_come_first_in_the_examples_menu_and_run(page):
    entries = gallery()
    assert [entry["file"] for entry in entries[:4]] == SEEDS, "the four seed screens lead the one list"
    page.open_source(example("login.swift"))
    open_menu(page)
    listed = page.js("return [...document.querySelectorAll('#examples-list button')].map((b) => [b.dataset.file, b.querySelector('.example-title').textContent])")
    assert listed == [[entry["file"], entry["title"]] for entry in entries], "the menu lists index.json, in order"
    page.wait(lambda: page.js("return document.activeElement.dataset.file") == SEEDS[0], "the menu opens on the profile seed")
    assert_no_axe_violations(page, "the Examples menu open")
    # The file chooser's button follows the list in Tab order, its focus drawn.
    page.js("document.querySelector('#examples-list li:last-child button').focus()")
    page.type(Keys.TAB)
    assert page.active_name() == "Open a .swift file…"
    assert page.js("return getComputedStyle(document.activeElement).outlineStyle") != "none"
    for file in SEEDS:
        before = page.session_id
        open_menu(page)
        page.click_when_still(page.driver.find_element(By.CSS_SELECTOR, f"#examples-list button[data-file='{file}']"))
        wait_new_session(page, before, file)
        assert source_of(page) == example(file), f"{file} runs exactly the seed's source"
        if file == "seeds/profile.swift":
            assert page.screen_name() == "ProfileForm" and page.values("First Name") == [""]
            page.click_when_still(page.control("First Name"))
            page.type("Ada")
            page.press_return()
            page.wait(lambda: page.active_name() == "Last Name", "Return in First Name moves to Last Name")
        elif file == "seeds/checkout.swift":
            page.wait(lambda: page.active_name() == "Name" and page.focus_value("focus") == ".name",
                      lambda: f"checkout focuses Name as it appears, not {page.active_name()!r}")
        elif file == "seeds/gift.swift":
            page.wait(lambda: page.active_name() == "Text editor" and page.focus_value("focus") == ".message",
                      lambda: f"the gift message takes focus on its timer, not {page.active_name()!r}")
        else:
            assert page.screen_name() == "ReminderList"
            page.wait(lambda: page.values("Title")[:2] == ["Buy milk", "Book the dentist"],
                      lambda: f"the reminders are drawn: {page.values('Title')}")


# Download the source

def test_download_gives_the_exact_source_as_the_server_holds_it_for_editors_and_viewers(two, files):
    editor, viewer = two
    source = "// Café — naïve ☕ 𝄞\n" + example("login.swift").replace("Welcome", "Bienvenue, ça va")
    session = editor.open_source(source)
    viewer.open(urljoin(editor.base_url, f"?session={session['viewer']}"))
    viewer.wait_drawn()
    # An edit is the session's as soon as it is typed (the editor is shared): the download is the
    # source the server holds, named after its first screen.
    source = source.replace("LoginForm", "SomethingElse")
    editor.set_source(source)
    editor.wait_source_read()
    viewer.wait(lambda: viewer.source_value() == source, "the viewer's editor shows the edit")
    for page, folder in ((editor, files / "editor"), (viewer, files / "viewer")):
        folder.mkdir()
        download_into(page, folder)
        try:
            button = named(page, "Download the source")
            page.js("arguments[0].scrollIntoView({block: 'center'})", button)
            button.send_keys(Keys.ENTER)  # from the keyboard
            assert page.js("return getComputedStyle(document.activeElement).outlineStyle") != "none", "focus is drawn"
            assert downloaded(folder, "SomethingElse.swift") == source.encode("utf-8"), f"[{page.name}] the exact bytes"
            assert [entry.name for entry in folder.iterdir()] == ["SomethingElse.swift"]
        finally:
            page.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "default"})


# Open a .swift file

def test_a_swift_file_chosen_from_disk_starts_a_session_with_exactly_its_source(page, files):
    page.open_source(example("login.swift"))
    before = page.session_id
    source = example("search.swift").replace('TextField("Search"', 'TextField("Recherche — ☕"') + "\n// the end, no newline after this"
    path = files / "My search form.swift"
    path.write_bytes(source.encode("utf-8"))
    choose_file(page, path)
    wait_new_session(page, before, "a chosen file")
    state = page.server_state()
    assert state["role"] == "editor"
    assert state["state"]["program"]["source"] == source, "the session runs exactly the file's text"
    assert page.source_text().get_attribute("value") == source


def test_a_swift_file_dropped_on_the_source_panel_starts_a_session_with_its_source(page):
    page.open_source(example("login.swift"))
    before = page.session_id
    source = example("default-focus.swift")
    # Read in the same script: the drop starts a session, and the page may leave before another.
    accepted = page.js("""
        const panel = document.getElementById('program-source');
        const transfer = new DataTransfer();
        transfer.items.add(new File([arguments[0]], 'dropped.swift', { type: 'text/plain' }));
        const over = new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer });
        document.getElementById('source-text').dispatchEvent(over);
        const accepted = over.defaultPrevented && panel.dataset.drop === 'over';
        document.getElementById('source-text').dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
        return accepted;
    """, source)
    assert accepted, "the panel takes a dragged file and shows where it goes"
    wait_new_session(page, before, "a dropped file")
    assert source_of(page) == source


def test_a_file_over_64_kib_is_refused_with_a_notice_and_no_session_is_created(page, files):
    page.open_source(example("login.swift"))
    before = page.session_id
    count_posts(page)
    held = sessions_held(page)
    source = example("login.swift")
    too_large = files / "huge.swift"
    too_large.write_bytes((source + "//" + "x" * (MAX_SOURCE_BYTES - len(source.encode()) - 2) + "\n").encode())
    assert too_large.stat().st_size == MAX_SOURCE_BYTES + 1
    choose_file(page, too_large)
    page.wait(lambda: "huge.swift was not opened" in page.notice_text() and "64 KiB" in page.notice_text(),
              lambda: f"a notice says the file is too large: {page.notice_text()!r}")
    assert posts(page) == 0, "nothing was sent to the server"
    assert page.session_id == before
    # 64 KiB exactly is a source a session runs.
    largest = files / "largest.swift"
    largest.write_bytes(too_large.read_bytes()[:-2] + b"\n")
    assert largest.stat().st_size == MAX_SOURCE_BYTES
    choose_file(page, largest)
    wait_new_session(page, before, "a file of exactly 64 KiB")
    assert source_of(page).encode() == largest.read_bytes()
    # The session of the file at the limit is the only one made: none was made for the file past it.
    assert sessions_held(page) == held + 1, "the refused file made no session"


def test_a_file_with_a_syntax_error_shows_the_diagnostics_in_a_notice(page, files):
    page.open_source(example("login.swift"))
    before = page.session_id
    count_posts(page)
    source = example("syntax-error.swift")
    # The parser finds the missing `)` where the next line's modifier starts.
    line = line_of(source, ".focused($focused)")
    path = files / "broken.swift"
    path.write_text(source, encoding="utf-8")
    choose_file(page, path)
    page.wait(lambda: f"broken.swift was not opened: line {line}: expected ')'" in page.notice_text(),
              lambda: f"the parser's diagnostic shows in a notice: {page.notice_text()!r}")
    assert posts(page) == 1, "the source was sent, and refused"
    assert page.session_id == before, "the page stays on its session"


# Try it yourself

def test_try_it_yourself_from_a_viewer_link_opens_an_editable_session_with_the_same_source(two):
    editor, viewer = two
    source = example("login.swift")
    session = editor.open_source(source)
    viewer.open(urljoin(editor.base_url, f"?session={session['viewer']}"))
    viewer.wait_drawn()
    assert not shown(editor, "Try it yourself"), "editors have no Try it yourself"
    fork = named(viewer, "Try it yourself")
    assert_no_axe_violations(viewer, "a viewer's page with Try it yourself")
    viewer.js("arguments[0].scrollIntoView({block: 'center'})", fork)
    fork.send_keys(Keys.ENTER)  # from the keyboard
    page = viewer
    page.wait(lambda: page.session_id not in (session["id"], session["viewer"]), "a new session opens")
    page.wait_connected()
    page.wait_drawn()
    mine = page.server_state()
    assert mine["role"] == "editor", "the new session is the viewer's to edit"
    assert mine["state"]["program"]["source"] == source, "with the same source"
    assert page.source_text().get_attribute("readOnly") is None
    assert shown(page, "Restart the program") and not shown(page, "Try it yourself")
    # Changes in it stay in it.
    page.click_when_still(page.control("Username"))
    page.type("grace")
    page.wait(lambda: page.session_values("Username") == ["grace"], "the typing reaches the new session")
    page.set_source(source.replace('Button("Sign In")', 'Button("Log In")'))
    page.wait_source_read()
    page.wait(lambda: 'Button("Log In")' in source_of(page), "the new session runs the edited source")
    original = editor.server_state()["state"]["program"]
    assert original["source"] == source, "the original session's source is untouched"
    assert editor.session_values("Username") == [""] and editor.control("Username").get_attribute("value") == ""
    assert 'Button("Sign In")' in editor.js("return document.getElementById('source-lines').textContent")
