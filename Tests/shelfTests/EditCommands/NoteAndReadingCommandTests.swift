import Foundation
import Testing

/// `note`, `notes`, `rate`, `start`, `finish` and `abandon` on the built binary, at the fixed
/// clock SHELF_TODAY=2024-03-02, SHELF_NOW=21:14.
@Suite struct NoteAndReadingCommandTests {
    @Test func noteAppendsATimestampedNoteAtTheEnd() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        let result = try expectEditSuccess(["note", "dune", "The desert as", "an ecology."], in: library)
        #expect(result.stdout == "updated dune.md\n")
        try expectEditFile("dune.md", in: library, equals: editDune + "\n### 2024-03-02 21:14\n\nThe desert as an ecology.\n")
    }

    @Test func noteReadsStandardInput() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\r\ntitle: Dune\r\n---\r\nBody")])
        try expectEditSuccess(["note", "dune"], in: library, stdin: "Line one.\n\n- a list\n", environment: ["SHELF_NOW": "08:05"])
        try expectEditFile(
            "dune.md", in: library,
            equals: "---\r\ntitle: Dune\r\n---\r\nBody\r\n\r\n### 2024-03-02 08:05\r\n\r\nLine one.\r\n\r\n- a list")
    }

    @Test func anEmptyNoteIsRefused() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try expectEditFailure(["note", "dune"], in: library, stderrContains: "empty")
        try expectEditFailure(["note", "dune", "  "], in: library)
    }

    @Test func notesListsTheNotes() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try expectEditSuccess(["note", "dune", "First."], in: library)
        try expectEditSuccess(["note", "dune", "Second."], in: library, environment: ["SHELF_TODAY": "2024-03-05", "SHELF_NOW": "07:00"])
        let text = try expectEditSuccess(["notes", "dune"], in: library)
        #expect(text.stdout == "My notes.\n\n── 2024-03-02 21:14\nFirst.\n\n── 2024-03-05 07:00\nSecond.\n", "\(text)")
        let json = try parseJSONArray(try expectEditSuccess(["notes", "dune", "--json"], in: library).stdout)
        #expect(json.count == 3)
        #expect(json.last?["timestamp"] as? String == "2024-03-05 07:00")
        #expect(json.last?["text"] as? String == "Second.")
        #expect(json.first?["timestamp"] is NSNull)
    }

    @Test
    func notesInACRLFFile() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\r\ntitle: Dune\r\n---\r\nFree.\r\n")])
        try expectEditSuccess(["note", "dune", "First."], in: library)
        let json = try parseJSONArray(try expectEditSuccess(["notes", "dune", "--json"], in: library).stdout)
        #expect(json.count == 2, "\(json)")
    }

    @Test func rateSetsAndClearsTheRating() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\nrating: 3  # first read\n---\n")])
        try expectEditSuccess(["rate", "dune", "5"], in: library)
        try expectEditFile("dune.md", in: library, equals: "---\ntitle: Dune\nrating: 5  # first read\n---\n")
        try expectEditSuccess(["rate", "dune", "none"], in: library)
        try expectEditFile("dune.md", in: library, equals: "---\ntitle: Dune\n---\n")
        try expectEditSuccess(["rate", "dune", "4"], in: library)
        try expectEditFile("dune.md", in: library, equals: "---\ntitle: Dune\nrating: 4\n---\n")
    }

    @Test func rateWritesToTheRatingAliasTheFileUses() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\nstars: 3\n---\n")])
        try expectEditSuccess(["rate", "dune", "2"], in: library)
        try expectEditFile("dune.md", in: library, equals: "---\ntitle: Dune\nstars: 2\n---\n")
    }

    @Test func startSetsStatusAndToday() throws {
        let library = try TemporaryLibrary(books: [("dune.md", editDune)])
        try expectEditSuccess(["start", "dune"], in: library)
        try expectEditFile(
            "dune.md", in: library,
            equals: """
                ---
                title: Dune  # the first one
                authors:
                  - Frank Herbert
                isbn: '9780441172719'
                status: reading
                tags: [sci-fi, Classics]
                mood: "cozy"
                started: 2024-03-02
                ---
                My notes.

                """)
    }

    @Test func anExistingDateIsKeptUnlessDateIsGiven() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\nstatus: to-read\nstarted: 2023-12-24\n---\n")])
        try expectEditSuccess(["start", "dune"], in: library)
        try expectEditFile("dune.md", in: library, equals: "---\ntitle: Dune\nstatus: reading\nstarted: 2023-12-24\n---\n")
        try expectEditSuccess(["start", "dune", "--date", "2024-01-05"], in: library)
        try expectEditFile("dune.md", in: library, equals: "---\ntitle: Dune\nstatus: reading\nstarted: 2024-01-05\n---\n")
        try expectEditFailure(["start", "dune", "--date", "2024-02-30"], in: library)
    }

    @Test func finishWithARating() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\ntitle: Dune\nstatus: reading\nstarted: 2024-01-05\n---\n")])
        try expectEditSuccess(["finish", "dune", "--rating", "4"], in: library)
        try expectEditFile(
            "dune.md", in: library,
            equals: "---\ntitle: Dune\nstatus: read\nstarted: 2024-01-05\nfinished: 2024-03-02\nrating: 4\n---\n")
        // Finishing again keeps the finish date.
        let again = try expectEditSuccess(["finish", "dune"], in: library)
        #expect(again.stdout == "unchanged dune.md\n")
        try expectEditFailure(["finish", "dune", "--rating", "7"], in: library)
        try expectEditFailure(["finish", "dune", "--rating", "0"], in: library)
    }

    @Test func abandonSetsStatusAndTheDayYouStopped() throws {
        let library = try TemporaryLibrary(books: [("dune.md", "---\r\ntitle: Dune\r\nstatus: reading # since Jan\r\n---\r\n")])
        try expectEditSuccess(["abandon", "dune"], in: library)
        try expectEditFile(
            "dune.md", in: library, equals: "---\r\ntitle: Dune\r\nstatus: abandoned # since Jan\r\nfinished: 2024-03-02\r\n---\r\n")
        try expectEditSuccess(["abandon", "dune", "--date", "2024-02-01"], in: library)
        try expectEditFile(
            "dune.md", in: library, equals: "---\r\ntitle: Dune\r\nstatus: abandoned # since Jan\r\nfinished: 2024-02-01\r\n---\r\n")
    }
}
