import Foundation
import Testing

/// Typos in queries, statuses, tags and book names get the nearest known spelling; errors point
/// at the wrong character; an empty result is explained from the query typed; counts agree with
/// their nouns.
@Suite struct QueryHintTests {
    @Test func aMistypedFieldKeyIsNamedWithTheNearest() throws {
        let library = try FirstHour.library()
        let result = try library.run(["ls", "ratng:5"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "", "\(result)")
        #expect(result.stderr == "shelf: no book has a field 'ratng'; did you mean 'rating'?\n", "\(result)")
        let has = try library.run(["ls", "has:publsher"])
        #expect(has.stderr == "shelf: no book has a field 'publsher'; did you mean 'publisher'?\n", "\(has)")
        // A key of the user's own that some book has is no typo.
        try library.write("mood.md", bookFile("title: Mood Book\nmood: cozy"))
        let own = try library.run(["ls", "mood:grim"])
        #expect(own.stderr == "", "a fair question with an empty answer is no slip: \(own)")
    }

    @Test func aMistypedTagGetsTheNearestOnATerminal() throws {
        let library = try FirstHour.library()
        guard let tag = try ViewTerminal.run(["ls", "--tag", "scifi"], in: library.root) else { return }
        #expect(tag.status == 0, "\(tag)")
        #expect(tag.stdout == "shelf: no book has the tag 'scifi'; did you mean 'sci-fi'?\n", "\(tag)")
        let inQuery = try #require(try ViewTerminal.run(["ls", "tag:clasics"], in: library.root))
        #expect(inQuery.stdout == "shelf: no book has the tag 'clasics'; did you mean 'classics'?\n", "\(inQuery)")
        // A script gets the empty answer it asked for, without the explanation.
        let piped = try library.run(["ls", "--tag", "scifi"])
        #expect(piped.status == 0 && piped.stdout == "" && piped.stderr == "", "\(piped)")
    }

    @Test func aMistypedStatusIsRefusedWithTheNearest() throws {
        let library = try FirstHour.library()

        let status = try library.run(["ls", "status:finishd"])
        #expect(status.status == 1, "\(status)")
        #expect(
            status.stderr == """
                shelf: 'finishd' is not a status (to-read, reading, read, abandoned); did you mean 'finished'? (column 8)
                  status:finishd
                         ^

                """, "\(status)")
    }

