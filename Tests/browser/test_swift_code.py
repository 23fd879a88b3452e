"""The seed screens a session opened at `/` runs (Public/examples/seeds/) are SwiftUI as Apple's
compiler reads it: joined as the server joins them, they type-check as one module against
SwiftUI's signatures (SwiftUIStandIn.swift, Swift 6 with strict concurrency), and the check itself
finds a wrong argument label."""

import shutil
import subprocess
from pathlib import Path

from program_page import example

STAND_IN = Path(__file__).with_name("SwiftUIStandIn.swift")
# The seed files in the order the server joins them (Sources/FocusSyncServer/Application/SeedProgram.swift).
SEEDS = ["profile", "checkout", "gift", "tasks"]


def type_check(*files):
    swiftc = shutil.which("swiftc")
    assert swiftc, "swiftc should be on PATH (make test builds the server with it)"
    return subprocess.run([swiftc, "-typecheck", "-swift-version", "6", str(STAND_IN), *map(str, files)],
                          capture_output=True, text=True, timeout=300, check=False)


def test_the_seed_screens_type_check_as_one_module(tmp_path):
    """SwiftUI exists only on Apple's systems; the stand-in declares the parts the seeds use with
    SwiftUI's signatures, so the check covers names, labels and types."""
    source = "\n".join(example(f"seeds/{name}.swift") for name in SEEDS)
    path = tmp_path / "seeds.swift"
    path.write_text(source.replace("import SwiftUI\n", "import Foundation\n"), encoding="utf-8")
    result = type_check(path)
    assert result.returncode == 0, f"the seed screens do not compile as SwiftUI:\n{result.stderr}"


def test_the_type_check_finds_a_wrong_label(tmp_path):
    right = 'struct V: View {\n    @State private var text = ""\n    var body: some View { TextField("A", text: $text) }\n}\n'
    for name, source in [("right", right), ("wrong", right.replace("text: $text", "txt: $text"))]:
        (tmp_path / f"{name}.swift").write_text(source, encoding="utf-8")
    results = {name: type_check(tmp_path / f"{name}.swift") for name in ("right", "wrong")}
    assert results["right"].returncode == 0, results["right"].stderr
    assert results["wrong"].returncode != 0, "a wrong argument label should not type-check"
    assert "wrong.swift:3:" in results["wrong"].stderr, results["wrong"].stderr
