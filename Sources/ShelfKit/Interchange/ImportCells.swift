/// Cleaning of export cells shared by the importers: HTML entities, dates, ISBNs, ratings on
/// other scales, names written last-first, list cells.
enum ImportCells {
    /// A one-line text: HTML entities decoded, runs of spaces and line breaks made one space, trimmed.
    static func line(_ text: String) -> String {
        let decoded = HTMLEntities.decode(text)
        var output = ""
        var pendingSpace = false
        for character in decoded {
            if character.isWhitespace {
                pendingSpace = !output.isEmpty
            } else {
                if pendingSpace { output.append(" ") }
                output.append(character)
                pendingSpace = false
            }
        }
        return output
    }

    /// A cell with the `'` a spreadsheet-safe export put before `=`, `+`, `-`, `@`, tab or CR
    /// taken off again (see `CSVWriter.neutralised`).
    static func unneutralised(_ cell: String) -> String {
        let scalars = cell.unicodeScalars
        guard scalars.first == "'", let second = scalars.dropFirst().first, "=+-@\t\r".unicodeScalars.contains(second) else {
            return cell
        }
        return String(cell.dropFirst())
    }

    /// A date as shelf writes it (`YYYY-MM-DD`, `YYYY-MM` or `YYYY`) from `2024/05/03`,
    /// `[2024-05-03]`, `2024-05-03T22:10:00+01:00` and the like; nil when there is none.
    /// Years before 1000 are placeholders (calibre writes `0101-01-01` for "unknown").
    static func date(_ text: String) -> String? {
        var value = Substring(text.trimmingSpaces)
        if value.hasPrefix("[") && value.hasSuffix("]") { value = value.dropFirst().dropLast() }
        if let cut = value.firstIndex(where: { $0 == "T" || $0 == " " }) { value = value[..<cut] }
        guard let date = BookDate(String(value)), date.year >= 1000 else { return nil }
        if let month = date.month, let day = date.day {
            return BookDate(year: date.year, month: month, day: day).text
        }
        if let month = date.month { return String(zeroPadded: date.year, width: 4) + "-" + String(zeroPadded: month, width: 2) }
        return String(zeroPadded: date.year, width: 4)
    }

    /// The ISBN in a cell, unwrapped from `="…"` or `[…]`, without hyphens; nil when the cell
    /// holds none (`=""`) or the digits are not a valid ISBN.
    static func isbn(_ text: String) -> String? {
        var value = Substring(text.trimmingSpaces)
        if value.hasPrefix("=\"") && value.hasSuffix("\"") && value.count >= 3 { value = value.dropFirst(2).dropLast() }
        if value.hasPrefix("[") && value.hasSuffix("]") { value = value.dropFirst().dropLast() }
        let cleaned = String(value.filter { $0 != "-" && $0 != " " }).uppercased()
        guard !cleaned.isEmpty, ISBN.parse(cleaned) != nil, cleaned.count == 10 || cleaned.count == 13 else { return nil }
        return cleaned
    }

    /// A rating on a 1–5 scale from a number on `scale` (5 for stars, 10 for calibre's 0–10).
    /// Zero is "not rated". A fraction is rounded half up for `rating`, and the exact value on
    /// the 5-star scale is given as `exact` (`3.75`), so nothing the source held is lost.
    static func rating(_ text: String, scale: Double = 5) -> (rating: Int, exact: String?)? {
        guard let value = Double(text.trimmingSpaces.replacingOccurrences(of: ",", with: ".")), value.isFinite, value > 0 else {
            return nil
        }
        let stars = value * 5 / scale
        let rounded = min(5, max(1, Int((stars + 0.5).rounded(.down))))
        let isWhole = stars == stars.rounded()
        return (rounded, isWhole ? nil : number(stars))
    }

    /// A whole number from a cell such as `590 ` or `1,088`; nil when there is none or it is 0.
    static func count(_ text: String) -> Int? {
        let digits = text.trimmingSpaces.prefix { $0.isNumber || $0 == "," }.filter { $0 != "," }
        guard let value = Int(digits), value > 0 else { return nil }
        return value
    }

