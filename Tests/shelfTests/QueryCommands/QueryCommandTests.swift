import Foundation
import Testing

/// `shelf ls QUERY`: the query language end to end, including arguments that start with `-`,
/// unknown options and malformed queries.
@Suite struct QueryCommandTests {
    typealias L = QueryCommandLibrary

    @Test func aCompoundQuery() throws {
        #expect(try L.ls(["tag:sci-fi rating:>=4"]) == [L.leftHand])
        #expect(try L.ls(["tag:sci-fi status:read"]) == [L.dune, L.leftHand])
    }

    @Test func aQueryMaySpreadOverSeveralArguments() throws {
        #expect(try L.ls(["tag:sci-fi", "rating:>=4"]) == [L.leftHand])
        #expect(try L.ls(["le", "guin"]) == [L.ancillary, L.dispossessed, L.leftHand, L.earthsea])
    }

    @Test func orAndParentheses() throws {
        #expect(try L.ls(["tag:sci-fi (author:\"le guin\" OR author:banks) -status:to-read"]) == [L.leftHand, L.player])
        #expect(try L.ls(["(tag:fantasy OR tag:sci-fi) rating:5"]) == [L.guards, L.leftHand])
        #expect(try L.ls(["status:dnf OR status:reading"]) == [L.player, L.solaris, L.earthsea])
        // AND binds tighter than OR.
        #expect(try L.ls(["author:herbert status:read OR tag:humor"]) == [L.dune, L.guards])
    }

    @Test func aQueryStartingWithADashIsANegationNotAnOption() throws {
        #expect(try L.ls(["-has:rating"]) == [L.dispossessed, L.messiah, L.hobbit, L.player, L.hailMary, L.earthsea])
        #expect(try L.ls(["-tag:sci-fi", "-tag:fantasy"]) == [L.ancillary, L.godel])
        #expect(try L.ls(["-has:rating", "status:read"]) == [L.hobbit])
        #expect(try L.ls(["NOT", "has:rating", "status:read"]) == [L.hobbit])
    }

