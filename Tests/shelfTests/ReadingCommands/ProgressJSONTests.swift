import Foundation
import Testing

/// The `progress:` log in `show`, `ls` and `export json` on the built binary: objects a program
/// can use, and `import json` writing the same lines back from them (or from an older export's
/// strings).
@Suite struct ProgressJSONTests {
    /// A log with each kind of position, a line written otherwise than shelf writes it, and one
    /// shelf cannot read.
    static let dune = """
        ---
        title: Dune
        pages: 412
        status: reading
        started: 2026-01-04
        progress:
          - 2026-01-05 page 120
          - 2026-01-06 37%
          - 2026-01-07 37.5%
          - 2026-01-08 3h20m
          - 2026-01-09 p130
          - after the storm
        ---
        Notes.

        """

    static let log =
        #"[{"date": "2026-01-05","page": 120},{"date": "2026-01-06","percent": 37},"#
        + #"{"date": "2026-01-07","percent": 37.5},{"date": "2026-01-08","minutes": 200},"#
        + #"{"date": "2026-01-09","page": 130,"written": "2026-01-09 p130"},"after the storm"]"#

    /// The output with its line breaks and indents taken out: `"key": value,"key": value`.
    static func compact(_ text: String) -> String {
        text.replacingOccurrences(of: "\n *", with: "", options: .regularExpression)
    }

    @Test func showLsAndExportGiveEachLineAsAnObject() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        let shown = Self.compact(try expectEditSuccess(["show", "dune", "--format", "json"], in: library).stdout)
        #expect(shown.contains(#""progress": "# + Self.log + ","), "\(shown)")
        let listed = Self.compact(try expectEditSuccess(["ls", "--format", "json"], in: library).stdout)
        #expect(listed.contains(#""progress": "# + Self.log), "\(listed)")
        let exported = Self.compact(try expectEditSuccess(["export", "json"], in: library).stdout)
        #expect(exported.contains(#""progress": "# + Self.log), "\(exported)")
    }

    @Test func anExportImportsBackWithTheSameLines() throws {
        let original = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        let exported = original.path("export.json")
        try expectEditSuccess(["export", "json", "-o", exported], in: original)
        let fresh = try TemporaryLibrary()
        try expectEditSuccess(["import", "json", exported], in: fresh)
        let restored = String(decoding: try fresh.bytes("dune.md"), as: UTF8.self)
        #expect(Self.progressLines(restored) == Self.progressLines(Self.dune), "\(restored)")
        #expect(Self.progressLines(restored).count == 7)
        // The restored book answers as the original did.
        #expect(
            try expectEditSuccess(["show", "dune", "--format", "json"], in: fresh).stdout
                == (try expectEditSuccess(["show", "dune", "--format", "json"], in: original).stdout))
        let again = try expectEditSuccess(["import", "json", exported], in: fresh)
        #expect(interchangeSummary(again).hasSuffix(": 0 created, 0 updated, 1 unchanged, 0 skipped."), "\(again)")
    }

    @Test func anOlderExportWithTheLinesAsStringsStillImports() throws {
        let older = """
            [{"path": "dune.md", "title": "Dune", "status": "reading", "started": "2026-01-04",
              "progress": ["2026-01-05 page 120", "2026-01-06 37%", "2026-01-08 3h20m"], "notes": ""}]
            """
        let fresh = try TemporaryLibrary()
        try fresh.write("older.json", older)
        try expectEditSuccess(["import", "json", "older.json"], in: fresh)
        let restored = String(decoding: try fresh.bytes("dune.md"), as: UTF8.self)
        #expect(
            Self.progressLines(restored) == ["progress:", "  - 2026-01-05 page 120", "  - 2026-01-06 37%", "  - 2026-01-08 3h20m"],
            "\(restored)")
    }

    /// The `progress:` line and its items.
    static func progressLines(_ file: String) -> [String] {
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "progress:") else { return [] }
        return [lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix("  - ") }
    }
}
