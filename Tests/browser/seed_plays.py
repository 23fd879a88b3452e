"""What the seed plays (test_seed_sources.py, test_seed_reminders.py) share: opening a seed,
waiting for focus, marks, rows and values as a person sees them."""

from program_page import example, line_of

# The gift's auto-focus timer (0.75 s) fires within this many seconds at most.
TIMER_SECONDS = 6
GIFT_DELAY_SECONDS = 0.75


def seed(name):
    """The source of seed `name` (`profile` → Public/examples/seeds/profile.swift)."""
    return example(f"seeds/{name}.swift")


def play(page, name):
    source = seed(name)
    page.open_source(source)
    return source


def line_after(source, anchor, text):
    """The first line holding `text` after the one line holding `anchor` (`focus = nil` in `send()`)."""
    lines = source.split("\n")
    start = line_of(source, anchor)
    return next(number for number in range(start + 1, len(lines) + 1) if text in lines[number - 1])


def wait_focus(page, name, why):
    page.wait(lambda: page.active_name() == name,
              lambda: f"{why}: DOM focus should be on {name!r}, not {page.active_name()!r}")


def wait_focus_on(page, name, index, why):
    """Waits until DOM focus is on the `index`th visible control named `name` (rows share names)."""
    page.wait(lambda: page.active_element() == page.controls(name)[index],
              lambda: f"{why}: DOM focus should be on {name} #{index + 1} of {page.values(name)}, "
                      f"not on {page.active_name()!r} reading {active_value(page)!r}")


def active_value(page):
    return page.js("return document.activeElement?.value ?? null")


def wait_no_focus(page, why):
    page.wait(lambda: page.active_name() is None and page.keyboard_state() == "down",
              lambda: f"{why}: focus should leave the form and the keyboard go down, not stay on "
                      f"{page.active_name()!r} (keyboard {page.keyboard_state()})")


def wait_marked_line(page, source, line):
    page.wait(lambda: page.marked_lines() == [(line, source.split("\n")[line - 1])],
              lambda: f"line {line} ({source.split(chr(10))[line - 1].strip()!r}) should be marked aria-current, "
                      f"not {page.marked_lines()}")


def wait_marked(page, source, text):
    wait_marked_line(page, source, line_of(source, text))


def wait_rows(page, name, values, why):
    """Waits until the fields named `name` read `values` on the page and in the session."""
    page.wait(lambda: page.values(name) == values and page.session_values(name) == values,
              lambda: f"{why}: {name} should read {values}, not {page.values(name)} (the session has {page.session_values(name)})")


def replace_text(page, text):
    page.select_all()
    page.type(text)


def focus_moves(page):
    """The log's focus moves, newest first, without their lines: `First Name → nil`."""
    return [entry["move"] for entry in page.log_entries() if entry["cause"] not in ("state", "timer")]


def tap(page, element, name, why):
    page.click_when_still(element)
    wait_focus(page, name, why)
