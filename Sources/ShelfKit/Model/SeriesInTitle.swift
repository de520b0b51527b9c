/// A series told by the title alone (`Paper Girls Vol 5`, `Шарм. Книга 5`, `三体 第3卷`), and a
/// series key that says the book is in none (`series: standalone`, `самостоятельный роман`).
extension Book {
    /// The words that mark a book's number in its series at the end of a title, folded.
    private static let numberMarkers: [String] = [
        "book", "vol.", "vol", "volume", "tome", "tomo", "band", "bd.", "libro", "livre", "книга", "том",
    ]

    /// Series values that say the book belongs to no series, folded (lowercased, trimmed).
    private static let noSeriesWords: Set<String> = [
        "standalone", "stand-alone", "stand alone", "standalone novel", "standalone book", "one-shot", "one shot", "oneshot",
        "no series", "none", "n/a", "einzelband", "einzelroman", "keine reihe", "tome unique", "roman indépendant",
        "autoconclusivo", "autoconclusiva", "novela independiente", "sin serie", "volume unico", "volume único", "livro único",
        "самостоятельный роман", "самостоятельная книга", "самостоятельное произведение", "вне серии", "без серии",
        "отдельная книга", "独立作品", "独立小说", "非系列", "单行本", "単巻", "読み切り",
    ]

    /// True when a series value says the book is in no series (`standalone`, `Einzelband`,
    /// `самостоятельный роман`, `独立作品`).
    static func saysNoSeries(_ text: String) -> Bool {
        var folded = text.trimmingSpaces.lowercased()
        if folded.hasSuffix(".") { folded.removeLast() }
        return noSeriesWords.contains(folded)
    }

    /// The book's number in its series as the end of its title gives it, and the series' name
    /// when the title gives it plainly (`Paper Girls Vol 5`: `Paper Girls`, 5). Only an explicit
    /// marker counts — `Vol 5`, `Book 2`, `#4`, `Tome 3`, `Band 2`, `Книга 5`, `Том 2`, `第3卷` — or
    /// the book's own series name just before the number (`Школа тёмных-2` in series
    /// `Школа тёмных`); a bare number (`1984`, `Catch-22`, `Metro 2033`) is none.
    static func seriesNumber(inTitle title: String, series: String?) -> (name: String?, index: Double)? {
        let text = Substring(title.trimmingSpaces)
        if let cjk = cjkVolume(text) { return cjk }
        let digits = text.reversed().prefix { $0.isASCII && $0.isNumber }
        guard (1...3).contains(digits.count), let index = Double(String(digits.reversed())) else { return nil }
        let head = text.dropLast(digits.count)
        if head.hasSuffix("#") { return (plainName(head.dropLast()), index) }
        let spaced = head.trimmingSuffix(while: { $0 == " " })
        let folded = spaced.lowercased()
        for marker in numberMarkers where folded.hasSuffix(marker) {
            // The marker is a word of its own, and `Book2` is no marker (a space or `.` before the number).
            let before = spaced.dropLast(marker.count)
            guard before.isEmpty || before.last.map({ !$0.isLetter && !$0.isNumber }) == true,
                spaced.count < head.count || marker.hasSuffix(".")
            else { continue }
            return (plainName(before), index)
        }
        // The book's series named just before the number: `Школа тёмных-2`, `Дюна 2`.
        if let series, !series.isEmpty {
            let named = head.trimmingSuffix(while: { $0 == " " || $0 == "-" || $0 == "–" })
            if named.count < head.count, named.lowercased().hasSuffix(series.lowercased()) { return (nil, index) }
        }
        return nil
    }

    /// `第3卷`, `第3册`, `第3部` at the end of a title.
    private static func cjkVolume(_ text: Substring) -> (name: String?, index: Double)? {
        guard let last = text.last, "卷册冊巻部集".contains(last) else { return nil }
        let body = text.dropLast()
        let digits = body.reversed().prefix { $0.isASCII && $0.isNumber }
        guard (1...3).contains(digits.count), let index = Double(String(digits.reversed())) else { return nil }
        let head = body.dropLast(digits.count)
        guard head.last == "第" else { return nil }
        return (plainName(head.dropLast()), index)
    }

    /// The text before a number marker as a series name, when it is plainly one: no sentence
    /// punctuation in it or after it (`Шарм. Книга 5` names the book, not its series).
    private static func plainName(_ text: Substring) -> String? {
        let name = String(text).trimmingSpaces
        guard !name.isEmpty, !name.contains(where: { ".:;,/()–—!?。：，".contains($0) }), !name.contains(" - ") else { return nil }
        return name
    }
}

extension Substring {
    fileprivate func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
        var text = self
        while let last = text.last, drop(last) { text = text.dropLast() }
        return text
    }
}
