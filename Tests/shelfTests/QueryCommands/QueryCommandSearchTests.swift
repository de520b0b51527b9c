import Foundation
import Testing

/// `shelf search`: ranked results that say where they matched.
@Suite struct QueryCommandSearchTests {
    typealias L = QueryCommandLibrary

    static func search(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandResult {
        let result = try L.run(["search"] + args)
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return result
    }

    static func json(_ args: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let result = try search(args + ["--format", "json"], sourceLocation: sourceLocation)
        return try parseJSONArray(result.stdout)
    }

    static func matches(_ object: [String: Any]) -> [[String]] {
        (object["matches"] as? [[String: Any]] ?? []).map { [$0["field"] as? String ?? "?", $0["snippet"] as? String ?? "?"] }
    }

    @Test func humanOutputSaysWhereItMatchedWithASnippet() throws {
        let result = try Self.search(["estraven"])
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                The Left Hand of Darkness — Ursula K. Le Guin  \(L.leftHand)
                  Matched in notes: "…Ai spends half the book misreading Estraven, and so did I. The long crossing of the gobrin…"

                """)
    }

    @Test func aPrefixFindsTheWholeWord() throws {
        let result = try Self.search(["estr"])
        #expect(result.stdoutLines.first == "The Left Hand of Darkness — Ursula K. Le Guin  \(L.leftHand)")
        #expect(result.stdout.contains("Matched in notes: \"…Ai spends half the book misreading Estraven"))
    }

    @Test func jsonCarriesScoreAndMatches() throws {
        let results = try Self.json(["dune"])
        #expect(results.map { $0["path"] as? String } == [L.dune, L.messiah, L.ancillary])
        #expect(results.map { $0["score"] as? Double } == [10, 10, 1])
        #expect(isJSONNumber(results.first?["score"]))
        #expect(
            results.map(Self.matches) == [
                [["title", "Dune"], ["series", "Dune"]],
                [["title", "Dune Messiah"], ["series", "Dune"]],
                [["notes", "…by way of Banks. Better than Dune, for me."]],
            ])
        #expect(results.first?["title"] as? String == "Dune")
    }

    @Test func humanOutputForSeveralFields() throws {
        // The title match is not repeated when the book matched elsewhere too.
        let result = try Self.search(["dune"])
        #expect(
            result.stdout == """
                Dune — Frank Herbert  \(L.dune)
                  Matched in series: "Dune"
                Dune Messiah — Frank Herbert  \(L.messiah)
                  Matched in series: "Dune"
                Ancillary Justice — Ann Leckie  \(L.ancillary)
                  Matched in notes: "…by way of Banks. Better than Dune, for me."

                """)
    }

    @Test func authorsBeatNotes() throws {
        let results = try Self.json(["banks"])
        #expect(results.map { $0["path"] as? String } == [L.player, L.ancillary])
        #expect(results.map { $0["score"] as? Double } == [6, 1])
        #expect(
            results.map(Self.matches) == [
                [["authors", "Iain M. Banks"]],
                [["notes", "…like Le Guin by way of Banks. Better than Dune, for me."]],
            ])
    }

    @Test func tagsBeatNotesAndEqualScoresSortByTitle() throws {
        // `sci` is whole in the tags `sci-fi…` (4) and in Guards' notes (1).
        let results = try Self.json(["sci"])
        #expect(
            results.map { $0["path"] as? String } == [
                L.dispossessed, L.dune, L.messiah, L.leftHand, L.player, L.hailMary, L.solaris, L.guards,
            ])
        #expect(results.map { $0["score"] as? Double } == [4, 4, 4, 4, 4, 4, 4, 1])
        #expect(Self.matches(results[6]) == [["tags", "SCI-FI"]])
    }

    @Test func scoresAddUpOverTheWords() throws {
        let results = try Self.json(["le", "guin"])
        #expect(results.map { $0["path"] as? String } == [L.dispossessed, L.leftHand, L.earthsea, L.ancillary])
        #expect(results.map { $0["score"] as? Double } == [12, 12, 12, 2])
    }

    @Test func aPhraseInTheNotes() throws {
        let results = try Self.json(["\"gobrin ice\""])
        #expect(results.map { $0["path"] as? String } == [L.leftHand])
        #expect(Self.matches(results[0]) == [["notes", "…I. The long crossing of the gobrin ice is the heart of the novel."]])
    }

    @Test func fieldsNarrowASearch() throws {
        let results = try Self.json(["tag:fantasy"])
        #expect(results.map { $0["path"] as? String } == [L.guards, L.hobbit, L.earthsea])
        #expect(results.map { $0["score"] as? Double } == [0, 0, 0])
        #expect(try Self.json(["le", "guin", "tag:fantasy"]).map { $0["path"] as? String } == [L.earthsea])
    }

    @Test func limitAndOtherFormats() throws {
        #expect(try Self.search(["dune", "--limit", "1", "--format", "paths"]).stdout == "\(L.dune)\n")
        #expect(
            try Self.search(["banks", "--format", "plain"]).stdout
                == "The Player of Games — Iain M. Banks\nAncillary Justice — Ann Leckie\n")
    }

    @Test func noResultsSaysSoOnStderr() throws {
        let result = try Self.search(["zzzz"])
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("No books match."), "\(result)")
        #expect(try Self.json(["zzzz"]).isEmpty)
    }
}
