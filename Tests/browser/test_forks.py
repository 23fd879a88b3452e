"""Every student in a session of their own: "Try it yourself" on the watch-only link makes the
student's own editable session (a fork) with the presenter's source and lesson; the presenter's
class view follows every fork live (name, lesson step, focus as Swift spells it, last event,
connected), sorts by step or name, watches one read-only and shows one to the class."""

import json
import time
from urllib.parse import urljoin
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from websockets.sync.client import connect

from display import assert_no_axe_violations
from playground import PROFILE


def roster(page):
    """The class view's rows as the presenter reads them."""
    return page.js("""
        return [...document.querySelectorAll('#class-roster tr')].map((row) => ({
          id: row.dataset.fork,
          cells: [...row.querySelectorAll('th, td:not(.class-actions)')].map((cell) => cell.textContent.trim()),
        }));
    """)


def row_of(page, fork):
    return next((row["cells"] for row in roster(page) if row["id"] == fork), None)


def test_try_it_yourself_makes_the_students_own_session_and_the_presenter_sees_it(watched):
    a, b = watched
    a.tap(PROFILE, "lastName")
    b.wait_focus(".lastName", None, "B follows the presenter's focus")
    try_it = b.driver.find_element(By.ID, "try-it")
    assert try_it.is_displayed() and not a.driver.find_element(By.ID, "try-it").is_displayed(), "only a viewer forks"
    class_view = a.driver.find_element(By.ID, "class-view")
    assert not class_view.is_displayed(), "no class view before any student forks"
    watch_link = b.url
    try_it.click()
    b.wait(lambda: b.url != watch_link and "session=" in b.url, "B moves to a session of its own")
    b.wait_connected()
    fork = b.session_id
    assert b.server_state()["role"] == "editor", "the student edits their own session"
    assert not b.driver.find_element(By.ID, "watching").is_displayed()
    b.wait_focus(".lastName", "lastName", "the fork starts where the presenter's session was, and B edits it")
    fork_viewer = b.share_links()["watch"].split("session=")[1]

    a.wait(lambda: class_view.is_displayed() and row_of(a, fork_viewer) is not None, "A's class view lists the fork")
    assert fork not in a.driver.page_source, "the presenter's page never holds a fork's editor id"
    b.tap(PROFILE, "firstName")
    a.wait(lambda: row_of(a, fork_viewer)[2] == ".firstName", lambda: f"A sees B's focus: {row_of(a, fork_viewer)}")
    cells = row_of(a, fork_viewer)
    assert cells[0] == b.my_name() and cells[5] == "connected"
    assert cells[3] == "focus .lastName → .firstName" and cells[4], "the last event, and when"
    assert a.server_state()["revision"] == 1, "the student's moves change only their own session"

    listed = json.load(urllib.request.urlopen(urljoin(a.base_url, f"api/sessions/{a.session_id}/forks")))
    assert [entry["id"] for entry in listed] == [fork_viewer]


def test_the_class_view_follows_ten_students_live_sorts_and_shows_one_to_the_class(watched, server):
    a, b = watched
    viewer = b.session_id
    ws_url = urljoin(server, "ws").replace("http://", "ws://")
    students = []
    for number in range(10):
        request = urllib.request.Request(urljoin(server, f"api/sessions/{viewer}/forks"), method="POST", data=b"")
        fork = json.load(urllib.request.urlopen(request))
        socket = connect(f"{ws_url}?session={fork['id']}", subprotocols=["focus-sync.v3"])
        socket.send(json.dumps({"type": "hello", "clientId": f"student-tab-{number:04}-secret", "name": f"Student {number:02}"}))
        while json.loads(socket.recv(timeout=5))["type"] != "snapshot":
            pass
        students.append((fork, socket))
    try:
        a.wait(lambda: len(roster(a)) == 10 and all(row["cells"][5] == "connected" for row in roster(a)),
               lambda: f"A lists the ten students, connected: {roster(a)}")
        lags = []
        for number, (fork, socket) in enumerate(students):
            key = "lastName" if number % 2 else "firstName"
            moved = time.monotonic()
            socket.send(json.dumps({"type": "intent", "seq": 1, "screen": PROFILE, "action": "focus", "key": key}))
            a.wait(lambda fork=fork, key=key: row_of(a, fork["viewer"])[2] == f".{key}",
                   lambda fork=fork: f"A follows student {number}: {row_of(a, fork['viewer'])}")
            lags.append(time.monotonic() - moved)
        lags.sort()
        assert lags[len(lags) // 2] < 1.0, f"the class view follows within a second: {lags}"

        names = [f"Student {number:02}" for number in range(10)]
        Select(a.driver.find_element(By.ID, "class-sort")).select_by_value("name")
        a.wait(lambda: [row["cells"][0] for row in roster(a)] == names, "sorted by name")
        # Two students move on a step's worth: a lesson started in their own session.
        for fork, socket in students[7:9]:
            socket.send(json.dumps({"type": "intent", "seq": 2, "screen": PROFILE, "action": "lesson",
                                    "lesson": "profile-source", "step": 1}))
        Select(a.driver.find_element(By.ID, "class-sort")).select_by_value("step")
        a.wait(lambda: [row["cells"][0] for row in roster(a)][:2] == ["Student 07", "Student 08"]
               and roster(a)[0]["cells"][1] == "step 2", lambda: f"sorted by step: {roster(a)}")
        assert_no_axe_violations(a, "the class view with ten students", source=False)
        students[3][1].close()
        a.wait(lambda: row_of(a, students[3][0]["viewer"])[5] == "away", "a student who leaves is shown away")

        shown = students[8][0]["viewer"]
        a.driver.find_element(By.CSS_SELECTOR, f"#class-roster tr[data-fork='{shown}'] button[aria-label^='Show']").click()
        frame = b.driver.find_element(By.ID, "shown-fork-frame")
        b.wait(lambda: frame.is_displayed() and shown in frame.get_attribute("src"), "B's page shows the student's session")
        assert not b.driver.find_element(By.CSS_SELECTOR, "main.layout").is_displayed(), "instead of the class session"
        b.driver.switch_to.frame(frame)
        b.wait(lambda: b.js("return document.getElementById('watching').hidden") is False, "read-only in the frame")
        b.driver.switch_to.default_content()
        assert_no_axe_violations(b, "a viewer's page showing a student's session", source=False)

        a.driver.find_element(By.CSS_SELECTOR, f"#class-roster tr[data-fork='{students[0][0]['viewer']}'] button").click()
        watch = a.driver.find_element(By.ID, "class-watch-frame")
        a.wait(lambda: watch.is_displayed() and students[0][0]["viewer"] in watch.get_attribute("src"),
               "A watches a student read-only")
        assert a.js("return document.activeElement.id") == "class-watch-title", "the keyboard goes to what is watched"

        a.driver.find_element(By.ID, "class-back").click()
        b.wait(lambda: not frame.is_displayed() and b.driver.find_element(By.CSS_SELECTOR, "main.layout").is_displayed(),
               "back to the class session when the presenter returns")
    finally:
        for _, socket in students:
            socket.close()
