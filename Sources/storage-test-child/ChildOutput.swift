import Foundation

/// One line on standard output, written at once: the parent reads it while the child runs, and
/// a line still in a buffer would die with the child.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
