import ShelfKit

/// One book for reading in a terminal: title and authors, every field as written, the notes.
enum BookDetailRenderer {
    static func render(_ book: Book, notes: String, path: String) -> String {
        var lines: [String] = [book.title]
        if let subtitle = book.subtitle { lines.append(subtitle) }
        if !book.authors.isEmpty { lines.append("by " + book.authors.joined(separator: ", ")) }
        lines.append("")
        let shown = book.fields.filter { $0.canonical != .title && $0.canonical != .subtitle }
        let keyWidth = shown.map { DisplayWidth.of($0.key) }.max() ?? 0
        for field in shown {
            var value = text(of: field.value)
            if field.canonical == .rating, let rating = book.rating { value = Stars.render(rating) }
            lines.append("  " + DisplayWidth.pad(field.key, to: keyWidth) + "  " + value)
        }
        lines.append("  " + DisplayWidth.pad("path", to: keyWidth) + "  " + path)
        for problem in book.problems { lines.append("  ! " + problem.description) }
        let trimmedNotes = HighlightsSection.hidingImportRecord(notes).trimmingSpaces
        if !trimmedNotes.isEmpty {
            lines.append("")
            lines.append(trimmedNotes)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func text(of value: FieldValue) -> String {
        switch value {
        case .null: return ""
        case .scalar(let text, _): return text
        case .list(let items):
            if items.allSatisfy({ $0.text != nil }) { return items.compactMap(\.text).joined(separator: ", ") }
            return items.map { "[" + text(of: $0) + "]" }.joined(separator: " ")
        case .map(let entries):
            return entries.map { "\($0.key): \(text(of: $0.value))" }.joined(separator: ", ")
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
