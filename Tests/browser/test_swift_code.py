"""The SwiftUI each screen shows matches the phone: required fragments per screen (the focus types
the server prints, submit labels, the cancellable 0.75 s auto-focus, styled row buttons, the
animation switch on every screen), balanced brackets, tags the code panel can match, and the four
screens type-check together as one module against SwiftUI's signatures."""

import itertools
import re
import shutil
import subprocess
from pathlib import Path

import pytest

SCREENS = ["profile", "checkout", "gift", "tasks"]
TAGS = re.compile(r"\s*⟦([^⟧]*)⟧\s*$")
CAUSES = "tap|submit|toolbar|validation|autoFocus|rowAdded|rowRemoved|navigation|binding"
TAG = re.compile(rf"^(navigate|rowAdded|rowRemoved|autoFocusScheduled|autoFocusCancelled|binding|settings"
                 rf"|edit:\w+|validation:(valid|invalid|>\w+)|({CAUSES}):\w*>\w*)$")
STAND_IN = Path(__file__).with_name("SwiftUIStandIn.swift")
SETTINGS = [{"animatedFocusChange": animated, "ambiguousAddressBinding": ambiguous}
            for animated, ambiguous in itertools.product([False, True], repeat=2)]

# What each screen's Swift must say, whatever the switches.
REQUIRED = {
    "profile": [
        "import SwiftUI",
        "struct ProfileForm: View {",
        "    enum Field: Hashable, CaseIterable {",
        "        case firstName, lastName",
        "    @FocusState private var focus: Field?",
        '            TextField("First Name", text: $firstName)',
        "                .focused($focus, equals: .firstName)",
        "                .submitLabel(.next)",
        "                .onSubmit { move(to: .lastName) }",
        "                .focused($focus, equals: .lastName)",
        "                .submitLabel(.done)",
        "                .onSubmit { focus = nil }",
        "            ToolbarItemGroup(placement: .keyboard) {",
        '                Button("Previous") { step(by: -1) }',
        '                Button("Next") { step(by: +1) }',
        "        guard fields.indices.contains(target) else { return }",
    ],
    "checkout": [
        "enum CheckoutField: Hashable {",
        "    case name, address, phone",
        "struct CheckoutForm: View {",
        "    @FocusState private var focus: CheckoutField?",
        "                .focused($focus, equals: .name)",
        "                .focused($focus, equals: .phone)",
        "                .submitLabel(.done)",
        "        .onAppear { focus = .name }",
        "            case .name: move(to: .address)",
        "            case .address: move(to: .phone)",
        "            case .phone, nil: focus = nil",
        "        if let invalid = firstInvalidField {",
        "            move(to: invalid)",
        "        if name.isBlank || name.count > 100 { return .name }",
        "        if address.isBlank || address.count > 200 { return .address }",
        "        if !phone.isPhoneNumber { return .phone }",
    ],
    "gift": [
        "enum GiftField: Hashable {",
        "    case message",
        "    case row(id: UUID)",
        "struct GiftMessageForm: View {",
        "    @FocusState private var focus: GiftField?",
        "    @State private var autoFocus: Task<Void, Never>?",
        "                .focused($focus, equals: .message)",
        "            autoFocus = Task {",
        "                try? await Task.sleep(for: .milliseconds(750))",
        "                guard !Task.isCancelled else { return }",
        "                focus = .message",
        "        .onChange(of: focus) { autoFocus?.cancel() }",
        "        .onDisappear { autoFocus?.cancel() }",
        "        ForEach($recipients) { $recipient in",
        "                .focused($focus, equals: .row(id: recipient.id))",
        "                .submitLabel(.next)",
        "            move(to: .row(id: recipients[index + 1].id))",
        "        if message.isBlank || message.count > 500 { // isBlank: see Checkout",
        "            move(to: .message)",
        "            move(to: .row(id: bad.id))",
    ],
    "tasks": [
        "enum ReminderField: Hashable {",
        "    case title(id: UUID)",
        "    case notes(id: UUID)",
        "struct ReminderList: View {",
        "    @FocusState private var focus: ReminderField?",
        "            ForEach($reminders) { $reminder in",
        "        move(to: .title(id: reminder.id))",
        "            return .notes(id: id)",
        "            return .title(id: reminders[index + 1].id)",
        "        move(to: heir.map { field.onRow(reminders[$0].id) })",
        "    var focus: FocusState<ReminderField?>.Binding",
        "                    .focused(focus, equals: .title(id: reminder.id))",
        "                if focus.wrappedValue?.rowID == reminder.id {",
        "                        .focused(focus, equals: .notes(id: reminder.id))",
        '                        Button("Add Date") { addToNotes("Due today") }',
        '                        Button("Add Location") { addToNotes("At home") }',
        "                    .buttonStyle(.bordered)",
        "                } else if !reminder.notes.isEmpty {",
        "                    Text(notesMarkdown)",
        '            Button("Delete", role: .destructive, action: onDelete)',
        "                .buttonStyle(.borderless)",
        "        return (try? AttributedString(markdown: reminder.notes, options: options))",
    ],
}

