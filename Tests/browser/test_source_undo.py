"""Undo and redo in the shared source editor are each person's own: Ctrl+Z (and the Edit menu's
Undo) takes back this page's last step and never anyone else's, in every browser and on the server;
Ctrl+Shift+Z and Ctrl+Y (and the Edit menu's Redo) put it back; typing joins one step per word,
and a Return with its indentation is a step of its own. Every check compares the whole source, so
no character of the other person's is lost or moved."""

from urllib.parse import urljoin

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from program_page import at_once, example

# A comment at the bottom gives B somewhere to type that keeps the source compiling.
SOURCE = example("login.swift") + "// The end.\n"
TOP = SOURCE.index("/// Return walks") + len("/// ")
BOTTOM = SOURCE.index("// The end.") + len("// ")


def open_both(two):
    """A opens a session running SOURCE; B opens A's edit link."""
    a, b = two
    session = a.open_source(SOURCE)
    b.open(urljoin(a.base_url, f"?session={session['id']}"))
    b.reset_local_preferences()
    b.wait_drawn()
    return a, b


def caret_at(page, offset):
    """Puts the editor's caret at `offset` (UTF-16), the editor focused."""
    page.js("""
        const area = document.getElementById('source-text');
        area.focus();
        area.setSelectionRange(arguments[0], arguments[0]);
    """, offset)


def press(page, key, *modifiers):
    """Presses `key` with `modifiers` held, in the element with the focus."""
    chain = ActionChains(page.driver)
    for modifier in modifiers:
        chain.key_down(modifier)
    chain.send_keys(key)
    for modifier in reversed(modifiers):
        chain.key_up(modifier)
    chain.perform()


def undo(page):
    press(page, "z", Keys.CONTROL)


def redo(page):
    press(page, "z", Keys.CONTROL, Keys.SHIFT)


def everywhere(pages, expected, why):
    """Waits until the server holds `expected` as the source and every page shows it, nothing left to send."""
    def agreed():
        return (pages[0].server_state()["state"]["program"]["source"] == expected
                and all(page.pending_intents() == 0 and page.source_value() == expected for page in pages))

    pages[0].wait(agreed, lambda: f"{why}: server {pages[0].server_state()['state']['program']['source']!r}, "
                  + ", ".join(f"{page.name} {page.source_value()!r}" for page in pages))


def with_words(a_word="", b_word=""):
    """SOURCE with A's word at the top and B's at the bottom."""
    return SOURCE[:TOP] + a_word + SOURCE[TOP:BOTTOM] + b_word + SOURCE[BOTTOM:]


def test_each_person_undoes_and_redoes_only_their_own_typing(two):
    a, b = open_both(two)
    caret_at(a, TOP)
    caret_at(b, BOTTOM)
    # Both type at once, three keys a call: each page takes the other's keystrokes between its own.
    at_once(lambda: a.type_in_chunks("alpha ", 3), lambda: b.type_in_chunks("BRAVO ", 3))
    everywhere(two, with_words("alpha ", "BRAVO "), "both words reach the server and both pages")

    undo(a)
    everywhere(two, with_words("", "BRAVO "), "A's Ctrl+Z takes A's word away, B's stays")
    redo(a)
    everywhere(two, with_words("alpha ", "BRAVO "), "A's Ctrl+Shift+Z puts A's word back, where it was")
    undo(b)
    everywhere(two, with_words("alpha ", ""), "B's Ctrl+Z takes only B's word away")
    press(b, "y", Keys.CONTROL)
    everywhere(two, with_words("alpha ", "BRAVO "), "B's Ctrl+Y puts B's word back")
    caret = b.js("const area = document.getElementById('source-text'); return [area.selectionStart, area.selectionEnd]")
    after = BOTTOM + len("alpha ") + len("BRAVO ")
    assert caret == [after, after], f"B's caret is after the word put back: {caret}"


def test_undo_keeps_what_someone_else_typed_inside_the_undone_word(two):
    a, b = open_both(two)
    caret_at(a, TOP)
    a.type("alpha ")
    everywhere(two, with_words("alpha "), "A's word reaches B")
    caret_at(b, TOP + 2)
    b.type("XY")
    everywhere(two, with_words("alXYpha "), "B types inside A's word")

    undo(a)
    everywhere(two, with_words("XY"), "A's Ctrl+Z takes A's letters away around B's, which stay")
    # The Edit menu's Redo reaches the editor as a beforeinput event of type historyRedo.
    prevented = a.js("""
        const event = new InputEvent('beforeinput', {inputType: 'historyRedo', bubbles: true, cancelable: true});
        document.getElementById('source-text').dispatchEvent(event);
        return event.defaultPrevented;
    """)
    assert prevented, "the browser's own redo is not run"
    everywhere(two, with_words("alXYpha "), "the Edit menu's Redo puts A's letters back on each side of B's")
    undo(b)
    everywhere(two, with_words("alpha "), "B's Ctrl+Z takes only B's letters out of the word")
    undo(b)
    b.type("!")
    everywhere(two, with_words("alpha ")[:TOP + 2] + "!" + with_words("alpha ")[TOP + 2:],
               "with nothing more of B's to undo, B's Ctrl+Z changed nothing: B's next key lands where B's caret was")


def test_a_return_and_its_indentation_are_one_step_apart_from_the_typing_after_it(two):
    a, b = open_both(two)
    body = SOURCE.index("var body: some View {") + len("var body: some View {")
    caret_at(a, body)
    caret_at(b, BOTTOM)
    a.type(Keys.ENTER)
    a.type("//")
    b.type("BRAVO")
    indented = "\n" + " " * 8
    everywhere(two, SOURCE[:body] + indented + "//" + SOURCE[body:BOTTOM] + "BRAVO" + SOURCE[BOTTOM:],
               "A's Return, indented one level more than its line, A's typing and B's word reach everyone")

    undo(a)
    everywhere(two, SOURCE[:body] + indented + SOURCE[body:BOTTOM] + "BRAVO" + SOURCE[BOTTOM:],
               "A's first Ctrl+Z takes back the typing after the Return")
    undo(a)
    everywhere(two, SOURCE[:BOTTOM] + "BRAVO" + SOURCE[BOTTOM:],
               "the next takes the Return and all its indentation away at once, and nothing of B's")
