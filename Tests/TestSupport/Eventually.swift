/// Waits until `condition` holds, checking every few milliseconds; false after `timeout`. The one
/// polling wait of the async tests (`DescriptorPressure.waitUntil` is the one for a thread that
/// must not start tasks).
public func eventually(timeout: Duration = .seconds(5), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// A test's own failure with a sentence.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