# Lines that may assign a field to focus directly; every other move goes through move(to:).
DIRECT_FOCUS = {"profile": [], "checkout": [".onAppear { focus = .name }"], "gift": ["focus = .message"], "tasks": []}
SUBMIT_LABELS = {"profile": ["next", "done"], "checkout": ["next", "next", "done"], "gift": ["next"], "tasks": ["next", "next"]}


@pytest.fixture
def sources(solo, server):
    """`{settings index: {screen: [lines, with tags]}}` straight from the page's screen modules."""
    solo.open(server)
    return {index: solo.driver.execute_async_script("""
        const [settings, done] = arguments;
        Promise.all(['profile', 'checkout', 'gift', 'tasks'].map((id) =>
            import(`./js/screens/${id}.js`).then((module) => [id, module.default.code(settings)])))
            .then((entries) => done(Object.fromEntries(entries)), (error) => done(String(error)));
    """, settings) for index, settings in enumerate(SETTINGS)}


def swift(lines):
    return [TAGS.sub("", line) for line in lines]


def unbalanced(lines):
    """The first bracket problem in Swift source, skipping comments, string and regex literals; None if balanced."""
    text = "\n".join(lines)
    pairs = {")": "(", "]": "[", "}": "{"}
    stack = []
    index = 0
    while index < len(text):
        char = text[index]
        if text.startswith("//", index):
            end = text.find("\n", index)
            index = len(text) if end < 0 else end
            continue
        if text.startswith("#/", index):
            index = text.index("/#", index + 2) + 2
            continue
        if char == '"':
            index += 1
            while text[index] != '"':
                index += 2 if text[index] == "\\" else 1
        elif char in "([{":
            stack.append((char, text.count("\n", 0, index) + 1))
        elif char in ")]}":
            if not stack or stack[-1][0] != pairs[char]:
                return f"unexpected {char!r} on line {text.count(chr(10), 0, index) + 1}"
            stack.pop()
        index += 1
    return f"unclosed {stack[-1][0]!r} from line {stack[-1][1]}" if stack else None


@pytest.mark.parametrize("screen", SCREENS)
def test_each_screen_shows_the_swift_the_phone_runs(sources, screen):
    for index, settings in enumerate(SETTINGS):
        lines = swift(sources[index][screen])
        missing = [fragment for fragment in REQUIRED[screen] if fragment not in lines]
        assert not missing, f"{screen} {settings}: missing {missing}"
        labels = re.findall(r"\.submitLabel\(\.(\w+)\)", "\n".join(lines))
        assert labels == SUBMIT_LABELS[screen], f"{screen}: submit labels {labels} should match the phone's keyboard"
        problem = unbalanced(lines)
        assert problem is None, f"{screen} {settings}: {problem}"
        assert all(line == line.rstrip() and "\t" not in line for line in lines), f"{screen}: stray white space"


