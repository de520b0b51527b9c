import Foundation
import Testing
@testable import ShelfKit

/// Where test material lives, found from this source file (no resources in Package.swift).
enum Fixtures {
    /// `Tests/ShelfKitTests/Fixtures`.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // ShelfKitTests
        .appendingPathComponent("Fixtures")

    /// The package root (the folder holding Package.swift).
    static let packageRoot =
        folder
        .deletingLastPathComponent()  // ShelfKitTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `../shared/fixtures` beside the project: reference material written by others. It may be missing.
    static let shared = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")

    /// The names of the tricky corpus's book files, sorted.
    static var trickyNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("tricky").path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted()
    }

    /// The exact bytes of `tricky/<name>`.
    static func tricky(_ name: String) throws -> [UInt8] {
        try bytes(of: folder.appendingPathComponent("tricky").appendingPathComponent(name))
    }

    /// `tricky/<name minus .md>.expected.json`: the front matter as PyYAML reads it.
    static func expected(for name: String) throws -> ExpectedValue {
        let base = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        let url = folder.appendingPathComponent("tricky").appendingPathComponent(base + ".expected.json")
        return try JSONDecoder().decode(ExpectedValue.self, from: Data(contentsOf: url))
    }

    static func bytes(of url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }

    /// Files under `folder` (recursively) whose names end with `suffix`, sorted; empty when the folder is missing.
    static func files(under folder: URL, suffix: String) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        for case let url as URL in enumerator where url.lastPathComponent.hasSuffix(suffix) {
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }
}

/// The front matter of a file that must have one.
func frontMatter(_ bytes: [UInt8]) throws -> FrontMatter {
    let parsed = try BookDocument(bytes: bytes).frontMatter
    guard let parsed else { throw TestFailure("the file has no front matter") }
    return parsed
}

/// The error a document throws, or nil when it reads.
func documentError(_ bytes: [UInt8]) -> DocumentError? {
    do {
        _ = try BookDocument(bytes: bytes)
        return nil
    } catch {
        return error
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The book read from a file whose front matter is `yaml` (without the `---` lines).
func book(_ yaml: String, path: String = "book.md") throws -> Book? {
    Book(path: path, frontMatter: try frontMatter(Array("---\n\(yaml)---\nNotes.\n".utf8)))
}

/// The book read from `yaml`, which must be one.
func requireBook(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Book {
    try #require(try book(yaml), "not a book: \(yaml.debugDescription)", sourceLocation: sourceLocation)
}
