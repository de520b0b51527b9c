import Foundation
import Testing

/// `shelf isbn`: validate and convert, or `--extract` from stdin. No library and no network.
@Suite struct LookupISBNCommandTests {
    /// A plain folder, not a library: `isbn` works anywhere.
    func outside(_ args: [String], stdin: String? = nil) throws -> CommandResult {
        let folder = try TemporaryLibrary(config: nil)
        return try folder.run(["isbn"] + args, stdin: stdin)
    }

    @Test func textGivesBothFormsOfEachISBN() throws {
        let result = try outside(["0-306-40615-2", "9780441478125", "979-10-90636-07-1"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdoutLines == [
                "0-306-40615-2\tvalid\tISBN-13 9780306406157\tISBN-10 0306406152",
                "9780441478125\tvalid\tISBN-13 9780441478125\tISBN-10 0441478123",
                "979-10-90636-07-1\tvalid\tISBN-13 9791090636071\tISBN-10 (none: 979 prefix)",
            ])
        #expect(result.stderr.isEmpty)
    }

    @Test func anyInvalidISBNExitsOneAndNamesTheCheckDigit() throws {
        let result = try outside(["0-306-40615-3", "0441478123"])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stdoutLines == [
                "0-306-40615-3\tinvalid\tcheck digit is 3, expected 2",
                "0441478123\tvalid\tISBN-13 9780441478125\tISBN-10 0441478123",
            ])
    }

    @Test func jsonHasInputValidISBN13ISBN10AndError() throws {
        let result = try outside(["--format", "json", "0-306-40615-2", "9791090636071", "12345"])
        #expect(result.status == 1, "\(result)")
        let items = try parseJSONArray(result.stdout)
        #expect(items.count == 3)
        for item in items {
            #expect(Set(item.keys) == ["input", "valid", "isbn13", "isbn10", "error"])
        }
        #expect(items[0]["input"] as? String == "0-306-40615-2")
        #expect(items[0]["valid"] as? Bool == true)
        #expect(items[0]["isbn13"] as? String == "9780306406157")
        #expect(items[0]["isbn10"] as? String == "0306406152")
        #expect(items[0]["error"] is NSNull)
        #expect(items[1]["isbn10"] is NSNull, "a 979 ISBN has no ISBN-10")
        #expect(items[2]["valid"] as? Bool == false)
        #expect(items[2]["isbn13"] is NSNull && items[2]["isbn10"] is NSNull)
        #expect(items[2]["error"] as? String == "5 digits; an ISBN has 10 or 13")
        // Keys in the documented order.
        let first = try #require(result.stdout.range(of: "\"input\""))
        let last = try #require(result.stdout.range(of: "\"error\""))
        #expect(first.lowerBound < last.lowerBound)
    }

    @Test func jsonOfValidISBNsExitsZero() throws {
        let result = try outside(["--json", "0441478123"])
        #expect(result.status == 0, "\(result)")
        #expect(try parseJSONArray(result.stdout).first?["isbn13"] as? String == "9780441478125")
    }

    @Test func extractReadsACopyrightPageOnStdin() throws {
        let page = """
            Copyright © 1970 by Plenum Press
            ISBN 978-0-306-40615-7
            ISBN-13: 978-0306406157
            ISBN: 0-441-47812-3
            OCR'd: ISBN 0-439-42O89-X
            not one: ISBN 0-306-4O6I5-3
            Printed in the United States of America
            10 9 8 7 6 5 4 3 2 1
            """
        let result = try outside(["--extract"], stdin: page)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines == ["9780306406157", "9780441478125", "9780439420891"])
        let json = try outside(["--extract", "--format", "json"], stdin: page)
        let value = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String]
        #expect(value == ["9780306406157", "9780441478125", "9780439420891"])
    }

    @Test func extractFindingNothingPrintsNothing() throws {
        let result = try outside(["--extract"], stdin: "no isbn here, only 12345\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func extractTakesNoArgumentsAndCheckingNeedsSome() throws {
        let both = try outside(["--extract", "0441478123"])
        #expect(both.status != 0)
        #expect(both.stderr.contains("--extract reads stdin"), "\(both)")
        let none = try outside([])
        #expect(none.status != 0)
        #expect(none.stderr.contains("give ISBNs to check"), "\(none)")
    }
}
