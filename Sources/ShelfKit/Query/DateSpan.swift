/// The days a date covers: a day is one day, `2023-06` the month, `2023` the year. Query dates
/// compare as spans, so `finished:2023` is the year and `finished:>2024-06` after June.
struct DateSpan: Sendable, Equatable {
    /// First and last day, as days since 1970-01-01.
    var first: Int
    var last: Int

    init(first: Int, last: Int) {
        self.first = first
        self.last = last
    }

    /// The span of a date.
    init(_ date: BookDate) {
        let month = date.month ?? 1
        let lastMonth = date.month ?? 12
        first = DateSpan.dayNumber(year: date.year, month: month, day: date.day ?? 1)
        last = DateSpan.dayNumber(
            year: date.year, month: lastMonth,
            day: date.day ?? BookDate.daysIn(month: lastMonth, year: date.year))
    }

    /// A query date: an absolute date, or relative to `today` (`-30d`, `-2w`, `-6m`, `-1y`).
    static func parse(_ text: String, today: BookDate) -> DateSpan? {
        if let date = BookDate(text) { return DateSpan(date) }
        guard text.hasPrefix("-") || text.hasPrefix("+"), let unit = text.last, let amount = Int(text.dropFirst().dropLast()) else {
            return nil
        }
        let sign = text.hasPrefix("-") ? -1 : 1
        let base = DateSpan(today).first
        let day: Int
        switch unit {
        case "d": day = base + sign * amount
        case "w": day = base + sign * amount * 7
        case "m", "y":
            let months = (unit == "y" ? 12 : 1) * amount * sign
            let total = today.year * 12 + (today.month ?? 1) - 1 + months
            let year = total / 12
            let month = total % 12 + 1
            day = dayNumber(year: year, month: month, day: min(today.day ?? 1, BookDate.daysIn(month: month, year: year)))
        default: return nil
        }
        return DateSpan(first: day, last: day)
    }

    /// Where in `text`, which `parse` refused, the mistake lies (1-based, in characters): the
    /// month of `2024-13`, the day of `2024-02-30`, else the start. An error's caret goes there.
    static func mistakeColumn(in text: String) -> Int {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.count <= 3, parts[0].count == 4, Int(parts[0]) != nil else { return 1 }
        guard let month = Int(parts[1]), parts[1].count == 2, (1...12).contains(month) else { return 6 }
        guard parts.count == 3, let year = Int(parts[0]) else { return 1 }
        guard let day = Int(parts[2]), parts[2].count == 2, (1...BookDate.daysIn(month: month, year: year)).contains(day)
        else { return 9 }
        return 1
    }

    /// Days since 1970-01-01 of a civil date (proleptic Gregorian).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
