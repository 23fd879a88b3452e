import Foundation

/// The child process of `SQLiteStorageTests`: a writer to `kill -9`, or an open as another user.
let usage = """
    usage: storage-test-child append <folder> [--here]
           storage-test-child open <database> [--as-user <uid>]
    """

let arguments = Array(CommandLine.arguments.dropFirst())
switch (arguments.first, arguments.count) {
case ("append", 2):
    CrashWriter.run(folder: arguments[1], here: false)
case ("append", 3) where arguments[2] == "--here":
    CrashWriter.run(folder: arguments[1], here: true)
case ("open", 2):
    OpenProbe.run(path: arguments[1], userID: nil)
case ("open", 4) where arguments[2] == "--as-user":
    OpenProbe.run(path: arguments[1], userID: UInt32(arguments[3]))
default:
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(64)
}
