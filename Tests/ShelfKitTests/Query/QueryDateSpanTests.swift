import Testing
@testable import ShelfKit

/// `DateSpan`: day numbers since 1970-01-01 and the spans of partial and relative dates.
@Suite struct QueryDateSpanTests {
    @Test(arguments: [
        (1970, 1, 1, 0),
        (1969, 12, 31, -1),
        (1970, 1, 2, 1),
        (2000, 1, 1, 10957),
        (2000, 2, 29, 11016),
        (2000, 3, 1, 11017),
        (2023, 3, 1, 19417),
        (2024, 2, 29, 19782),
        (2025, 6, 10, 20249),
        (1900, 3, 1, -25508),
    ])
    func dayNumbers(year: Int, month: Int, day: Int, expected: Int) {
        #expect(DateSpan.dayNumber(year: year, month: month, day: day) == expected)
    }

    @Test func leapYears() {
        // 2024 and 2000 are leap years; 2023 and 1900 are not.
        #expect(DateSpan.dayNumber(year: 2024, month: 3, day: 1) - DateSpan.dayNumber(year: 2024, month: 2, day: 28) == 2)
        #expect(DateSpan.dayNumber(year: 2000, month: 3, day: 1) - DateSpan.dayNumber(year: 2000, month: 2, day: 28) == 2)
        #expect(DateSpan.dayNumber(year: 2023, month: 3, day: 1) - DateSpan.dayNumber(year: 2023, month: 2, day: 28) == 1)
        #expect(DateSpan.dayNumber(year: 1900, month: 3, day: 1) - DateSpan.dayNumber(year: 1900, month: 2, day: 28) == 1)
        #expect(DateSpan.dayNumber(year: 2025, month: 1, day: 1) - DateSpan.dayNumber(year: 2024, month: 1, day: 1) == 366)
    }

    @Test func aPartialDateSpansItsYearOrMonth() throws {
        let day = { (y: Int, m: Int, d: Int) in DateSpan.dayNumber(year: y, month: m, day: d) }
        #expect(DateSpan(try #require(BookDate("2024"))) == DateSpan(first: day(2024, 1, 1), last: day(2024, 12, 31)))
        #expect(DateSpan(try #require(BookDate("2024-02"))) == DateSpan(first: day(2024, 2, 1), last: day(2024, 2, 29)))
        #expect(DateSpan(try #require(BookDate("2023-02"))) == DateSpan(first: day(2023, 2, 1), last: day(2023, 2, 28)))
        #expect(DateSpan(try #require(BookDate("2023-06-30"))) == DateSpan(first: day(2023, 6, 30), last: day(2023, 6, 30)))
        #expect(DateSpan(try #require(BookDate("2023-06-30 21:15"))) == DateSpan(first: day(2023, 6, 30), last: day(2023, 6, 30)))
    }

    @Test func relativeDatesCountFromToday() {
        let today = BookDate(year: 2025, month: 6, day: 10)
        let day = { (y: Int, m: Int, d: Int) in
            DateSpan(first: DateSpan.dayNumber(year: y, month: m, day: d), last: DateSpan.dayNumber(year: y, month: m, day: d))
        }
        #expect(DateSpan.parse("-30d", today: today) == day(2025, 5, 11))
        #expect(DateSpan.parse("-2w", today: today) == day(2025, 5, 27))
        #expect(DateSpan.parse("-6m", today: today) == day(2024, 12, 10))
        #expect(DateSpan.parse("-1y", today: today) == day(2024, 6, 10))
        #expect(DateSpan.parse("+1w", today: today) == day(2025, 6, 17))
        #expect(DateSpan.parse("-0d", today: today) == day(2025, 6, 10))
    }

    @Test func monthsBackClampToTheLastDayOfAShorterMonth() {
        #expect(
            DateSpan.parse("-1m", today: BookDate(year: 2024, month: 3, day: 31))
                == DateSpan(
                    first: DateSpan.dayNumber(year: 2024, month: 2, day: 29), last: DateSpan.dayNumber(year: 2024, month: 2, day: 29)))
        #expect(
            DateSpan.parse("-1y", today: BookDate(year: 2024, month: 2, day: 29))
                == DateSpan(
                    first: DateSpan.dayNumber(year: 2023, month: 2, day: 28), last: DateSpan.dayNumber(year: 2023, month: 2, day: 28)))
    }

    @Test func notDates() {
        let today = BookDate(year: 2025, month: 6, day: 10)
        for text in ["", "x", "-30", "30d", "-d", "-3x", "2023-13", "2023-02-30", "99"] {
            #expect(DateSpan.parse(text, today: today) == nil, "\(text)")
        }
    }
}