    @Test func aNegationMayComeAfterTheOptions() throws {
        let library = try L.make()
        let result = try library.run(
            ["ls", "--format", "paths", "-has:rating", "--sort", "added"],
            environment: ["SHELF_TODAY": L.today])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == [L.hailMary, L.player, L.dispossessed, L.earthsea, L.messiah, L.hobbit])
    }

    @Test(arguments: ["--tagg", "--frmat", "--has-rating"])
    func anUnknownOptionIsAUsageError(option: String) throws {
        let result = try L.run(["ls", option, "sci-fi"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.contains(option), "\(result)")
    }

    @Test func anUnknownOptionIsAnErrorForSearchAndCollectionsToo() throws {
        for command in ["search", "authors", "series"] {
            let result = try L.run([command, "--tagg", "x"])
            #expect(result.status == 64, "\(command): \(result)")
            #expect(result.stderr.contains("--tagg"), "\(command): \(result)")
        }
    }

    @Test func wordsPhrasesAndPrefixes() throws {
        #expect(try L.ls(["estraven"]) == [L.leftHand])
        #expect(try L.ls(["estr"]) == [L.leftHand])
        #expect(try L.ls(["godel"]) == [L.godel])
        #expect(try L.ls(["stanislaw"]) == [L.solaris])
        #expect(try L.ls(["\"gobrin ice\""]) == [L.leftHand])
        #expect(try L.ls(["\"ice gobrin\""]) == [])
        #expect(try L.ls(["0441478123"]) == [L.leftHand])
        #expect(try L.ls(["sci-fi"]) == [L.dispossessed, L.dune, L.messiah, L.guards, L.leftHand, L.player, L.hailMary, L.solaris])
    }

    @Test func fieldsAndDates() throws {
        #expect(try L.ls(["isbn:9780441478125"]) == [L.leftHand])
        #expect(try L.ls(["title:=dune"]) == [L.dune])
        #expect(try L.ls(["title:/^the /"]) == [L.dispossessed, L.hobbit, L.leftHand, L.player])
        #expect(try L.ls(["finished:2023-01..2023-06"]) == [L.godel, L.leftHand])
        #expect(try L.ls(["added:>2024-06"]) == [L.ancillary, L.dispossessed, L.player, L.hailMary])
        #expect(try L.ls(["added:>=2024-06"]) == [L.ancillary, L.dispossessed, L.player, L.hailMary, L.earthsea])
    }

    @Test func relativeDatesCountFromShelfToday() throws {
        // 30 days before 2025-06-10 is 2025-05-11, when Ancillary Justice was added.
        #expect(try L.ls(["added:>-30d"]) == [L.player, L.hailMary])
        #expect(try L.ls(["added:>=-30d"]) == [L.ancillary, L.player, L.hailMary])
        let library = try L.make()
        let later = try library.run(["ls", "added:>-30d", "--format", "paths"], environment: ["SHELF_TODAY": "2025-06-25"])
        #expect(later.stdoutLines == [L.hailMary], "\(later)")
    }

    @Test func savedQueries() throws {
        #expect(try L.ls(["@keepers"]) == [L.guards, L.leftHand])
        #expect(try L.ls(["@keepers", "tag:sci-fi"]) == [L.leftHand])
        #expect(try L.ls(["@reading"]) == [L.player, L.earthsea])
        #expect(try L.ls(["@to-read"]) == [L.dispossessed, L.messiah, L.hailMary])
        #expect(try L.ls(["@recent"]) == [L.hobbit])
        #expect(try L.ls(["@unrated"]) == [L.hobbit])
    }

    @Test func shelfYamlMayRedefineABuiltInQuery() throws {
        let config = L.config.replacingOccurrences(
            of: "queries:\n", with: "queries:\n  reading: \"status:reading tag:fantasy\"\n  loop: \"tag:x @loop\"\n")
        let library = try TemporaryLibrary(config: config, books: L.books)
        let reading = try library.run(["ls", "@reading", "--format", "paths"], environment: ["SHELF_TODAY": L.today])
        #expect(reading.status == 0, "\(reading)")
        #expect(reading.stdoutLines == [L.earthsea])
        let loop = try library.run(["ls", "@loop"], environment: ["SHELF_TODAY": L.today])
        #expect(loop.status == 1, "\(loop)")
        #expect(loop.stderr.hasPrefix("shelf: in @loop: "), "\(loop)")
        #expect(loop.stderr.contains("@loop refers to itself"), "\(loop)")
    }

    @Test func aMalformedQueryFailsWithTheColumnCaret() throws {
        let result = try L.run(["ls", "rating:>=x"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr == "shelf: 'x' is not a number (column 10)\n  rating:>=x\n           ^\n")
    }

    @Test func anUnclosedParenthesisPointsAtIt() throws {
        let result = try L.run(["ls", "tag:sci-fi (author:banks"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "shelf: the '(' opened here is not closed (column 12)\n  tag:sci-fi (author:banks\n             ^\n")
    }

    @Test func theColumnCountsAcrossSeveralArguments() throws {
        let result = try L.run(["ls", "le", "guin", "\"gobrin"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "shelf: the quote opened here is not closed (column 9)\n  le guin \"gobrin\n          ^\n")
    }

    @Test(arguments: [
        (["search", "dune)"], "unmatched ')' (column 5)"),
        (["authors", "OR dune"], "OR and AND go between two terms (column 1)"),
        (["series", "status:someday"], "'someday' is not a status"),
        (["ls", "@nope"], "no saved query @nope"),
        (["ls", "@broken"], "in @broken: 'x' is not a number (column 1)"),
        (["ls", "title:/[/"], "is not a valid regular expression"),
    ])
    func everyQueryCommandRefusesAMalformedQuery(args: [String], message: String) throws {
        let result = try L.run(args)
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("shelf: "), "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
        #expect(result.stderrLines.last?.trimmingCharacters(in: .whitespaces) == "^", "\(result)")
    }
}
