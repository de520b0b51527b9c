import Foundation
@testable import ShelfKit
import Testing

/// `shelf export` on the built binary: json restores the library, csv reads back in a real CSV
/// parser, goodreads imports back.
@Suite struct ExportCommandTests {
    @Test func aJSONExportImportedIntoANewLibraryGivesTheSameBooksAndNotes() throws {
        let original = try interchangeTrickyLibrary()
        let fresh = try TemporaryLibrary()
        let exported = original.path("export.json")
        try original.interchangeRun(["export", "json", "-o", exported])
        let result = try fresh.interchangeRun(["import", "json", exported])
        #expect(interchangeSummary(result).hasSuffix(": 4 created, 0 updated, 0 unchanged, 0 skipped."), "\(result)")

        let before = try original.interchangeRun(["ls", "--format", "json"]).stdout
        let after = try fresh.interchangeRun(["ls", "--format", "json"]).stdout
        #expect(after == before)
        let bodies = (try original.interchangeBodies(), try fresh.interchangeBodies())
        #expect(
            bodies.1 == bodies.0,
            "\(bodies.0.filter { bodies.1[$0.key] != $0.value }) vs \(bodies.1.filter { bodies.0[$0.key] != $0.value })")
        #expect(fresh.interchangeBookFiles() == original.interchangeBookFiles())

        let again = try fresh.interchangeRun(["import", "json", exported])
        #expect(interchangeSummary(again).hasSuffix(": 0 created, 0 updated, 4 unchanged, 0 skipped."))
    }

    @Test func theJSONExportHasEveryFieldOwnKeysAndTheNotes() throws {
        let library = try interchangeTrickyLibrary()
        let books = try parseJSONArray(try library.interchangeRun(["export", "json"]).stdout)
        let left = try #require(books.first { $0["title"] as? String == "The Left Hand of Darkness" })
        #expect(left["path"] as? String == "le-guin-the-left-hand-of-darkness.md")
        #expect(left["mood"] as? String == "cold")
        #expect((left["copies"] as? [[String: Any]])?.first?["condition"] as? String == "worn")
        #expect(left["notes"] as? String == "\nEstraven.\n\n### 2024-03-02 21:14\nA timestamped note.\n")
    }

    @Test(.enabled(if: ExportCommandTests.python != nil, "python3 is needed to read the CSV with another parser"))
    func theCSVExportReadsBackInPythonsCSVModuleWithFormulasNeutralised() throws {
        let library = try TemporaryLibrary(books: [
            (
                "a.md",
                "---\ntitle: \"=HYPERLINK(\\\"http://x\\\",\\\"click\\\")\"\nauthors: [\"+Plus\", \"Comma, Name\"]\ntags: [\"@at\", \"-minus\", \"line\\nbreak\"]\n---\n"
            ),
            ("b.md", "---\ntitle: 'Quotes \"inside\", and commas'\nrating: 4\n---\n"),
        ])
        let csv = try library.interchangeRun(["export", "csv"]).stdout
        let script = "import csv, json, sys\nprint(json.dumps(list(csv.DictReader(sys.stdin))))"
        let rows = try parseJSONArray(try interchangeRunProcess(try #require(Self.python), ["-c", script], stdin: csv))
        #expect(rows.count == 2)
        let first = try #require(rows.first { $0["path"] as? String == "a.md" })
        #expect(first["title"] as? String == "'=HYPERLINK(\"http://x\",\"click\")")
        #expect(first["authors"] as? String == "'+Plus; Comma, Name")
        #expect(first["tags"] as? String == "'@at; -minus; line\nbreak")
        let second = try #require(rows.first { $0["path"] as? String == "b.md" })
        #expect(second["title"] as? String == "Quotes \"inside\", and commas")
        #expect(second["rating"] as? String == "4")
        #expect(rows.allSatisfy { row in row.values.compactMap { $0 as? String }.allSatisfy { !"=+-@\t\r".contains($0.first ?? "x") } })
    }

    /// Two things change on the way: an ISBN-10 comes back as its ISBN-13 (Goodreads' ISBN13
    /// column is preferred), and a series without a position is lost (Goodreads keeps a series
    /// only in the title, as `(Series, #N)`).
    @Test func aGoodreadsExportImportsBackAsTheSameBooks() throws {
        let original = try TemporaryLibrary()
        try original.interchangeRun(["import", "goodreads", InterchangeCommandFixtures.path("goodreads-31-columns.csv")])
        let exported = original.path("goodreads.csv")
        try original.interchangeRun(["export", "goodreads", "-o", exported])
        let fresh = try TemporaryLibrary()
        try fresh.interchangeRun(["import", "goodreads", exported])
        let keys = [
            "title", "authors", "isbn", "status", "rating", "tags", "added", "finished", "series", "series_index", "publisher", "pages",
        ]
        func summary(_ library: TemporaryLibrary) throws -> [String] {
            try parseJSONArray(try library.interchangeRun(["ls", "--format", "json"]).stdout).map { book in
                keys.map { key -> String in
                    var value = book[key].map { "\($0)" } ?? "-"
                    if key == "isbn", value.count == 10 { value = "978" + value.prefix(9) + "…" }
                    if key == "isbn", value.count == 13 { value = value.prefix(12) + "…" }
                    if key == "series", book["series_index"] == nil { value = "-" }
                    return "\(key)=\(value)"
                }.joined(separator: " ")
            }
        }
        let summaries = (try summary(original), try summary(fresh))
        #expect(summaries.1 == summaries.0, "\(zip(summaries.0, summaries.1).filter { $0 != $1 })")
        let bodies = (try original.interchangeBodies(), try fresh.interchangeBodies())
        #expect(
            bodies.1 == bodies.0,
            "\(bodies.0.filter { bodies.1[$0.key] != $0.value }) vs \(bodies.1.filter { bodies.0[$0.key] != $0.value })")
    }

    @Test func aQuerySelectsTheBooksAndOutputGoesToStandardOutput() throws {
        let library = try interchangeTrickyLibrary()
        let csv = try library.interchangeRun(["export", "csv", "tag:sci-fi"]).stdout
        let lines = csv.split(separator: "\r\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("path,title,subtitle,authors,isbn,status,rating,tags,") == true)
        #expect(
            lines.last?.hasPrefix(
                "le-guin-the-left-hand-of-darkness.md,The Left Hand of Darkness,,Ursula K. Le Guin,0441478123,read,5,sci-fi; classics,")
                == true)
    }

    static let python: String? =
        ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        } ?? interchangeWhich("python3")
}

/// Runs a program, feeding `stdin`, and returns its standard output; fails on a non-zero exit
/// or when it is still running after `timeout` seconds (it and its process group are killed).
func interchangeRunProcess(_ executable: String, _ arguments: [String], stdin: String = "", timeout: TimeInterval = 120) throws -> String {
    let result = try ChildProcess(
        executable, arguments: arguments, standardInput: .pipe, standardOutput: .pipe, standardError: .pipe,
        processGroup: .new
    ).run(input: Array(stdin.utf8), timeout: timeout)
    let errors = String(decoding: result.standardError, as: UTF8.self)
    if result.timedOut { throw ShelfTestError("\(executable) timed out after \(Int(timeout)) s: \(errors)") }
    guard result.termination.succeeded else {
        throw ShelfTestError("\(executable) \(arguments) failed (\(result.termination)): \(errors)")
    }
    return String(decoding: result.standardOutput, as: UTF8.self)
}

/// The path of a program on `$PATH`, or nil.
func interchangeWhich(_ name: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