@pytest.mark.parametrize("screen", SCREENS)
def test_the_animation_switch_rewrites_every_screens_focus_moves(sources, screen):
    for index, settings in enumerate(SETTINGS):
        lines = swift(sources[index][screen])
        text = "\n".join(lines)
        if settings["animatedFocusChange"]:
            assert "withTransaction" not in text, f"{screen}: animated moves are plain assignments"
            assert "        focus = field" in lines
        else:
            assert text.count("withTransaction(Transaction(animation: nil)) {") == 1, f"{screen}: one mover, without animation"
            assert "            focus = field" in lines
        direct = [line.strip() for line in lines if re.search(r"\bfocus = \.", line)]
        assert direct == DIRECT_FOCUS[screen], \
            f"{screen}: field-to-field moves should go through move(to:), found direct assignments {direct}"


def test_checkout_shows_the_mistaken_binding_only_with_the_switch_on(sources):
    for index, settings in enumerate(SETTINGS):
        lines = swift(sources[index]["checkout"])
        mistaken = "                .focused($focus, equals: .name) // ⚠︎ twice"
        if settings["ambiguousAddressBinding"]:
            assert mistaken in lines and "                .focused($focus, equals: .address)" not in lines
        else:
            assert mistaken not in lines and "                .focused($focus, equals: .address)" in lines


def test_every_tag_is_one_the_code_panel_can_match(sources):
    for index, screen in itertools.product(range(len(SETTINGS)), SCREENS):
        for line in sources[index][screen]:
            match = TAGS.search(line)
            for tag in match.group(1).split(",") if match else []:
                assert TAG.match(tag), f"{screen}: {tag!r} on {line.strip()!r} is not a tag any update produces"


@pytest.mark.parametrize("index", range(len(SETTINGS)), ids=lambda index: "-".join(
    name for name, on in SETTINGS[index].items() if on) or "defaults")
def test_the_four_screens_type_check_as_one_module(sources, index, tmp_path):
    """SwiftUI exists only on Apple's systems; SwiftUIStandIn.swift declares the parts the snippets
    use with SwiftUI's signatures, so Swift 6 (strict concurrency) checks names, labels and types."""
    swiftc = shutil.which("swiftc")
    assert swiftc, "swiftc should be on PATH (make test builds the server with it)"
    files = [str(STAND_IN)]
    for screen in SCREENS:
        path = tmp_path / f"{screen}.swift"
        lines = ["import Foundation" if line == "import SwiftUI" else line for line in swift(sources[index][screen])]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        files.append(str(path))
    result = subprocess.run([swiftc, "-typecheck", "-swift-version", "6", *files],
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, f"{SETTINGS[index]}: the Swift shown does not compile:\n{result.stderr}"


def test_the_type_check_finds_a_wrong_label(tmp_path):
    right = 'struct V: View {\n    @State private var text = ""\n    var body: some View { TextField("A", text: $text) }\n}\n'
    for name, source in [("right", right), ("wrong", right.replace("text: $text", "txt: $text"))]:
        (tmp_path / f"{name}.swift").write_text(source, encoding="utf-8")
    results = {name: subprocess.run([shutil.which("swiftc"), "-typecheck", "-swift-version", "6", str(STAND_IN),
                                     str(tmp_path / f"{name}.swift")], capture_output=True, text=True, timeout=300, check=False)
               for name in ("right", "wrong")}
    assert results["right"].returncode == 0, results["right"].stderr
    assert results["wrong"].returncode != 0, "a wrong argument label should not type-check"
    assert "wrong.swift:3:" in results["wrong"].stderr, results["wrong"].stderr


def test_the_bracket_check_finds_a_missing_brace():
    assert unbalanced(["struct A {", '    let b = "}"', "    // }"]) == "unclosed '{' from line 1"
    assert unbalanced(["f(a))"]) == "unexpected ')' on line 1"
    assert unbalanced(["let r = #/\\(/#", "g()"]) is None
