"""Everyone's caret in the shared source: each editor sees where the others are, a bar in the
person's colour with their name beside it and their selection as a band of that colour, on the
lines under the text area; the marks move with text typed before them, a screen reader hears
"Ada is on line 5", and a person who leaves takes their caret away. A page tells its caret at
most ten times a second."""

from selenium.webdriver.common.keys import Keys

from program_page import example


def join(two, session):
    """The second browser opens the first one's session, as an editor."""
    a, b = two
    b.open(a.base_url + f"?session={session['id']}")
    b.reset_local_preferences()
    b.wait_drawn()
    for page in two:
        page.wait_people(2)


def offset_of_line(source, line):
    """The UTF-16 offset where 1-based `line` of `source` starts (the sources here are ASCII)."""
    return sum(len(text) + 1 for text in source.split("\n")[:line - 1])


def select(page, start, end):
    """Selects `start`..`end` in the page's source editor, the editor focused."""
    page.js("""
        const area = document.getElementById('source-text');
        area.focus();
        area.setSelectionRange(arguments[0], arguments[1]);
    """, start, end)


def others(page):
    """The carets drawn on the page's source lines: `{member, line, name, tag, bar, peer}` each
    (`tag` and `bar` the computed colours of the name tag and the caret's bar)."""
    return page.js("""
        return [...document.querySelectorAll('#source-lines .source-peer-caret')].map((caret) => {
            const tag = caret.querySelector('.source-peer-name');
            return {
                member: caret.dataset.member,
                line: Number(caret.closest('.source-line').dataset.line),
                name: getComputedStyle(tag, '::before').content.replace(/^"|"$/g, ''),
                tag: getComputedStyle(tag).backgroundColor,
                bar: getComputedStyle(caret, '::before').backgroundColor,
            };
        });
    """)


def selections(page):
    """The selection bands drawn on the page's source lines: `{line, text, member, painted}`
    (`painted`: whether the band has a colour at all)."""
    return page.js("""
        return [...document.querySelectorAll('#source-lines .source-peer')].map((band) => ({
            line: Number(band.closest('.source-line').dataset.line),
            text: band.textContent,
            member: [...band.classList].find((name) => /^source-peer-m\\d+$/.test(name))?.slice('source-peer-'.length) ?? null,
            painted: getComputedStyle(band).backgroundColor !== 'rgba(0, 0, 0, 0)',
        }));
    """)


def person(page, name):
    """`{member, color}` of the person the page's header names `name` (the colour as computed)."""
    return page.js("""
        const item = [...document.querySelectorAll('#presence-list .person')]
            .find((entry) => entry.textContent.trim().startsWith(arguments[0]));
        return item ? { member: item.dataset.member, color: getComputedStyle(item.querySelector('.person-dot')).backgroundColor } : null;
    """, name)


def told(page):
    """The caret messages the page sent (needs the `wire` fixture)."""
    return [message for message in page.wire()["sent"] if message["type"] == "caret"]


def people_sentence(page):
    return page.js("return document.getElementById('source-people').textContent")


def test_an_editor_sees_anothers_caret_and_selection_move_with_text_typed_before_it_and_go_when_they_leave(two):
    a, b = two
    source = example("login.swift")
    join(two, a.open_source(source))
    ada = a.my_name()
    line5 = source.split("\n")[4]
    assert "Field" in line5, f"line 5 of login.swift declares the focus enum: {line5!r}"
    word = offset_of_line(source, 5) + line5.index("Field")
    select(a, word, word + len("Field"))

    who = person(b, ada)
    assert who is not None, f"B's header names A ({ada})"
    expected = [{"member": who["member"], "line": 5, "name": ada, "tag": who["color"], "bar": who["color"]}]
    b.wait(lambda: others(b) == expected, lambda: f"B sees A's caret on line 5, in A's colour, named: {others(b)} (wanted {expected})")
    b.wait(lambda: selections(b) == [{"line": 5, "text": "Field", "member": who["member"], "painted": True}],
           lambda: f"B sees A's selection over the word, in A's colour: {selections(b)}")
    assert others(a) == [], "A sees no caret of its own drawn, and B is not in the editor"
    painted = b.js("return document.querySelector('#source-lines [data-line=\"5\"]').textContent")
    assert painted == line5, f"the caret's name tag adds nothing to the line's text: {painted!r}"
    b.wait(lambda: people_sentence(b) == f"{ada} is on line 5.",
           lambda: f"a screen reader hears where A is: {people_sentence(b)!r}")

    # B types a line of its own at the start of line 2: A's caret moves down with the text.
    select(b, offset_of_line(source, 2), offset_of_line(source, 2))
    b.type("// B was here" + Keys.ENTER)
    b.wait(lambda: b.source_value().split("\n")[1] == "// B was here", "B's line is in B's editor")
    b.wait(lambda: [(caret["line"], caret["name"]) for caret in others(b)] == [(6, ada)],
           lambda: f"A's caret is on line 6 in B's view now: {others(b)}")
    assert [(band["line"], band["text"]) for band in selections(b)] == [(6, "Field")], "and the selection with it"
    a.wait(lambda: a.source_value() == b.source_value(), "A's editor shows B's line too")
    assert a.js("const area = document.getElementById('source-text'); return area.value.slice(area.selectionStart, area.selectionEnd)") == "Field"
    b.wait(lambda: people_sentence(b) == f"{ada} is on line 6.", lambda: f"the sentence follows: {people_sentence(b)!r}")
    bea = b.my_name()
    a.wait(lambda: [(caret["line"], caret["name"]) for caret in others(a)] == [(3, bea)],
           lambda: f"A sees B's caret where B stopped typing, on line 3: {others(a)}")

    # A leaves: the mark goes with them.
    a.driver.get("about:blank")
    b.wait(lambda: others(b) == [] and selections(b) == [], lambda: f"A's caret goes when A leaves: {others(b)}")
    b.wait(lambda: people_sentence(b) == "", lambda: f"and nobody is said to be in the source: {people_sentence(b)!r}")


def test_a_page_tells_its_caret_at_most_ten_times_a_second_and_that_it_left_the_editor(wire, two):
    a, b = two
    join(two, a.open_source(example("login.swift")))
    select(a, 0, 0)
    # Forty caret moves over about a second.
    a.js("""
        const area = document.getElementById('source-text');
        let step = 0;
        const timer = setInterval(() => {
            step += 1;
            area.setSelectionRange(step, step);
            if (step === 40) clearInterval(timer);
        }, 25);
    """)
    b.wait(lambda: len(others(b)) == 1, lambda: f"B sees A's caret: {others(b)}")
    a.wait(lambda: told(a)[-1].get("at") == 40, lambda: f"A's last caret message tells the last place: {told(a)[-3:]}")
    sent = [(message, at) for message, at in zip(a.wire()["sent"], a.wire()["sentAt"]) if message["type"] == "caret"]
    times = [at for _, at in sent]
    assert all(later - earlier >= 95 for earlier, later in zip(times, times[1:])), f"at most one caret message per 100 ms: {times}"
    assert 3 <= len(sent) <= 14, f"forty moves in a second went out as a few messages, not forty: {len(sent)}"
    assert all(set(message) == {"type", "key", "revision", "at", "length"} for message, _ in sent)

    # Leaving the editor: a second later, the others are told the caret is gone.
    a.js("document.getElementById('source-text').blur()")
    a.wait(lambda: told(a)[-1] == {"type": "caret", "key": None}, "A tells that its caret left the source")
    b.wait(lambda: others(b) == [], lambda: f"B no longer sees A's caret: {others(b)}")
