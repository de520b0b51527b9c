import Testing
@testable import ShelfKit

/// Values that cannot be read as their field's type leave the field empty and say why.
@Suite struct BookValueProblemTests {
    @Test(arguments: [
        ("to-read", ReadingStatus.toRead), ("toRead", .toRead), ("want-to-read", .toRead),
        ("Want to Read", .toRead), ("unread", .toRead), ("TBR", .toRead), ("todo", .toRead), ("doing", .reading),
        ("reading", .reading), ("currently-reading", .reading), ("Currently Reading", .reading),
        ("in_progress", .reading),
        ("read", .read), ("finished", .read), ("Finished", .read), ("done", .read),
        ("abandoned", .abandoned), ("dnf", .abandoned), ("DNF", .abandoned),
        ("did-not-finish", .abandoned), ("Did Not Finish", .abandoned),
        ("想读", .toRead), ("在读", .reading), ("读过", .read), ("已读", .read), ("弃读", .abandoned),
        ("gelesen", .read), ("lese", .reading), ("ungelesen", .toRead), ("abgebrochen", .abandoned),
        ("leído", .read), ("leyendo", .reading), ("pendiente", .toRead), ("abandonado", .abandoned),
        ("lu", .read), ("en cours", .reading), ("à lire", .toRead),
        ("read twice", .read), ("Read Twice", .read), ("on second reading", .reading), ("rereading", .reading),
    ])
    func statusAliasesAreRead(text: String, status: ReadingStatus) throws {
        #expect(ReadingStatus(alias: text) == status)
        let book = try requireBook("title: x\nstatus: \(text)\n")
        #expect(book.status == status)
        #expect(book.problems.map(\.description) == [])
    }

    @Test func anUnknownStatusIsAProblem() throws {
        let book = try requireBook("title: x\nstatus: someday\n")
        #expect(book.status == nil)
        #expect(book.problems.map(\.description) == ["status: 'someday' is not a status (to-read, reading, read, abandoned)"])
    }

    @Test func statusesSortInReadingOrder() {
        #expect(ReadingStatus.allCases.sorted() == [.toRead, .reading, .read, .abandoned])
        #expect(ReadingStatus.toRead < .abandoned)
        #expect(!(ReadingStatus.read < .reading))
    }

    @Test(arguments: [
        ("5", 5.0), ("1", 1), ("4.0", 4), ("\"3\"", 3), ("4.5", 4.5), ("\"4.5\"", 4.5), ("3.75", 3.75),
        ("★★★★☆", 4), ("★★★½", 3.5), ("⭐⭐⭐", 3), ("4/5", 4), ("9/10", 4.5), ("'★★☆☆☆'", 2),
    ])
    func aRatingAsPeopleWriteItIsRead(text: String, rating: Double) throws {
        let book = try requireBook("title: x\nrating: \(text)\n")
        #expect(book.rating == rating)
        #expect(book.problems.map(\.description) == [])
    }

    @Test(arguments: ["0", "0.0", "☆☆☆☆☆", "0/5"])
    func zeroMeansUnrated(text: String) throws {
        let book = try requireBook("title: x\nrating: \(text)\n")
        #expect(book.rating == nil)
        #expect(book.problems.isEmpty)
    }

    /// A percent is a fifth of it in stars, to the nearest half star.
    @Test(arguments: [("87.1%", 4.5), ("80%", 4), ("\"62%\"", 3), ("100%", 5), ("84%", 4)])
    func aPercentIsReadAsStars(text: String, rating: Double) throws {
        let book = try requireBook("title: x\nrating: \(text)\n")
        #expect(book.rating == rating)
        #expect(book.problems.isEmpty)
    }

    /// A word for "none" is no rating, not a rating shelf misread.
    @Test(arguments: ["无", "none", "None", "n/a", "N/A", "\"-\"", "'—'", "0%"])
    func aWordForNoneIsUnrated(text: String) throws {
        let book = try requireBook("title: x\nrating: \(text)\n")
        #expect(book.rating == nil)
        #expect(book.problems.isEmpty)
    }

