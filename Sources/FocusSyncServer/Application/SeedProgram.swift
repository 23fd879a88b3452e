import Foundation

/// The program a session runs when it is created without a source: the four seed screens, read
/// from their `.swift` files under the public folder (`examples/seeds/`, the same files the
/// page's Examples menu opens) and run as one source, one screen each in this order.
enum SeedProgram {
    /// The seed files, in the order their screens appear.
    static let files = ["profile.swift", "checkout.swift", "gift.swift", "tasks.swift"]

    /// Where the seed files sit inside the public folder.
    static let folder = "examples/seeds"

    /// The four files joined into one source.
    /// - Throws: ``StartupError/missingSeeds(_:)`` naming the first file that cannot be read.
    static func read(publicDirectory: String) throws(StartupError) -> String {
        let base = URL(fileURLWithPath: publicDirectory).appendingPathComponent(folder)
        var parts: [String] = []
        for name in files {
            let file = base.appendingPathComponent(name)
            guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                throw .missingSeeds(file.path)
            }
            parts.append(text)
        }
        return parts.joined(separator: "\n")
    }
}
