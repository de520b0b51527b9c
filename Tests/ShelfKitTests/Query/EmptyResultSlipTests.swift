import Testing
@testable import ShelfKit

/// A script hears of an empty answer only when the query holds a slip (a field shelf does not
/// know); whether it can is decided from the query alone, so no library is loaded for nothing.
@Suite struct EmptyResultSlipTests {
    static func mayFindSlip(_ query: String) throws -> Bool {
        EmptyResultHints.mayFindSlip(in: try QueryParser(savedQueries: [:], today: QueryTestLibrary.today).parse(query))
    }

    @Test func onlyAFieldShelfDoesNotKnowMayBeASlip() throws {
        #expect(try Self.mayFindSlip("ratng:5"))
        #expect(try Self.mayFindSlip("has:publsher"))
        #expect(try Self.mayFindSlip("tag:x OR mood:grim"))
        #expect(try Self.mayFindSlip("water (ratng:5 OR tag:x)"))
        #expect(try !Self.mayFindSlip("tag:scifi"))
        #expect(try !Self.mayFindSlip("rating:>=4 finished:2024 water"))
        #expect(try !Self.mayFindSlip("\"the reader\" has:isbn"))
        // Under NOT a term is never explained.
        #expect(try !Self.mayFindSlip("-ratng:5"))
    }
}
