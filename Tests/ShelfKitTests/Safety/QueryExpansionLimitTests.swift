import Testing
@testable import ShelfKit

/// Saved queries that loop or explode are refused at once, naming the query.
@Suite struct QueryExpansionLimitTests {
    private let today = BookDate(year: 2024, month: 5, day: 1)

    /// `@q0` is a word; each `@qN` uses `@q(N-1)` twice, so `@q30` would be 2^30 words.
    private func doubling(_ depth: Int) -> [String: String] {
        var saved = ["q0": "dune"]
        for level in 1...depth { saved["q\(level)"] = "@q\(level - 1) OR @q\(level - 1)" }
        return saved
    }

    private func error(_ query: String, saved: [String: String]) -> QueryError? {
        do {
            _ = try QueryParser(savedQueries: saved, today: today).parse(query)
            return nil
        } catch {
            return error
        }
    }

    @Test func aQueryDoublingThirtyTimesIsRefusedNamingIt() throws {
        let failure = try #require(error("@q30", saved: doubling(30)))
        #expect(failure.message.hasPrefix("in @q30: saved queries expand to more than 10000 terms"), "\(failure)")
        #expect(failure.message.contains("@q30 → @q29"), "\(failure)")
    }

    @Test func aModestlyNestedQueryStillExpands() throws {
        let expression = try QueryParser(savedQueries: doubling(8), today: today).parse("@q8")
        guard case .or(let parts) = expression else {
            Issue.record("expected an OR, got \(expression)")
            return
        }
        #expect(parts.count == 2)
    }

    @Test func queriesUsingEachOtherInACircleAreRefused() throws {
        let failure = try #require(error("@a", saved: ["a": "status:read @b", "b": "tag:x OR @c", "c": "@a"]))
        #expect(failure.message == "in @a: @a refers to itself (@a → @b → @c → @a)", "\(failure)")
        let direct = try #require(error("@self", saved: ["self": "dune @self"]))
        #expect(direct.message.contains("@self refers to itself"), "\(direct)")
    }

    @Test func aChainDeeperThanTheLimitIsRefused() throws {
        var saved: [String: String] = ["n0": "dune"]
        for level in 1...150 { saved["n\(level)"] = "@n\(level - 1)" }
        let failure = try #require(error("@n150", saved: saved))
        #expect(failure.message.contains("nest more than 100 deep"), "\(failure)")
    }

    @Test func deeplyNestedParenthesesAndNegationsAreRefusedNotACrash() throws {
        let parentheses = String(repeating: "(", count: 1_000) + "dune" + String(repeating: ")", count: 1_000)
        #expect(try #require(error(parentheses, saved: [:])).message.contains("nests more than 100 levels"))
        let notWords = String(repeating: "NOT ", count: 2_000) + "dune"
        #expect(try #require(error(notWords, saved: [:])).message.contains("nests more than 100 levels"))
        // Far deeper still: refused by length before any recursion.
        let huge = String(repeating: "(", count: 100_000) + "dune" + String(repeating: ")", count: 100_000)
        #expect(try #require(error(huge, saved: [:])).message.contains("longer than 10000 terms"))
    }
}
