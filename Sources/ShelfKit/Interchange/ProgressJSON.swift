import ShelfPresentation

/// The `progress:` log in JSON, both ways: each line as an object a program can use
/// (`{"date": "2026-01-05", "page": 120}`, `{"date": …, "percent": 37}`, `{"date": …, "minutes": 200}`),
/// and back to the lines when `shelf import json` restores a book.
///
/// A line written otherwise than shelf writes it (`2026-01-05 p120`) keeps its text under
/// `written`, so a restore gives the same line; a line shelf cannot read stays a string. An
/// export made before the objects (the lines as strings) still imports.
enum ProgressJSON {
    /// The key of the log, folded: `progress`, `Progress` and `PROGRESS` are the one key
    /// `ReadingProgress` reads.
    static func isLogKey(_ key: String) -> Bool {
        CanonicalField.fold(key, equals: ReadingProgress.key)
    }

    /// The log as JSON: an array of objects, a line shelf cannot read as its string. Nil when
    /// the value is not a list (a scalar `progress:` is someone's own, shown as written).
    static func json(_ value: FieldValue) -> JSONValue? {
        guard case .list(let items) = value else { return nil }
        return .array(
            items.map { item in
                guard let text = item.text else { return item.json }
                guard let entry = ProgressEntry(line: text) else { return .string(text) }
                var members = entry.jsonMembers
                if entry.line != text.trimmingSpaces { members.append(("written", .string(text))) }
                return .object(members)
            })
    }

    /// The log's lines from an export: objects as `json(_:)` writes them, or strings (an older
    /// export). Nil when an item is neither, or an object says no day and position: then the
    /// value is restored as the JSON it is.
    static func lines(_ value: JSONValue) -> [String]? {
        guard case .array(let items) = value, !items.isEmpty else { return nil }
        var lines: [String] = []
        for item in items {
            switch item {
            case .string(let text): lines.append(text)
            case .object(let members):
                guard let line = line(members) else { return nil }
                lines.append(line)
            default: return nil
            }
        }
        return lines
    }

    /// A line as an item of the list: plain when it is a day and a position (`2026-01-05 page 120`,
    /// `2026-01-09 p130`), which no YAML reader takes for anything but a string, as `shelf
    /// progress` writes it; any other line quoted where a reader would misread it.
    static func item(_ line: String) -> String {
        let plain = line.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || " .:%-".unicodeScalars.contains($0))
        }
        return plain && line == line.trimmingSpaces && ProgressEntry(line: line) != nil ? line : YAMLScalarWriter.string(line)
    }

    private static func line(_ members: [(String, JSONValue)]) -> String? {
        func member(_ name: String) -> JSONValue? { members.first { $0.0 == name }?.1 }
        if case .string(let written)? = member("written") { return written }
        guard case .string(let day)? = member("date"), let date = BookDate(day) else { return nil }
        let position: ProgressEntry.Position
        switch (member("page"), member("percent"), member("minutes")) {
        case (.integer(let page)?, nil, nil) where page >= 0: position = .page(page)
        case (nil, .integer(let percent)?, nil) where (0...100).contains(percent): position = .percent(Double(percent))
        case (nil, .number(let percent)?, nil) where (0...100).contains(percent): position = .percent(percent)
        case (nil, nil, .integer(let minutes)?) where minutes >= 0: position = .time(minutes)
        default: return nil
        }
        return ProgressEntry(date: date, position: position).line
    }
}

extension ProgressEntry {
    /// `date` and one of `page`, `percent` (a whole number when it is one) or `minutes`.
    var jsonMembers: [(String, JSONValue)] {
        let position: (String, JSONValue)
        switch self.position {
        case .page(let page): position = ("page", .integer(page))
        case .percent(let value): position = ("percent", value == value.rounded() ? .integer(Int(value)) : .number(value))
        case .time(let minutes): position = ("minutes", .integer(minutes))
        }
        return [("date", .string(date.text)), position]
    }
}
