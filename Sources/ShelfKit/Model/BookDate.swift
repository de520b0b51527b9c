/// A date as a reader writes it: a year, a year and month, or a day, optionally with a time.
///
/// The text is kept as written (`dates as written` in JSON); comparisons use the parts.
public struct BookDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year.
    public var year: Int
    var month: Int?
    var day: Int?
    /// Minutes since midnight when a time was written.
    var minutes: Int?
    /// The text as written.
    public var text: String

    /// Parses `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, each optionally followed by a time
    /// (`YYYY-MM-DD HH:MM[:SS]`, `YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]`); `/` also separates. Also
    /// the forms people write by hand (`21.04.2025`, `April 21, 2025`, `21 April 2025`,
    /// `Apr 2025`, `2025年4月21日`, `2016年10月`), and any of them as an Obsidian link (`[[2022-01-06]]`).
    init?(_ text: String) {
        var trimmed = text.trimmingSpaces
        var parts = trimmed.withUTF8({ BookDate.parts(of: $0) })
        if parts == nil, let first = trimmed.utf8.first, first == UInt8(ascii: "[") || first > UInt8(ascii: "9") || trimmed.utf8.count > 6 {
            var inner = BookDateForms.unlinked(trimmed) ?? trimmed
            parts = inner.withUTF8({ BookDate.parts(of: $0) }) ?? BookDateForms.parts(of: inner)
        }
        guard let parts else { return nil }
        self.year = parts.year
        self.month = parts.month
        self.day = parts.day
        self.minutes = parts.minutes
        self.text = trimmed
    }

    /// The parts of a date written as `init(_:)` reads it, or nil.
    private static func parts(of utf8: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int?, day: Int?, minutes: Int?)? {
        var cursor = 0
        func number(_ digits: ClosedRange<Int>) -> Int? {
            var value = 0
            var count = 0
            while cursor < utf8.count, count < digits.upperBound, let digit = utf8[cursor].asciiDigit {
                value = value * 10 + digit
                cursor += 1
                count += 1
            }
            return digits.contains(count) ? value : nil
        }
        /// Steps over one of the given bytes (a separator).
        func separator(_ first: UInt8, _ second: UInt8? = nil, _ third: UInt8? = nil) -> Bool {
            guard cursor < utf8.count else { return false }
            let byte = utf8[cursor]
            guard byte == first || byte == second || byte == third else { return false }
            cursor += 1
            return true
        }
        // Three digits too: `published: 180` is a real year (Marcus Aurelius).
        guard let year = number(3...4), year >= 1 else { return nil }
        var month: Int?
        var day: Int?
        var minutes: Int?
        if separator(UInt8(ascii: "-"), UInt8(ascii: "/")) {
            guard let readMonth = number(1...2), (1...12).contains(readMonth) else { return nil }
            month = readMonth
            if separator(UInt8(ascii: "-"), UInt8(ascii: "/")) {
                guard let readDay = number(1...2), readDay >= 1, readDay <= BookDate.daysIn(month: readMonth, year: year)
                else { return nil }
                day = readDay
                if separator(UInt8(ascii: " "), UInt8(ascii: "T"), UInt8(ascii: "t")) {
                    guard let hour = number(1...2), hour < 24, separator(UInt8(ascii: ":")),
                        let minute = number(2...2), minute < 60
                    else { return nil }
                    minutes = hour * 60 + minute
                    // Seconds, a fraction and a zone are accepted and kept in `text` only.
                    if separator(UInt8(ascii: ":")) {
                        guard let second = number(2...2), second < 61 else { return nil }
                        if separator(UInt8(ascii: ".")) { guard number(1...9) != nil else { return nil } }
                    }
                    // `2024-01-02 10:00:00 +02:00`, as some tools write it.
                    if cursor + 1 < utf8.count, utf8[cursor] == UInt8(ascii: " "),
                        utf8[cursor + 1] == UInt8(ascii: "+") || utf8[cursor + 1] == UInt8(ascii: "-")
                    {
                        cursor += 1
                    }
                    if separator(UInt8(ascii: "Z"), UInt8(ascii: "z")) {
                        // UTC.
                    } else if separator(UInt8(ascii: "+"), UInt8(ascii: "-")) {
                        guard let zoneHours = number(2...2), zoneHours < 24 else { return nil }
                        _ = separator(UInt8(ascii: ":"))
                        guard number(2...2) != nil else { return nil }
                    }
                }
            }
        }
        guard cursor == utf8.count else { return nil }
        return (year, month, day, minutes)
    }

    /// A date from its parts, written as `YYYY-MM-DD`.
    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.text = String(format4: year) + "-" + String(format2: month) + "-" + String(format2: day)
    }

    /// A date from parts already checked, as the cache stores them.
    init(year: Int, month: Int?, day: Int?, minutes: Int?, text: String) {
        self.year = year
        self.month = month
        self.day = day
        self.minutes = minutes
        self.text = text
    }

    /// The date as written.
    public var description: String { text }

    /// The date written the canonical way: `-` between parts, two-digit month and day
    /// (`2024/3/2` → `2024-03-02`); a time stays as written.
    var canonicalText: String {
        var date = String(format4: year)
        if let month { date += "-" + String(format2: month) }
        if let day { date += "-" + String(format2: day) }
        guard minutes != nil, let timeStart = text.firstIndex(where: { $0 == " " || $0 == "T" || $0 == "t" }) else { return date }
        return date + text[timeStart...]
    }

    /// A sort key: missing parts sort first within their span.
    var sortKey: Int {
        ((year * 100 + (month ?? 0)) * 100 + (day ?? 0)) * 1440 + (minutes ?? 0)
    }

    /// Earlier first; a missing month or day sorts first within its span (`2024` before `2024-01`).
    public static func < (lhs: BookDate, rhs: BookDate) -> Bool { lhs.sortKey < rhs.sortKey }

    /// Equal when the parts are, however each was written.
    public static func == (lhs: BookDate, rhs: BookDate) -> Bool { lhs.sortKey == rhs.sortKey }

    /// Hashes the parts, as `==` compares them.
    public func hash(into hasher: inout Hasher) { hasher.combine(sortKey) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension UInt8 {
    /// The value of an ASCII digit.
    var asciiDigit: Int? { self >= 0x30 && self <= 0x39 ? Int(self - 0x30) : nil }
}

extension String {
    /// A number padded with zeros to two digits.
    init(format2 value: Int) { self.init(zeroPadded: value, width: 2) }
    /// A number padded with zeros to four digits.
    init(format4 value: Int) { self.init(zeroPadded: value, width: 4) }

    init(zeroPadded value: Int, width: Int) {
        let digits = value.description
        self = Swift.String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
