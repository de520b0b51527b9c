import Testing
@testable import ShelfKit

/// Dates as readers write them: a year, a month, a day, perhaps a time; kept as written.
@Suite struct BookDateTests {
    @Test(
        arguments: [
            ("2023", 2023, nil, nil, nil),
            ("2023-02", 2023, 2, nil, nil),
            ("2023-02-28", 2023, 2, 28, nil),
            ("2023-2-3", 2023, 2, 3, nil),
            ("2023/02/28", 2023, 2, 28, nil),
            ("2023/2", 2023, 2, nil, nil),
            ("2024-02-29", 2024, 2, 29, nil),
            ("2000-02-29", 2000, 2, 29, nil),
            ("2023-01-14 10:30", 2023, 1, 14, 630),
            ("2023-01-14 7:05", 2023, 1, 14, 425),
            ("2023-01-14T10:30:00", 2023, 1, 14, 630),
            ("2023-01-14T23:59:59Z", 2023, 1, 14, 1439),
            ("2023-01-14t10:30:00+02:00", 2023, 1, 14, 630),
            ("  2023-01-14  ", 2023, 1, 14, nil),
            ("0001", 1, nil, nil, nil),
        ] as [(String, Int, Int?, Int?, Int?)])
    func readsEveryWrittenForm(text: String, year: Int, month: Int?, day: Int?, minutes: Int?) throws {
        let date = try #require(BookDate(text))
        #expect(date.year == year)
        #expect(date.month == month)
        #expect(date.day == day)
        #expect(date.minutes == minutes)
        #expect(date.text == text.trimmingSpaces)
        #expect(date.description == date.text)
    }

    @Test(arguments: [
        "", "23", "20231", "0000", "2023-", "2023-13", "2023-00", "2023-123", "2023-02-30", "2023-02-29",
        "1900-02-29", "2023-04-31", "2023-01-00", "2023-01-14 24:00", "2023-01-14 10:60", "2023-01-14 10",
        "2023-01-14 1030", "14/01/2023", "2023.01.14", "Jan 32, 2023", "Foo 14, 2023", "31.02.2023", "[[Dune]]", "2023-01-14x", "２０２３",
    ])
    func rejectsWhatIsNoDate(text: String) {
        #expect(BookDate(text) == nil)
    }

    @Test
    func rejectsGarbageAfterTheTime() {
        #expect(BookDate("2023-01-14 10:30 garbage") == nil)
        #expect(BookDate("2023-01-14 10:30pm") == nil)
    }

    @Test func anExactDateIsBuiltFromItsParts() {
        let date = BookDate(year: 987, month: 3, day: 4)
        #expect(date.text == "0987-03-04")
        #expect(date == BookDate("0987-03-04"))
    }

    @Test func datesSortByTheirPartsWithMissingPartsFirst() throws {
        let texts = ["2023-01-14 10:30", "2022-12-31", "2023", "2023-01-14", "2023-01", "2023-01-14T09:00", "2023-02-01"]
        let sorted = try texts.map { try #require(BookDate($0)) }.sorted().map(\.text)
        #expect(sorted == ["2022-12-31", "2023", "2023-01", "2023-01-14", "2023-01-14T09:00", "2023-01-14 10:30", "2023-02-01"])
    }

    @Test func equalityIgnoresHowTheDateWasWritten() throws {
        #expect(BookDate("2023-01-14") == BookDate("2023/1/14"))
        #expect(BookDate("2023-01-14 10:30") == BookDate("2023-01-14T10:30:59Z"))
        #expect(BookDate("2023") != BookDate("2023-01"))
        #expect(BookDate("2023-01") != BookDate("2023-01-01"))
        #expect(Set([try #require(BookDate("2023-01-14")), try #require(BookDate("2023/01/14"))]).count == 1)
    }

    @Test func aWholeDayAndItsMidnightAreEqual() throws {
        // The sort key counts minutes; a missing time counts as 00:00.
        #expect(BookDate("2023-01-14") == BookDate("2023-01-14 00:00"))
        #expect(!(try #require(BookDate("2023-01-14")) < (try #require(BookDate("2023-01-14 00:00")))))
    }
}
