import Testing
@testable import ShelfKit

/// The date forms people write by hand, read for queries and sorting, and written back in the
/// style a book already uses.
@Suite struct BookDateFormTests {
    @Test(
        arguments: [
            ("21.04.2025", 2025, 4, 21),
            ("1.4.2025", 2025, 4, 1),
            ("April 21, 2025", 2025, 4, 21),
            ("Apr 21, 2025", 2025, 4, 21),
            ("Sept. 3, 2021", 2021, 9, 3),
            ("21 April 2025", 2025, 4, 21),
            ("21st April 2025", 2025, 4, 21),
            ("[[2022-01-06]]", 2022, 1, 6),
            ("[[2022-01-06|Jan 6th]]", 2022, 1, 6),
            ("[[April 21, 2025]]", 2025, 4, 21),
        ] as [(String, Int, Int, Int)])
    func readsADayWrittenByHand(text: String, year: Int, month: Int, day: Int) throws {
        let date = try #require(BookDate(text))
        #expect(date.year == year && date.month == month && date.day == day)
        #expect(date.text == text)
        #expect(date.canonicalText == BookDate(year: year, month: month, day: day).text)
    }

    @Test(arguments: [("Apr 2025", 2025, 4), ("April 2025", 2025, 4), ("[[2022-01]]", 2022, 1)] as [(String, Int, Int)])
    func readsAMonthWrittenByHand(text: String, year: Int, month: Int) throws {
        let date = try #require(BookDate(text))
        #expect(date.year == year && date.month == month && date.day == nil)
    }

    @Test func readsADateTimeWithAZoneAfterASpace() throws {
        let date = try #require(BookDate("2024-01-02 10:00:00 +02:00"))
        #expect(date.day == 2 && date.minutes == 600)
    }

    @Test(arguments: [
        ("2024-01-02", "2025-04-21"),
        ("2024/01/02", "2025/04/21"),
        ("02.01.2024", "21.04.2025"),
        ("January 2, 2024", "April 21, 2025"),
        ("Jan 2, 2024", "Apr 21, 2025"),
        ("2 January 2024", "21 April 2025"),
        ("2 Jan 2024", "21 Apr 2025"),
        ("[[2024-01-02]]", "[[2025-04-21]]"),
        ("[[2 January 2024]]", "[[21 April 2025]]"),
    ])
    func aNewDateIsWrittenInTheStyleOfAnOldOne(old: String, new: String) throws {
        let style = try #require(BookDate(old)).style
        #expect(BookDate(year: 2025, month: 4, day: 21).text(in: style) == new)
    }
}
