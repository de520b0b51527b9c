import Foundation
import Testing

/// Setting a value to what shelf already shows writes nothing: a title that comes from the
/// note's first heading or its file name, and a title YAML would read as a number (`1984`),
/// which shelf reads as the text it shows.
@Suite struct ShownValueEditTests {
    static let books = [
        ("heading.md", "---\nauthor: Frank Herbert\n---\n# Dune\n\nNotes.\n"),
        ("Some Book.md", "---\nauthor: Somebody\nrating: 4\n---\nno heading\n"),
        ("orwell.md", "---\ntitle: 1984\nauthor: George Orwell\n---\n"),
        ("year.md", "---\ntitle: 2001\nsubtitle: 42\n---\n"),
    ]

    @Test(arguments: [
        ["set", "heading", "title=Dune"], ["set", "Some Book", "title=Some Book"], ["set", "orwell", "title=1984"],
        ["set", "year", "subtitle=42"], ["set", "year", "title=2001", "subtitle=42"],
    ])
    func settingTheShownValueWritesNothing(_ args: [String]) throws {
        let library = try TemporaryLibrary(books: Self.books)
        let before = try library.snapshot()
        let result = try library.run(args)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("unchanged "), "\(result)")
        #expect(try library.snapshot() == before)
    }

    @Test func anotherTitleIsWrittenAsBefore() throws {
        let library = try TemporaryLibrary(books: Self.books)
        #expect(try library.run(["set", "heading", "title=Dune Messiah"]).status == 0)
        #expect(
            try String(decoding: library.bytes("heading.md"), as: UTF8.self)
                == "---\nauthor: Frank Herbert\ntitle: Dune Messiah\n---\n# Dune\n\nNotes.\n")
        #expect(try library.run(["set", "orwell", "title=1985"]).status == 0)
        #expect(try String(decoding: library.bytes("orwell.md"), as: UTF8.self) == "---\ntitle: \"1985\"\nauthor: George Orwell\n---\n")
    }
}

/// A re-read keeps the vault's own date keys, their quoting and their comments: the latest read
/// stays under them, the earlier one goes to `reads:`. (`date_read:` was removed, `finished:`
/// added, `"2015-05-08"` unquoted and `# first time, on the train` lost.)
@Suite struct OwnKeyRereadTests {
    static let dune =
        "---\ntitle: Dune\nstatus: read\ndate_started: \"2015-04-30\"\n"
        + "date_read: \"2015-05-08\"  # first time, on the train\nrating: 4\n---\n\nNotes.\n"

    @Test func startAndFinishKeepTheVaultsKeysQuotingAndComment() throws {
        let library = try TemporaryLibrary(books: [("dune.md", Self.dune)])
        let started = try library.run(["start", "dune", "--date", "2026-11-20"])
        #expect(started.status == 0, "\(started)")
        #expect(
            try String(decoding: library.bytes("dune.md"), as: UTF8.self)
                == "---\ntitle: Dune\nstatus: reading\ndate_started: \"2026-11-20\"\n"
                + "date_read:   # first time, on the train\nrating: 4\n"
                + "reads:\n  - {started: 2015-04-30, finished: 2015-05-08, rating: 4}\n---\n\nNotes.\n")
        let finished = try library.run(["finish", "dune", "--date", "2026-11-28"])
        #expect(finished.status == 0, "\(finished)")
        #expect(
            try String(decoding: library.bytes("dune.md"), as: UTF8.self)
                == "---\ntitle: Dune\nstatus: read\ndate_started: \"2026-11-20\"\n"
                + "date_read: \"2026-11-28\"   # first time, on the train\nrating: 4\n"
                + "reads:\n  - {started: 2015-04-30, finished: 2015-05-08, rating: 4}\n---\n\nNotes.\n")
        let json = try parseJSONArray(try library.run(["ls", "--format", "json"]).stdout)
        #expect(json.first?["finished"] as? String == "2026-11-28")
        #expect((json.first?["reads"] as? [[String: Any]])?.count == 1)
    }

    @Test func shelfsOwnKeysStillGoAsBefore() throws {
        let library = try TemporaryLibrary(books: [
            ("dune.md", "---\ntitle: Dune\nstatus: read\nstarted: 2015-04-30\nfinished: 2015-05-08\n---\n")
        ])
        #expect(try library.run(["start", "dune", "--date", "2026-11-20"]).status == 0)
        #expect(
            try String(decoding: library.bytes("dune.md"), as: UTF8.self)
                == "---\ntitle: Dune\nstatus: reading\nstarted: 2026-11-20\n"
                + "reads:\n  - {started: 2015-04-30, finished: 2015-05-08}\n---\n")
    }
}
