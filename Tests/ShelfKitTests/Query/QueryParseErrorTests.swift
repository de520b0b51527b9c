import Testing
@testable import ShelfKit

/// docs/query.md, "Errors and hints": a malformed query is refused with the 1-based column of the
/// character that is wrong (in a field's value, the value's own character, not the term's start).
@Suite struct QueryParseErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var query: String
        var column: Int
        /// A part of the message that says what is wrong.
        var message: String
        var testDescription: String { query }
    }

    @Test(arguments: [
        Case(query: "\"gobrin ice", column: 1, message: "the quote opened here is not closed"),
        Case(query: "estraven \"gobrin", column: 10, message: "the quote opened here is not closed"),
        Case(query: "title:\"left hand", column: 7, message: "the quote opened here is not closed"),
        Case(query: "tag:sci-fi (author:banks", column: 12, message: "the '(' opened here is not closed"),
        Case(query: "((dune)", column: 1, message: "the '(' opened here is not closed"),
        Case(query: "dune)", column: 5, message: "unmatched ')'"),
        Case(query: "(dune))", column: 7, message: "unmatched ')'"),
        Case(query: ") dune", column: 1, message: "unmatched ')'"),
        Case(query: "title:", column: 7, message: "'title:' needs a value"),
        Case(query: "dune title: messiah", column: 12, message: "'title:' needs a value"),
        Case(query: "rating:>=", column: 10, message: "'rating:' needs a value"),
        Case(query: "rating:>=x", column: 10, message: "'x' is not a number"),
        Case(query: "dune rating:>=x", column: 15, message: "'x' is not a number"),
        Case(query: "pages:many", column: 7, message: "'many' is not a number"),
        Case(query: "rating:1..x", column: 11, message: "'x' is neither a number nor a date"),
        Case(query: "finished:2023-13", column: 15, message: "'2023-13' is not a date"),
        Case(query: "added:>-30x", column: 8, message: "'-30x' is not a date"),
        Case(query: "status:\"bogus\"", column: 9, message: "'bogus' is not a status"),
        Case(query: "pages:1..x", column: 10, message: "'x' is neither a number nor a date"),
        Case(query: "status:bogus", column: 8, message: "'bogus' is not a status"),
        Case(query: "le guin status:someday", column: 16, message: "'someday' is not a status"),
        Case(query: "title:/[/", column: 8, message: "'[' is not a valid regular expression"),
        Case(query: "dune title:/(/", column: 13, message: "'(' is not a valid regular expression"),
        Case(query: "title:/abc", column: 7, message: "the regular expression is not closed with /"),
        Case(query: "OR dune", column: 1, message: "OR and AND go between two terms"),
        Case(query: "AND dune", column: 1, message: "OR and AND go between two terms"),
        Case(query: "dune OR OR messiah", column: 9, message: "OR and AND go between two terms"),
        Case(query: "dune OR", column: 8, message: "the query ends where a term was expected"),
        Case(query: "NOT", column: 4, message: "the query ends where a term was expected"),
        Case(query: "@nope", column: 1, message: "no saved query @nope"),
        Case(query: "@", column: 1, message: "a saved query's name must follow @"),
    ])
    func aMalformedQueryPointsAtItsColumn(_ example: Case) throws {
        let error = try #require(QueryTestLibrary.parseError(example.query), "\(example.query) parsed")
        #expect(error.column == example.column, "\(error.description)")
        #expect(error.message.contains(example.message), "\(error.message)")
        #expect(error.query == example.query)
    }

    @Test func theDescriptionShowsTheQueryWithACaretUnderTheColumn() throws {
        let number = try #require(QueryTestLibrary.parseError("rating:>=x"))
        #expect(number.description == "'x' is not a number (column 10)\n  rating:>=x\n           ^")
        let paren = try #require(QueryTestLibrary.parseError("tag:sci-fi (author:banks"))
        #expect(paren.description == "the '(' opened here is not closed (column 12)\n  tag:sci-fi (author:banks\n             ^")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let error = try #require(QueryTestLibrary.parseError("gödel stanisław)"))
        #expect(error.column == 16)
    }

    @Test func wellFormedQueriesParse() {
        for query in [
            "", "dune", "-has:rating", "(a OR b) -c", "title:=\"x y\"", "rating:..4", "added:>-30d", "@reading",
            "tag:sci-fi/space", "a AND b", "\"\"", "isbn:978-0-441-47812-5", "title:/a\\/b/",
        ] {
            #expect(QueryTestLibrary.parseError(query) == nil, "\(query)")
        }
    }
}
