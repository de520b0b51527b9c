import Foundation
import Testing

/// `shelf ls QUERY --format …` in every format, and `--group-by`.
@Suite struct QueryCommandFormatTests {
    typealias L = QueryCommandLibrary

    static func output(_ args: [String], in folder: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try L.run(args, in: folder)
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr == "", "\(result)", sourceLocation: sourceLocation)
        return result.stdout
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    @Test func table() throws {
        let expected =
            [
                Self.pad("TITLE", 12) + "  " + Self.pad("AUTHOR", 13) + "  " + Self.pad("STATUS", 7) + "  RATING  TAGS",
                Self.pad("Dune", 12) + "  Frank Herbert  " + Self.pad("read", 7) + "  ★★★☆☆   sci-fi/space",
                "Dune Messiah  Frank Herbert  to-read          sci-fi/space",
            ].joined(separator: "\n") + "\n"
        #expect(try Self.output(["ls", "title:dune"]) == expected)
        #expect(try Self.output(["ls", "title:dune", "--format", "table"]) == expected)
    }

    @Test func aTableFitsTheWidth() throws {
        let library = try L.make()
        let result = try library.run(["ls", "tag:sci-fi"], environment: ["SHELF_TODAY": L.today, "COLUMNS": "60"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.count == 8)
        for line in result.stdoutLines { #expect(displayColumns(line) <= 60, "\(line)") }
        #expect(result.stdout.contains("…"))
    }

    @Test func plain() throws {
        #expect(try Self.output(["ls", "author:herbert", "--format", "plain"]) == "Dune — Frank Herbert\nDune Messiah — Frank Herbert\n")
    }

    @Test func json() throws {
        for flags in [["--format", "json"], ["--json"]] {
            let books = try parseJSONArray(try Self.output(["ls", "title:dune"] + flags))
            #expect(books.map { $0["path"] as? String } == [L.dune, L.messiah])
            #expect(books.map { $0["title"] as? String } == ["Dune", "Dune Messiah"])
            #expect(books.first?["rating"] as? Int == 3)
            #expect(books.map { $0["authors"] as? [String] } == [["Frank Herbert"], ["Frank Herbert"]])
            #expect(books.first?["score"] == nil)
        }
        #expect(try Self.output(["ls", "title:nonesuch", "--format", "json"]).trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
    }

    @Test func csv() throws {
        #expect(
            try Self.output(["ls", "title:dune", "--format", "csv"])
                == [
                    "path,title,authors,isbn,status,rating,tags,added,started,finished,series,series_index,publisher,published,pages",
                    "herbert-dune.md,Dune,Frank Herbert,,read,3,sci-fi/space,2021-03-01,,2022-11-20,Dune,1,,,",
                    "herbert-dune-messiah.md,Dune Messiah,Frank Herbert,,to-read,,sci-fi/space,2021-03-01,,,Dune,2,,,",
                ].map { $0 + "\r\n" }.joined())
    }

    @Test func paths() throws {
        #expect(
            try Self.output(["ls", "author:\"le guin\"", "--format", "paths"])
                == [L.dispossessed, L.leftHand, L.earthsea].map { $0 + "\n" }.joined())
        // From a folder inside the library, paths are relative to it.
        #expect(
            try Self.output(["ls", "author:\"le guin\"", "--format", "paths"], in: "classics")
                == "../\(L.dispossessed)\n../\(L.leftHand)\nle-guin-a-wizard-of-earthsea.md\n")
    }

    /// Folder names are compared byte for byte, as the file system compares them: from `café`
    /// spelt with a combining accent, a book in `café` spelt with one letter `é` (another folder)
    /// is named from the root, not as if it were in the current folder.
    @Test func pathsFromAFolderInsideAreNamedByItsBytes() throws {
        let library = try TemporaryLibrary(books: [
            ("cafe\u{301}/mine.md", "---\ntitle: Mine\n---\n"),
            ("caf\u{E9}/other.md", "---\ntitle: Other\n---\n"),
        ])
        for cache in [[], ["--no-cache"], []] {
            let result = try library.run(cache + ["ls", "--format", "paths"], in: "cafe\u{301}")
            #expect(result.status == 0, "\(result)")
            #expect(Array(result.stdout.utf8) == Array("mine.md\n../caf\u{E9}/other.md\n".utf8), "\(cache): \(result.stdout)")
        }
    }

    /// From a folder outside the library (`--library` elsewhere), each path is absolute, in the
    /// index's order and from a plain read alike.
    @Test func pathsFromOutsideTheLibraryAreAbsolute() throws {
        let library = try L.make()
        let elsewhere = try TemporaryLibrary(config: nil)
        let expected = [L.dispossessed, L.leftHand, L.earthsea].map { library.path($0) + "\n" }.joined()
        for cache in [[], ["--no-cache"], []] {
            let result = try run(
                cache + ["--library", library.root.path, "ls", "author:\"le guin\"", "--format", "paths"], in: elsewhere.root,
                environment: ["SHELF_TODAY": L.today])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout == expected, "\(cache)")
        }
    }

    @Test func template() throws {
        #expect(
            try Self.output(["ls", "author:herbert", "--format", "{title} — {authors}"])
                == "Dune — Frank Herbert\nDune Messiah — Frank Herbert\n")
        #expect(
            try Self.output(["ls", "series:dune", "--format", "{series} #{series_index}: {title} ({status}, {rating})"])
                == "Dune #1: Dune (read, 3)\nDune #2: Dune Messiah (to-read, )\n")
        #expect(
            try Self.output(["ls", "@keepers", "--format", "{path}\t{tags}"])
                == "\(L.guards)\tfantasy, humor\n\(L.leftHand)\tsci-fi, classics\n")
    }

    @Test func groupByStatusInPlainText() throws {
        #expect(
            try Self.output(["ls", "tag:sci-fi", "--group-by", "status", "--format", "plain"]) == """
                to-read (3)
                The Dispossessed — Ursula K. Le Guin
                Dune Messiah — Frank Herbert
                Project Hail Mary — Andy Weir

                reading (1)
                The Player of Games — Iain M. Banks

                read (2)
                Dune — Frank Herbert
                The Left Hand of Darkness — Ursula K. Le Guin

                abandoned (1)
                Solaris — Stanisław Lem

                """)
    }

    @Test func groupByAListFieldPutsABookInSeveralGroups() throws {
        #expect(
            try Self.output(["ls", "author:\"le guin\"", "--group-by", "tags", "--format", "paths"]) == """
                classics (2)
                \(L.leftHand)
                \(L.earthsea)

                fantasy (1)
                \(L.earthsea)

                sci-fi (1)
                \(L.leftHand)

                sci-fi/utopia (1)
                \(L.dispossessed)

                """)
    }

    @Test func groupByADateGroupsByYearNewestFirstInJSON() throws {
        let output = try Self.output(["ls", "tag:sci-fi", "--group-by", "finished", "--format", "json"])
        let groups = try parseJSONArray(output)
        #expect(groups.map { $0["group"] as? String } == ["2023", "2022", nil])
        #expect(groups.last.map { $0["group"] is NSNull } == true)
        #expect(groups.map { $0["count"] as? Int } == [2, 1, 4])
        let paths = groups.map { ($0["books"] as? [[String: Any]] ?? []).map { $0["path"] as? String ?? "" } }
        #expect(paths == [[L.leftHand, L.solaris], [L.dune], [L.dispossessed, L.messiah, L.player, L.hailMary]])
    }

    @Test func groupByInATable() throws {
        let output = try Self.output(["ls", "author:herbert", "--group-by", "author"])
        #expect(output.hasPrefix("Frank Herbert (2)\nTITLE"), "\(output)")
        #expect(output.components(separatedBy: "\n").filter { $0.hasPrefix("Dune") }.count == 2)
    }

    @Test func groupByFollowsTheSortWithinEachGroup() throws {
        #expect(
            try Self.output(["ls", "author:\"le guin\"", "--group-by", "author", "--sort", "added", "--format", "paths"])
                == "Ursula K. Le Guin (3)\n\(L.dispossessed)\n\(L.earthsea)\n\(L.leftHand)\n")
    }
}
