import Foundation
import Testing
@testable import ShelfKit

/// ISBNs as the lookup commands take them: validated, converted, cleaned, and found in text
/// (a copyright page, OCR output) by `ISBNExtractor`.
@Suite struct LookupISBNTests {
    func extracted(_ text: String) -> [String] {
        ISBNExtractor.extract(from: text).map(\.isbn13)
    }

    @Test func validateConvertAndClean() throws {
        let isbn = try ISBN(validating: " ISBN-10: 0-306-40615-2 ")
        #expect(isbn.isbn13 == "9780306406157")
        #expect(isbn.isbn10 == "0306406152")
        #expect(try ISBN(validating: "978-0-306-40615-7") == isbn)
        #expect(try ISBN(validating: "=\"9780306406157\"") == isbn)
        #expect(ISBN.parse("0306406152 9780306406157") == isbn)
        #expect(try ISBN(validating: "979-10-90636-07-1").isbn10 == nil)
        #expect(try ISBN.clean("0-8044-2957-x") == Array("080442957X".utf8))
    }

    @Test func aWrongCheckDigitNamesTheExpectedOne() {
        #expect(throws: ISBN.Invalid.badCheckDigit(expected: "2", found: "3")) { try ISBN(validating: "0-306-40615-3") }
        #expect(throws: ISBN.Invalid.badCheckDigit(expected: "7", found: "8")) { try ISBN(validating: "9780306406158") }
    }

    @Test(arguments: [
        "ISBN 978-0-306-40615-7",
        "ISBN-13: 978-0306406157",
        "ISBN: 0-306-40615-2",
        "isbn 0306406152",
        "ISBN13:9780306406157",
        "ISBN-10 0-306-40615-2",
        "0-306-40615-2",
        "978 0 306 40615 7",
    ])
    func eachWayACopyrightPageWritesAnISBNIsFound(line: String) {
        #expect(extracted("Published by Plenum Press.\n\(line)\nPrinted in Canada.") == ["9780306406157"])
    }

    @Test func aCopyrightPageGivesEachISBNOnceInOrder() {
        let page = """
            Copyright © 1969 by Ursula K. Le Guin
            All rights reserved.
            First Ace printing: March 1969
            ISBN 978-0-441-47812-5 (trade paperback)
            ISBN-13: 978-0306406157
            ISBN: 0-306-40615-2
            ISBN-10: 0-441-47812-3
            Library of Congress Catalog Card Number: 69-17623
            Printed in the United States of America
            10 9 8 7 6 5 4 3 2 1
            """
        #expect(extracted(page) == ["9780441478125", "9780306406157"])
    }

    @Test func ocrLettersAreCorrectedWhenTheCheckDigitThenValidates() {
        #expect(extracted("ISBN 0-306-4O6I5-2") == ["9780306406157"])
        #expect(extracted("0-306-4O6I5-2") == ["9780306406157"], "unlabelled, but mostly digits")
        #expect(extracted("ISBN 978-0-3O6-4O6l5-7") == ["9780306406157"])
        #expect(extracted("ISBN-13: 978-0-306-4061S-7") == ["9780306406157"])
        #expect(extracted("ISBN 0-439-42O89-x") == ["9780439420891"], "a lowercase x check digit after a correction")
    }

    @Test func anOCRCorrectionThatDoesNotValidateIsRejected() {
        #expect(extracted("ISBN 0-306-4O6I5-3").isEmpty)
        #expect(extracted("ISBN 978-0-306-4O6I5-8").isEmpty)
        #expect(extracted("Call 0-306-4O6I5-3 today").isEmpty)
    }

    @Test func numbersThatAreNotISBNsAreIgnored() {
        #expect(extracted("EAN 5901234123457").isEmpty, "590 is not a Bookland prefix")
        #expect(extracted("order 97803064061571 (14 digits)").isEmpty)
        #expect(extracted("tel. 555-123-4567").isEmpty)
        #expect(extracted("Printed in the United States of America 10 9 8 7 6 5 4 3 2 1").isEmpty)
        #expect(extracted("").isEmpty)
        #expect(extracted("no numbers here at all").isEmpty)
    }

    @Test
    func aLabelRunTogetherWithTheDigitsIsFound() {
        #expect(extracted("ISBN0306406152") == ["9780306406157"])
        #expect(extracted("ISBN9780306406157") == ["9780306406157"])
    }

    @Test
    func anISBNFollowedByANumberOnItsLineIsStillFound() {
        #expect(extracted("9 780441 478125 50799") == ["9780441478125"])
        #expect(extracted("ISBN 0-306-40615-2 10 9 8 7 6 5 4 3 2 1") == ["9780306406157"])
    }

    @Test func isbnsRunTogetherWithWordsAreNotGuessed() {
        #expect(extracted("ABC0306406152").isEmpty)
        #expect(extracted("0306406152DEF").isEmpty)
        #expect(extracted("(0306406152)") == ["9780306406157"])
        #expect(extracted("isbn:0306406152,9780441478125;") == ["9780306406157", "9780441478125"])
    }
}

/// `Fixtures/isbn-vectors.tsv`: shelf's own vectors, derived from reading isbnlib's and
/// python-stdnum's tests.
@Suite struct LookupISBNVectorTests {
    struct Vector: CustomTestStringConvertible, Sendable {
        var line: Int
        var mode: String
        var input: String
        var valid: Bool
        var isbn13: String
        var isbn10: String
        var error: String
        var note: String
        var testDescription: String { "line \(line): \(mode) '\(input)' (\(note))" }
    }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/isbn-vectors.tsv")

    static func vectors() throws -> [Vector] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var vectors: [Vector] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix("mode\t") else { continue }
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count == 7 else { throw VectorError("line \(number + 1): \(cells.count) cells, expected 7") }
            vectors.append(
                Vector(
                    line: number + 1, mode: cells[0], input: cells[1], valid: cells[2] == "true",
                    isbn13: cells[3], isbn10: cells[4], error: cells[5], note: cells[6]))
        }
        return vectors
    }

    struct VectorError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func kind(_ error: ISBN.Invalid) -> String {
        switch error {
        case .empty: return "empty"
        case .badCharacter: return "character"
        case .badLength: return "length"
        case .badPrefix: return "prefix"
        case .badCheckDigit: return "checkdigit"
        }
    }

    @Test func theFileHoldsAboutFortyVectorsOfBothModes() throws {
        let vectors = try Self.vectors()
        #expect(vectors.count >= 40)
        #expect(vectors.contains { $0.mode == "extract" })
        #expect(vectors.allSatisfy { $0.mode == "extract" || $0.mode == "validate" })
    }

    @Test(arguments: try LookupISBNVectorTests.vectors())
    func vector(_ vector: Vector) {
        switch vector.mode {
        case "validate":
            do {
                let isbn = try ISBN(validating: vector.input)
                #expect(vector.valid, "accepted as \(isbn.isbn13)")
                #expect(isbn.isbn13 == vector.isbn13)
                #expect((isbn.isbn10 ?? "") == vector.isbn10)
            } catch {
                #expect(!vector.valid, "rejected: \(error)")
                #expect(Self.kind(error) == vector.error, "\(error)")
            }
        default:
            let found = ISBNExtractor.extract(from: vector.input).first?.isbn13 ?? ""
            #expect(found == vector.isbn13)
            #expect(vector.valid == !found.isEmpty)
        }
    }
}