    /// A number written without a needless `.0`: `1`, `2.5`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// A series position (`1`, `1.0`, `0.5`); nil when it is not a number (`1-3`).
    static func seriesIndex(_ text: String) -> String? {
        guard let value = Double(text.trimmingSpaces), value.isFinite, value >= 0 else { return nil }
        return number(value)
    }

    /// Items of a list cell split on `separator`, each cleaned to one line, empty ones dropped.
    static func list(_ text: String, separator: String = ",") -> [String] {
        text.components(separatedBy: separator).map(line).filter { !$0.isEmpty }
    }

    /// Author names from a list cell. A `Jr.`, `Sr.` or Roman numeral after a comma belongs to the
    /// name before it (`Martin Luther King, Jr.`).
    static func names(_ text: String, separator: String = ",") -> [String] {
        var names: [String] = []
        for part in list(text, separator: separator) {
            let suffixes: Set<String> = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "phd", "md"]
            if let last = names.last, suffixes.contains(part.lowercased()) {
                names[names.count - 1] = last + ", " + part
            } else {
                names.append(part)
            }
        }
        return unique(names)
    }

    /// `Le Guin, Ursula K.` as `Ursula K. Le Guin`; a name without a comma is kept.
    static func nameFirstLast(_ text: String) -> String {
        let parts = text.components(separatedBy: ",").map(\.trimmingSpaces).filter { !$0.isEmpty }
        guard parts.count >= 2 else { return line(text) }
        var name = parts[1] + " " + parts[0]
        if parts.count > 2 { name += ", " + parts[2...].joined(separator: ", ") }
        return line(name)
    }

    /// Items with later duplicates removed, compared folded (case and accents ignored).
    static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert(TextFolding.fold($0)).inserted }
    }

    /// A binding or media as shelf's `format`: `hardcover`, `paperback`, `ebook`, `audiobook`,
    /// or the source's word in lowercase. nil for "unknown".
    static func format(_ text: String) -> String? {
        let value = line(text).lowercased()
        guard !value.isEmpty, !value.contains("unknown"), value != "unbound" else { return nil }
        if value.contains("kindle") || value.contains("ebook") || value.contains("e-book") || value == "digital"
            || value == "nook" || value == "epub" || value == "pdf"
        {
            return "ebook"
        }
        if value.contains("audio") || value == "mp3 cd" { return "audiobook" }
        if value == "hardback" { return "hardcover" }
        return value
    }

    /// A title with a Goodreads-style series suffix split off:
    /// `The Fifth Season (The Broken Earth, #1)` → (`The Fifth Season`, `The Broken Earth`, `1`).
    /// A range (`#1-3`) gives the series without a position. A title without `(… #…)` at its end
    /// is returned whole.
    static func splitSeries(_ title: String) -> (title: String, series: String?, index: String?) {
        let split = splitAllSeries(title)
        return (split.title, split.series.first?.name, split.series.first?.index)
    }

    /// A title with every series of a Goodreads suffix split off:
    /// `Title (Series A, #1; Series B, #3)` → (`Title`, [(`Series A`, `1`), (`Series B`, `3`)]).
    /// A suffix with any part that is not `Name, #N` is left in the title.
    static func splitAllSeries(_ title: String) -> (title: String, series: [(name: String, index: String?)]) {
        guard title.hasSuffix(")"), let open = title.lastIndex(of: "(") else { return (title, []) }
        let inner = title[title.index(after: open)..<title.index(before: title.endIndex)]
        let base = String(title[..<open]).trimmingSpaces
        guard !base.isEmpty else { return (title, []) }
        var series: [(name: String, index: String?)] = []
        for part in inner.split(separator: ";") {
            guard let hash = part.lastIndex(of: "#") else { return (title, []) }
            var name = String(part[..<hash]).trimmingSpaces
            while name.hasSuffix(",") { name = String(name.dropLast()).trimmingSpaces }
            let position = String(part[part.index(after: hash)...]).trimmingSpaces
            guard !name.isEmpty, position.first?.isNumber == true else { return (title, []) }
            series.append((name, seriesIndex(position)))
        }
        return series.isEmpty ? (title, []) : (base, series)
    }
}
