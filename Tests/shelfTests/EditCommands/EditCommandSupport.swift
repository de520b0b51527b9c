import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Helpers for the end-to-end tests of the edit commands. They build on the shared support in
// Tests/shelfTests/Support (TemporaryLibrary, run, CommandResult, FolderSnapshot); every name
// here starts with `edit` / `Edit` so nothing clashes with other folders of the target.

/// The date and time every edit command test runs at.
let editClock = ["SHELF_TODAY": "2024-03-02", "SHELF_NOW": "21:14"]

/// The book most tests edit: comments, quoted values, a flow tag list, a body.
let editDune = """
    ---
    title: Dune  # the first one
    authors:
      - Frank Herbert
    isbn: '9780441172719'
    status: to-read
    tags: [sci-fi, Classics]
    mood: "cozy"
    ---
    My notes.

    """

extension TemporaryLibrary {
    /// Runs shelf at the fixed test clock.
    func editRun(_ args: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> CommandResult {
        try run(args, environment: editClock.merging(environment) { $1 }, stdin: stdin)
    }

    /// The text of a file, decoded as UTF-8.
    func editText(_ relative: String) throws -> String {
        String(decoding: try bytes(relative), as: UTF8.self)
    }

    /// True when a file exists at `relative`.
    func editExists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path(relative))
    }

    /// Sets the modification time of every file below the root to a fixed moment in the past,
    /// so a later write is visible as a changed modification time.
    func editAgeFiles() throws {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return }
        while let relative = walker.nextObject() as? String {
            var times = [timeval(tv_sec: 1_000_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000_000, tv_usec: 0)]
            _ = utimes(path(relative), &times)
        }
    }

    /// Hidden temporary files shelf may have left anywhere below the root.
    func editTemporaryFiles() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if name.hasPrefix(".shelf-") && name.hasSuffix(".tmp") { found.append(relative) }
        }
        return found
    }
}

/// Runs a command that must fail, and checks that it changed nothing in the library (bytes and
/// modification times of every file) and said why on standard error.
func expectEditFailure(
    _ args: [String], in library: TemporaryLibrary, stderrContains needle: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try library.editAgeFiles()
    let before = try library.snapshot()
    let result = try library.editRun(args)
    #expect(result.status != 0, "\(args) should fail\n\(result)", sourceLocation: sourceLocation)
    #expect(!result.stderr.isEmpty, "\(args) should say why", sourceLocation: sourceLocation)
    if let needle {
        #expect(result.stderr.contains(needle), "\(args): stderr lacks '\(needle)'\n\(result)", sourceLocation: sourceLocation)
    }
    let after = try library.snapshot()
    #expect(after == before, "\(args) changed \(after.differences(from: before))", sourceLocation: sourceLocation)
}

/// Checks that a command succeeds, printing `result` on failure.
@discardableResult
func expectEditSuccess(
    _ args: [String], in library: TemporaryLibrary, stdin: String? = nil, environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> CommandResult {
    let result = try library.editRun(args, stdin: stdin, environment: environment)
    #expect(result.status == 0, "\(args)\n\(result)", sourceLocation: sourceLocation)
    return result
}

/// Compares a file's bytes with the expected text, showing both on failure.
func expectEditFile(
    _ relative: String, in library: TemporaryLibrary, equals expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let actual = try library.bytes(relative)
    #expect(
        actual == Array(expected.utf8),
        "\(relative)\n--- expected ---\n\(expected)\n--- actual ---\n\(String(decoding: actual, as: UTF8.self))",
        sourceLocation: sourceLocation)
}
