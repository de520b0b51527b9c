import Testing
@testable import ShelfKit

/// ISBN validation and conversion between the 10- and 13-digit forms.
@Suite struct ISBNTests {
    func invalid(_ text: String) -> ISBN.Invalid? {
        do {
            _ = try ISBN(validating: text)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("0802130305", "9780802130303"),
        ("0441478123", "9780441478125"),
        ("0441013597", "9780441013593"),
        ("043942089X", "9780439420891"),
        ("043942089x", "9780439420891"),
        ("155860832X", "9781558608320"),
    ])
    func anISBN10ConvertsTo13AndBack(isbn10: String, isbn13: String) throws {
        let isbn = try ISBN(validating: isbn10)
        #expect(isbn.isbn13 == isbn13)
        #expect(isbn.isbn10 == isbn10.uppercased())
        #expect(isbn.description == isbn13)
        let back = try ISBN(validating: isbn13)
        #expect(back == isbn)
        #expect(back.isbn10 == isbn10.uppercased())
    }

    @Test func a979ISBNHasNoISBN10() throws {
        let isbn = try ISBN(validating: "9791090636071")
        #expect(isbn.isbn13 == "9791090636071")
        #expect(isbn.isbn10 == nil)
    }

    @Test(arguments: [
        "978-0-441-47812-5", "978 0 441 47812 5", " 9780441478125 ", "0-441-47812-3", "0 441 47812 3",
        "=\"0441478123\"", "=\"9780441478125\"", "ISBN 978-0-441-47812-5", "ISBN-13: 9780441478125",
        "isbn: 0441478123", "ISBN10:0441478123", "978\u{2010}0441478125", "978\t0441478125",
    ])
    func separatorsWrappersAndPrefixesAreCleaned(text: String) throws {
        #expect(try ISBN(validating: text).isbn13 == "9780441478125")
    }

    @Test func aWrongCheckDigitSaysWhichItShouldBe() {
        #expect(invalid("0802130306") == .badCheckDigit(expected: "5", found: "6"))
        #expect(invalid("0802130306")?.description == "check digit is 6, expected 5")
        #expect(invalid("9780802130304") == .badCheckDigit(expected: "3", found: "4"))
        #expect(invalid("0439420890") == .badCheckDigit(expected: "X", found: "0"))
    }

    @Test(arguments: [("12345", 5), ("978044147812", 12), ("97804414781255", 14), ("044147812", 9)])
    func aWrongLengthIsReported(text: String, length: Int) {
        #expect(invalid(text) == .badLength(length))
        #expect(invalid(text)?.description == "\(length) digits; an ISBN has 10 or 13")
    }

    @Test func lettersAndMisplacedXAreBadCharacters() {
        #expect(invalid("04414781ab") == .badCharacter("a"))
        #expect(invalid("04414781ab")?.description == "'a' is not a digit")
        #expect(invalid("ISBN 0441478123 (pbk)") == .badCharacter("("))
        #expect(invalid("04X1478123") == .badCharacter("X"))
        #expect(invalid("978044147812X") == .badCharacter("X"))
        #expect(invalid("978-9024538²70") == .badCharacter("²"))
    }

    @Test func aThirteenDigitNumberOutside978And979IsNoISBN() {
        #expect(invalid("9770441478125") == .badPrefix("977"))
        #expect(invalid("7501031311309")?.description == "an ISBN-13 starts with 978 or 979, not 750")
    }

    @Test func nothingToReadIsEmpty() {
        #expect(invalid("") == .empty)
        #expect(invalid(" - - ") == .empty)
        #expect(invalid("=\"\"") == .empty)
    }

    @Test func parseFindsTheFirstValidISBNAmongSeveral() {
        #expect(ISBN.parse("0802130305 9780802130303")?.isbn13 == "9780802130303")
        #expect(ISBN.parse("0802130306, 9780441478125")?.isbn13 == "9780441478125")
        #expect(ISBN.parse("9780441478125;0802130305")?.isbn13 == "9780441478125")
        #expect(ISBN.parse("0802130306") == nil)
        #expect(ISBN.parse("no isbn here") == nil)
    }

    @Test func equalISBNsHashAlike() throws {
        let set: Set<ISBN> = [try ISBN(validating: "0802130305"), try ISBN(validating: "978-0-8021-3030-3")]
        #expect(set.count == 1)
    }

    @Test
    func aDigitWithACombiningMarkIsABadCharacterNotACrash() {
        #expect(invalid("080213030\u{301}5") == .badCharacter("0\u{301}"))
        #expect(ISBN.parse("1\u{20E3}802130305") == nil)
    }
}
