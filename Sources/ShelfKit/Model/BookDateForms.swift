/// The other ways people write dates, beside ISO: `21.04.2025`, `April 21, 2025`, `21 Apr 2025`,
/// `Apr 2025`, `2025年4月21日`, and any of them as an Obsidian link (`[[2022-01-06]]`).
enum BookDateForms {
    typealias Parts = (year: Int, month: Int?, day: Int?, minutes: Int?)

    /// English month names and their usual abbreviations, lowercased, by month number.
    static let monthNames: [String: Int] = {
        var table: [String: Int] = [:]
        for (index, name) in fullMonthNames.enumerated() {
            table[name.lowercased()] = index + 1
            table[String(name.prefix(3)).lowercased()] = index + 1
        }
        table["sept"] = 9
        return table
    }()

    static let fullMonthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                 "September", "October", "November", "December"]

    /// The text inside an Obsidian link (`[[2022-01-06]]`, `[[2022-01-06|Jan 6]]` → `2022-01-06`).
    static func unlinked(_ text: String) -> String? {
        guard text.hasPrefix("[["), text.hasSuffix("]]"), text.count > 4 else { return nil }
        let inner = text.dropFirst(2).dropLast(2)
        guard !inner.contains("[") && !inner.contains("]") else { return nil }
        let target = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).first ?? inner
        return String(target).trimmingSpaces
    }

    /// The parts of a date in one of the forms above, or nil.
    static func parts(of text: String) -> Parts? {
        if let dotted = dotted(text) { return dotted }
        if let cjk = cjk(text) { return cjk }
        return named(text)
    }

    /// `2016年10月5日`, `2016年10月`, `2016年` (Chinese and Japanese).
    private static func cjk(_ text: String) -> Parts? {
        guard let yearMark = text.firstIndex(of: "年"), let year = Int(text[..<yearMark]), year >= 1000 else { return nil }
        var rest = text[text.index(after: yearMark)...]
        guard !rest.isEmpty else { return (year, nil, nil, nil) }
        guard let monthMark = rest.firstIndex(of: "月"), let month = Int(rest[..<monthMark]) else { return nil }
        rest = rest[rest.index(after: monthMark)...]
        guard !rest.isEmpty else { return checked(year: year, month: month, day: nil) }
        guard rest.last == "日", let day = Int(rest.dropLast()) else { return nil }
        return checked(year: year, month: month, day: day)
    }

    /// `21.04.2025`, `1.4.2025` (day first, as everywhere dots are written).
    private static func dotted(_ text: String) -> Parts? {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0].count <= 2, pieces[1].count <= 2, pieces[2].count == 4,
              let day = Int(pieces[0]), let month = Int(pieces[1]), let year = Int(pieces[2]),
              pieces.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        return checked(year: year, month: month, day: day)
    }

    /// `April 21, 2025`, `Apr 21 2025`, `21 April 2025`, `21. April 2025`, `April 2025`, `Apr. 2025`.
    private static func named(_ text: String) -> Parts? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map { word -> Substring in
            word.hasSuffix(".") ? word.dropLast() : word
        }
        guard (2...3).contains(words.count), let last = words.last, last.count == 4, let year = Int(last), year >= 1000 else { return nil }
        if words.count == 2 {
            guard let month = monthNames[words[0].lowercased()] else { return nil }
            return checked(year: year, month: month, day: nil)
        }
        if let month = monthNames[words[0].lowercased()], let day = ordinal(words[1]) {
            return checked(year: year, month: month, day: day)
        }
        if let day = ordinal(words[0]), let month = monthNames[words[1].lowercased()] {
            return checked(year: year, month: month, day: day)
        }
        return nil
    }

    /// `21`, `21st`, `2nd`.
    private static func ordinal(_ word: Substring) -> Int? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        let suffix = word.dropFirst(digits.count).lowercased()
        guard (1...2).contains(digits.count), ["", "st", "nd", "rd", "th"].contains(suffix) else { return nil }
        return Int(digits)
    }

    private static func checked(year: Int, month: Int, day: Int?) -> Parts? {
        guard (1...12).contains(month) else { return nil }
        if let day, day < 1 || day > BookDate.daysIn(month: month, year: year) { return nil }
        return (year, month, day, nil)
    }
}

extension BookDate {
    /// How a date is written, so that a new date can be written the same way.
    public enum Style: Sendable, Equatable {
        /// `2025-04-21`, or with another separator (`2025/04/21`).
        case iso(separator: Character)
        /// `21.04.2025`.
        case dotted
        /// `April 21, 2025` (`Apr 21, 2025` when `abbreviated`).
        case monthFirst(abbreviated: Bool)
        /// `21 April 2025`.
        case dayFirst(abbreviated: Bool)
        /// `2025年4月21日`.
        case cjk
        /// Any of the above inside an Obsidian link: `[[2025-04-21]]`.
        indirect case link(Style)
    }

    /// The style this date is written in.
    public var style: Style {
        var text = self.text
        var linked = false
        if let inner = BookDateForms.unlinked(text) {
            text = inner
            linked = true
        }
        let base: Style
        if text.contains("年") {
            base = .cjk
        } else if let first = text.first, first.isLetter {
            base = .monthFirst(abbreviated: !BookDate.startsWithFullMonth(text))
        } else if text.contains(where: \.isLetter) {
            let words = text.split(separator: " ")
            base = .dayFirst(abbreviated: !(words.count > 1 && BookDate.startsWithFullMonth(String(words[1]))))
        } else if text.count >= 8, text.split(separator: ".").count == 3 {
            base = .dotted
        } else if text.count > 4, text.utf8.count > 4, text.unicodeScalars[text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: 4)] == "/" {
            base = .iso(separator: "/")
        } else {
            base = .iso(separator: "-")
        }
        return linked ? .link(base) : base
    }

    /// This date (its day, month and year; a time is dropped) written in `style`.
    public func text(in style: Style) -> String {
        let month = self.month
        switch style {
        case .iso(let separator):
            var text = String(format4: year)
            if let month { text += String(separator) + String(format2: month) }
            if let day { text += String(separator) + String(format2: day) }
            return text
        case .dotted:
            guard let month, let day else { return text(in: .iso(separator: "-")) }
            return String(format2: day) + "." + String(format2: month) + "." + String(format4: year)
        case .monthFirst(let abbreviated), .dayFirst(let abbreviated):
            guard let month else { return String(format4: year) }
            let full = BookDateForms.fullMonthNames[month - 1]
            let name = abbreviated ? String(full.prefix(3)) : full
            guard let day else { return name + " " + String(year) }
            if case .dayFirst = style { return String(day) + " " + name + " " + String(year) }
            return name + " " + String(day) + ", " + String(year)
        case .cjk:
            var text = String(year) + "年"
            if let month { text += String(month) + "月" }
            if month != nil, let day { text += String(day) + "日" }
            return text
        case .link(let inner):
            return "[[" + text(in: inner) + "]]"
        }
    }

    private static func startsWithFullMonth(_ text: String) -> Bool {
        let word = text.prefix { $0.isLetter }.lowercased()
        return word.count > 3 && BookDateForms.monthNames[word] != nil
    }
}

extension BookDate {
    /// The months' English abbreviations, January first (`Jan` … `Dec`), as charts label them.
    public static let monthAbbreviations = BookDateForms.fullMonthNames.map { String($0.prefix(3)) }
}
