"""Looks in both colour schemes, on the seed screens: axe finds nothing in light or dark, in the
normal and the presenter layout; the dark scheme reaches every part; the palette for other people
reads on white and on the dark surfaces and tells twelve people apart."""

import itertools
import math
import re

import pytest

from display import SCREENS, assert_no_axe_violations, display, focus_first_field  # noqa: F401 (display is a fixture)
from playground import CHECKOUT, PROFILE, TASKS
from seed_plays import line_after


def rgb(css):
    """`#rrggbb` or `rgb(r, g, b)` → (r, g, b)."""
    css = css.strip()
    if css.startswith("#"):
        return tuple(int(css[index:index + 2], 16) for index in (1, 3, 5))
    return tuple(int(float(part)) for part in re.findall(r"[\d.]+", css)[:3])


def luminance(color):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(value) for value in rgb(color))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first, second):
    high, low = sorted([luminance(first), luminance(second)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def lab(color):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(value) for value in rgb(color))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116  # noqa: E731
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(first, second):
    """CIEDE2000 colour difference (about 2 is just noticeable; over 10, plainly different colours)."""
    l1, a1, b1 = lab(first)
    l2, a2, b2 = lab(second)
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p, h2p = math.degrees(math.atan2(b1, a1p)) % 360, math.degrees(math.atan2(b2, a2p)) % 360
    dhp = 0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    rotation = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_bar, 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    return math.sqrt(((l2 - l1) / s_l) ** 2 + ((c2p - c1p) / s_c) ** 2 + (d_h / s_h) ** 2
                     + r_t * ((c2p - c1p) / s_c) * (d_h / s_h))


def custom_property(page, name, selector=":root"):
    return page.js("return getComputedStyle(document.querySelector(arguments[0])).getPropertyValue(arguments[1]).trim()", selector, name)


def background(page, selector):
    return page.js("return getComputedStyle(document.querySelector(arguments[0])).backgroundColor", selector)


def bind_address_to_name(page):
    """Runs the source with Address bound to `.name` by mistake: the diagnostics warn."""
    source = page.server_state()["state"]["program"]["source"]
    lines = source.split("\n")
    address = line_after(source, 'TextField("Address"', ".focused($focus, equals: .address)")
    lines[address - 1] = lines[address - 1].replace(".address", ".name")
    page.set_source("\n".join(lines))
    page.wait_source_read()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations_in_both_layouts(display, scheme):
    """The source's lines are checked whole once (in the normal layout, whose smaller code is the
    stricter test), with a line marked and warnings listed; every other state without them."""
    a, b = display

    def check(when, source=False):
        for present in (False, True):
            for page in display:
                page.set_presenting(present)
                assert_no_axe_violations(page, f"{when}, {scheme} scheme, {'presenter' if present else 'normal'} layout",
                                         source=source and not present and page is a)

    for page in display:
        page.emulate_media(prefers_color_scheme=scheme)
    focus_first_field(display, PROFILE)
    check("profile")

    # Checkout with its warnings showing (Address bound to .name by mistake) and a line marked.
    a.go_to(CHECKOUT)
    b.wait_screen(CHECKOUT)
    bind_address_to_name(a)
    for page in display:
        page.wait(lambda page=page: len(page.diagnostics()) >= 3, "the source panel warns")
    a.tap(CHECKOUT, "phone")
    a.press_return()
    for page in display:
        page.wait(lambda page=page: page.marked_lines() and page.active_key() is None, "Return in Phone lets go, its line marked")
    check("checkout with warnings", source=True)

    focus_first_field(display, TASKS)
    check("reminders")


def test_the_dark_scheme_reaches_every_part(display, output_dir):
    a, b = display
    assert "dark" in a.js("return document.querySelector('meta[name=color-scheme]').content")
    for page in display:
        page.emulate_media(prefers_color_scheme="dark")
    for screen in SCREENS:
        focus_first_field(display, screen)
        for page in display:
            for selector in ["body", ".app-header", ".panel-code", "#source-lines", "#source-text", ".phone",
                             ".program-screen .field", ".keyboard-body", ".tabs", "#event-log"]:
                color = background(page, selector)
                if rgb(color) == (0, 0, 0) and "rgba(0, 0, 0, 0)" in color:
                    continue  # transparent: drawn by what is behind it
                assert luminance(color) < 0.08, f"[{page.name}] {selector} should be dark in the dark scheme, not {color}"
            text = page.js("return getComputedStyle(document.body).color")
            assert luminance(text) > 0.6, f"[{page.name}] text should be light in the dark scheme, not {text}"
            page.js("window.scrollTo(0, 0)")
            page.settle()
        a.screenshot(output_dir / f"dark-1280x800-{screen}.png")
        b.screenshot(output_dir / f"dark-390x844-{screen}.png")


def test_people_colours_read_in_both_schemes_and_tell_twelve_people_apart(display):
    a, _ = display
    palettes = {}
    surfaces = {}
    for scheme in ["light", "dark"]:
        a.emulate_media(prefers_color_scheme=scheme)
        palettes[scheme] = [custom_property(a, f"--person-{index}") for index in range(1, 13)]
        surfaces[scheme] = {
            "page": custom_property(a, "--bg"), "panel": custom_property(a, "--surface"),
            "phone cell": custom_property(a, "--surface", ".phone"), "accent": custom_property(a, "--accent"),
        }
    palette = palettes["light"]
    assert palettes["dark"] == palette, "the server hands out one colour per person, whatever the scheme"
    assert all(re.fullmatch(r"#[0-9a-f]{6}", color) for color in palette), palette
    assert len(set(palette)) == 12
    for color in palette:
        assert contrast(color, "#ffffff") >= 4.5, f"{color} on white"
        for scheme, named in surfaces.items():
            for name in ["page", "panel", "phone cell"]:
                assert contrast(color, named[name]) >= 3, f"{color} on the {scheme} {name} ({named[name]})"
            accent = named["accent"]
            assert delta_e(color, accent) >= 20, f"{color} is too close to this page's own focus colour {accent} ({scheme})"
    closest = min(delta_e(first, second) for first, second in itertools.combinations(palette, 2))
    assert closest >= 12, f"two people's colours are too alike (CIEDE2000 {closest:.1f})"