    @Test func aBadFlagValueIsNamedByItsFlag() throws {
        let library = try FirstHour.library()
        let status = try library.run(["ls", "--status", "finishd"])
        #expect(status.status == 1, "\(status)")
        #expect(
            status.stderr == "shelf: --status: 'finishd' is not a status (to-read, reading, read, abandoned); did you mean 'finished'?\n",
            "\(status)")
        let date = try library.run(["ls", "--finished-after", "2024-13"])
        #expect(date.stderr.hasPrefix("shelf: --finished-after: '2024-13' is not a date"), "\(date)")
    }

    @Test func aMistypedStatusInAnEditIsRefusedWithTheNearest() throws {
        let library = try FirstHour.library()
        let before = try library.snapshot()
        let result = try library.run(["set", "dune", "status=finishd"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("'finishd' is not a status (did you mean 'finished'?)"), "\(result)")
        #expect(try library.snapshot() == before)
    }

    @Test func aBookNameThatFindsNothingSuggestsATitle() throws {
        let library = try FirstHour.library()
        let before = try library.snapshot()
        for (name, title) in [("lft hand", "The Left Hand of Darkness"), ("anna karenin", "Anna Karenina"), ("dnue", "Dune")] {
            let result = try library.run(["rate", name, "2"])
            #expect(result.status == 1, "\(name): \(result)")
            #expect(result.stderr.contains("no book matches '\(name)'; did you mean '\(title)'?"), "\(name): \(result)")
        }
        let none = try library.run(["show", "zzzzzz"])
        #expect(none.status == 1 && !none.stderr.contains("did you mean"), "\(none)")
        #expect(try library.snapshot() == before)
    }

    @Test func theCaretPointsAtTheWrongCharacter() throws {
        let library = try FirstHour.library()
        let cases: [(String, String)] = [
            ("rating:>x", "shelf: 'x' is not a number (column 9)\n  rating:>x\n          ^\n"),
            (
                "tag:sci-fi pages:100..abc",
                "shelf: 'abc' is neither a number nor a date (column 23)\n  tag:sci-fi pages:100..abc\n                        ^\n"
            ),
            // A date's caret goes under the wrong part: the month here, the day of 2024-02-30.
            (
                "dune finished:>=2024-13-99",
                "shelf: '2024-13-99' is not a date (YYYY, YYYY-MM, YYYY-MM-DD or -30d, -2w, -6m, -1y) (column 22)\n  dune finished:>=2024-13-99\n                       ^\n"
            ),
            (
                "finished:2024-02-30",
                "shelf: '2024-02-30' is not a date (YYYY, YYYY-MM, YYYY-MM-DD or -30d, -2w, -6m, -1y) (column 18)\n  finished:2024-02-30\n                   ^\n"
            ),
            (
                "finished:20x4",
                "shelf: '20x4' is not a date (YYYY, YYYY-MM, YYYY-MM-DD or -30d, -2w, -6m, -1y) (column 10)\n  finished:20x4\n           ^\n"
            ),
            (
                "author:x status:\"nope\"",
                "shelf: 'nope' is not a status (to-read, reading, read, abandoned) (column 18)\n  author:x status:\"nope\"\n                   ^\n"
            ),
            ("title:/a(/", "shelf: 'a(' is not a valid regular expression (column 8)\n  title:/a(/\n         ^\n"),
            // Wide characters take two columns on a terminal; the caret stays under the value.
            ("书 rating:>x", "shelf: 'x' is not a number (column 11)\n  书 rating:>x\n             ^\n"),
        ]
        for (query, expected) in cases {
            let result = try library.run(["ls", query])
            #expect(result.status == 1, "\(query): \(result)")
            #expect(result.stderr == expected, "\(query): \(result)")
        }
    }

    @Test func theEmptyResultHintComesFromTheQueryTyped() throws {
        let library = try FirstHour.library()
        guard let search = try ViewTerminal.run(["search", "estravn"], in: library.root) else { return }
        #expect(search.status == 0, "\(search)")
        // The hint looks at every word of every book's notes: the name is in The Left Hand of Darkness's.
        #expect(
            search.stdout
                == "No books match.\nshelf: no book holds the word 'estravn' (nor a word starting with it); did you mean 'estraven'?\n",
            "\(search)")
        let typo = try #require(try ViewTerminal.run(["search", "darknes", "hand"], in: library.root))
        #expect(typo.stdout.contains("shelf: no book holds the word 'darknes'; did you mean 'darkness'?"), "\(typo)")
        #expect(!typo.stdout.contains("estr"), "a canned hint: \(typo)")
        // Each term finds books, but none finds them all.
        let apart = try #require(try ViewTerminal.run(["ls", "tag:russian", "rating:5"], in: library.root))
        #expect(
            apart.stdout
                == "shelf: 'tag:russian' matches 1 book, 'rating:5' matches 1 book; no book matches them all (join terms with OR to widen)\n",
            "\(apart)")
        // On a pipe: the bare answer, no canned advice.
        let piped = try library.run(["search", "estravn"])
        #expect(piped.stderr == "No books match.\n", "\(piped)")
        // A result is never explained.
        let found = try library.run(["ls", "tag:russian"])
        #expect(found.stderr == "" && found.stdoutLines.count == 2, "\(found)")
    }

    @Test func countsAgreeWithTheirNouns() throws {
        let library = try FirstHour.library()
        try library.write("broken.md", "---\ntitle: [unclosed\n---\n")
        let check = try library.run(["check"])
        #expect(check.stderr.contains("1 error, 0 warnings."), "\(check)")
        #expect(!check.stderr.contains("1 errors"), "\(check)")
        let stats = try library.run(["stats", "--no-pager"], environment: ["SHELF_TODAY": "2025-06-15"])
        #expect(stats.stdout.contains("4 books"), "\(stats)")
        let one = try TemporaryLibrary(books: [FirstHour.books[0]])
        let single = try one.run(["stats"], environment: ["SHELF_TODAY": "2025-06-15"])
        #expect(single.stdout.contains("1 book") && !single.stdout.contains("1 books"), "\(single)")
    }
}
