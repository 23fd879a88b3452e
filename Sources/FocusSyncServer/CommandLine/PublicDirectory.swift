import Foundation

/// Finds the page's folder when `--public` is not given: `Public/` in the working directory,
/// else `Public/` of the checkout the executable was built from.
public enum PublicDirectory {
    public static func locate(explicit: String?, checkoutSourceFile: String = #filePath) -> String {
        if let explicit { return explicit }
        let local = FileManager.default.currentDirectoryPath + "/Public"
        if FileManager.default.fileExists(atPath: local + "/index.html") { return local }
        // #filePath is Sources/FocusSyncServer/CommandLine/PublicDirectory.swift in the checkout.
        let checkout = URL(fileURLWithPath: checkoutSourceFile)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidate = checkout.appendingPathComponent("Public").path
        return FileManager.default.fileExists(atPath: candidate) ? candidate : local
    }
}
