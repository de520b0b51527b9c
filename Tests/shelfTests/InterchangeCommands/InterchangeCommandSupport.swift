import Foundation
import Testing

// Helpers for the end-to-end tests of `shelf import` and `shelf export`. Every name here starts
// with `interchange` / `Interchange` so nothing clashes with other folders of the target.

/// The export files written in each service's shape, kept with the ShelfKit tests.
enum InterchangeCommandFixtures {
    static let folder = repositoryRoot().appendingPathComponent("Tests/ShelfKitTests/Interchange/Fixtures")

    static func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }
}

extension TemporaryLibrary {
    /// The text of a file, decoded as UTF-8.
    func interchangeText(_ relative: String) throws -> String {
        String(decoding: try bytes(relative), as: UTF8.self)
    }

    /// The library's book files (`*.md` below the root, hidden ones left out), sorted.
    func interchangeBookFiles() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix(".md") && !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                found.append(relative)
            }
        }
        return found.sorted()
    }

    /// The body (everything after the closing `---` line) of every book file, by path.
    func interchangeBodies() throws -> [String: String] {
        var bodies: [String: String] = [:]
        for path in interchangeBookFiles() {
            // Split bytes, not Characters: "\r\n" is one Character and would hide a CRLF line.
            let lines = try bytes(path).split(separator: 0x0A, omittingEmptySubsequences: false)
            guard let close = lines.dropFirst().firstIndex(where: { Array($0) == Array("---".utf8) || Array($0) == Array("---\r".utf8) })
            else { continue }
            bodies[path] = String(decoding: Array(lines[(close + 1)...].joined(separator: [0x0A])), as: UTF8.self)
        }
        return bodies
    }

    /// The lines of `shelf-imports.txt` that record books (its comments left out); empty when
    /// there is no such file.
    func interchangeRecords() throws -> [String] {
        let path = root.appendingPathComponent("shelf-imports.txt").path
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return try interchangeText("shelf-imports.txt").split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    /// The line of `shelf-imports.txt` recording the book `id` at `source` (`goodreads 42`).
    func interchangeRecord(_ source: String, _ id: String) throws -> String? {
        try interchangeRecords().first { $0.hasPrefix("\(source) \(id) ") }
    }

    /// Imports `csv` from `source` on `day` (`SHELF_TODAY`), the export kept outside the library
    /// so that snapshots of it see only the books and `shelf-imports.txt`.
    func interchangeImport(
        _ csv: String, from source: String = "goodreads", on day: String, update: Bool = true
    ) throws -> CommandResult {
        let export = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-export-\(UUID().uuidString).csv")
        try Data(csv.utf8).write(to: export)
        defer { try? FileManager.default.removeItem(at: export) }
        return try run(["import", source] + (update ? ["--update"] : []) + [export.path], environment: ["SHELF_TODAY": day])
    }

    /// Runs shelf and requires success.
    @discardableResult
    func interchangeRun(_ args: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandResult {
        let result = try run(args, stdin: stdin)
        #expect(result.status == 0, "\(args)\n\(result)", sourceLocation: sourceLocation)
        return result
    }
}

/// The last line of standard error: the import summary.
func interchangeSummary(_ result: CommandResult) -> String {
    result.stderrLines.first { $0.contains(" import of ") } ?? ""
}

/// A library whose books exercise every part of the file format a round trip must keep.
func interchangeTrickyLibrary() throws -> TemporaryLibrary {
    try TemporaryLibrary(books: [
        (
            "le-guin-the-left-hand-of-darkness.md",
            """
            ---
            title: The Left Hand of Darkness  # a comment
            author: Ursula K. Le Guin
            isbn: 0441478123
            status: read
            rating: 5
            tags: sci-fi, classics
            added: 2022-12-30
            finished: 2023-02-02 21:10
            series: Hainish Cycle
            series_index: 4
            published: 1969
            pages: 304
            favorite: yes
            mood: cold
            copies:
              - format: paperback
                condition: worn
                price: 7.99
            ---

            Estraven.

            ### 2024-03-02 21:14
            A timestamped note.

            """
        ),
        (
            "classics/orwell-1984.md",
            "---\r\ntitle: \"1984\"\r\nauthors: [George Orwell]\r\nzip: \"02134\"\r\ncount: 3\r\nempty: \"\"\r\nnothing:\r\n---\r\nCRLF body.\r\n"
        ),
        ("no-notes.md", "---\ntitle: 'Yes'\nlanguage: en\nmeta: {a: 1, b: [x, y]}\n---"),
        (
            "unicode.md",
            "---\ntitle: Gödel, Escher, Bach\nauthors: [Douglas Hofstadter]\ntags: [\"#maths\", Ökologie]\nnotes: my own key\n---\n\nBody with <script>alert(1)</script> & more.\n"
        ),
    ])
}