    @Test func aNewRatingOverAPercentIsAPercent() throws {
        let edited = try vocabEdit([.set("rating", .typed("4.5"))], on: "---\ntitle: x\nrating: 60%\n---\n", .standard)
        #expect(edited == "---\ntitle: x\nrating: 90%\n---\n")
    }

    @Test(arguments: ["7", "five", "-1", "6/5", "120%"])
    func anyOtherRatingIsAProblem(text: String) throws {
        let book = try requireBook("title: x\nrating: \(text)\n")
        #expect(book.rating == nil)
        #expect(book.problems.map(\.description) == ["rating: '\(text)' is not a rating from 0.5 to 5"])
    }

    @Test func aProblemNamesTheKeyAsWritten() throws {
        let book = try requireBook("title: x\nmyRating: 7\n")
        #expect(book.problems.map(\.description) == ["myRating: '7' is not a rating from 0.5 to 5"])
    }

    @Test func anEmptyOrNullValueIsNoProblem() throws {
        let book = try requireBook("title: x\nrating:\nstatus: ~\nstarted: ''\npages: null\nisbn:\n")
        #expect(book.rating == nil)
        #expect(book.status == nil)
        #expect(book.started == nil)
        #expect(book.pages == nil)
        #expect(book.isbn == nil)
        #expect(book.problems.map(\.description) == [])
    }

    @Test func aBadDateIsAProblem() throws {
        let book = try requireBook("title: x\nstarted: last spring\nfinished: 2023-02-29\nadded: 2023-13-01\n")
        #expect(book.started == nil)
        #expect(book.finished == nil)
        #expect(book.added == nil)
        #expect(
            book.problems.map(\.description) == [
                "started: 'last spring' is not a date (YYYY, YYYY-MM or YYYY-MM-DD)",
                "finished: '2023-02-29' is not a date (YYYY, YYYY-MM or YYYY-MM-DD)",
                "added: '2023-13-01' is not a date (YYYY, YYYY-MM or YYYY-MM-DD)",
            ])
    }

    @Test func anISBNKeepsItsLeadingZero() throws {
        let book = try requireBook("title: The Master and Margarita\nisbn: 0802130305\n")
        #expect(book.isbn == "0802130305")
        #expect(book.isbn13 == "9780802130303")
        #expect(book.problems.map(\.description) == [])
    }

    @Test func anISBNIsKeptAsWrittenEvenWhenInvalid() throws {
        let book = try requireBook("title: x\nisbn: 0802130306\n")
        #expect(book.isbn == "0802130306")
        #expect(book.isbn13 == nil)
        #expect(book.problems.map(\.description) == ["isbn: '0802130306' is not a valid ISBN"])
    }

    @Test func anISBNWrittenAsANumberOrWithHyphensReadsToo() throws {
        #expect(try requireBook("title: x\nisbn: 9780441013593\n").isbn13 == "9780441013593")
        #expect(try requireBook("title: x\nisbn13: 978-0-441-01359-3\n").isbn13 == "9780441013593")
        #expect(try requireBook("title: x\nisbn: [\"0441013597\"]\n").isbn == "0441013597")
    }

    @Test(arguments: [("300", 300), ("0", 0)])
    func aPageCountIsRead(text: String, pages: Int) throws {
        #expect(try requireBook("title: x\npages: \(text)\n").pages == pages)
    }

    @Test(arguments: ["-3", "300 pages", "12.5"])
    func anyOtherPageCountIsAProblem(text: String) throws {
        let book = try requireBook("title: x\npages: \(text)\n")
        #expect(book.pages == nil)
        #expect(book.problems.map(\.description) == ["pages: '\(text)' is not a page count"])
    }

    @Test func aSeriesIndexThatIsNotANumberIsAProblem() throws {
        let book = try requireBook("title: x\nseries_index: first\n")
        #expect(book.seriesIndex == nil)
        #expect(book.problems.map(\.description) == ["series_index: 'first' is not a number"])
    }

    @Test(arguments: [("yes", true), ("True", true), ("on", true), ("no", false), ("false", false), ("maybe", nil)] as [(String, Bool?)])
    func favoriteReadsYAMLBooleansOfBothVersions(text: String, favorite: Bool?) throws {
        #expect(try requireBook("title: x\nfavorite: \(text)\n").favorite == favorite)
    }
}
