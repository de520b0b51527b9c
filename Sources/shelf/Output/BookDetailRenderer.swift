import ShelfKit

/// One book for reading in a terminal: title and authors, every field as written, the notes.
enum BookDetailRenderer {
    /// - Parameter alsoAt: the book's other names in the library (links to its file).
    /// - Parameter translations: the book's files in other languages (`record.zh.md`); edits go to `path`.
    static func render(_ book: Book, notes: String, path: String, alsoAt: [String] = [], translations: [String] = []) -> String {
        var lines: [String] = [book.title]
        if let subtitle = book.subtitle { lines.append(subtitle) }
        if !book.authors.isEmpty { lines.append("by " + book.authors.joined(separator: ", ")) }
        lines.append("")
        let shown = book.fields.filter { $0.canonical != .title && $0.canonical != .subtitle }
        let keyWidth = shown.map { DisplayWidth.of($0.key) }.max() ?? 0
        for field in shown {
            var value = text(of: field.value)
            if field.canonical == .rating, let rating = book.rating { value = Stars.render(rating) }
            if field.key == ReadingProgress.key, let summary = ReadingProgress(book: book).summary { value = summary }
            if field.key == Book.readsKey { value = ReadsText.earlier(book) }
            if field.key == Book.loansKey, !book.loans.isEmpty { value = LoansText.summary(book) }
            lines.append("  " + DisplayWidth.pad(field.key, to: keyWidth) + "  " + value)
        }
        lines.append("  " + DisplayWidth.pad("path", to: keyWidth) + "  " + path)
        if !alsoAt.isEmpty { lines.append("  " + DisplayWidth.pad("also at", to: keyWidth) + "  " + alsoAt.joined(separator: ", ")) }
        if !translations.isEmpty {
            lines.append(
                "  " + DisplayWidth.pad("translated", to: keyWidth) + "  " + translations.joined(separator: ", ") + " (edits go to \(path))"
            )
        }
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

/// The earlier reads in a line: `2019-03-02 → 2019-04-11 ★★★★ · 2021-06 → abandoned 2021-07 (p. 120)`.
enum ReadsText {
    static func earlier(_ book: Book) -> String {
        book.earlierReads.map { read in
            var text = (read.started?.text ?? "?") + " → "
            switch read.outcome {
            case .finished: text += read.ended?.text ?? "finished"
            case .abandoned: text += "abandoned" + (read.ended.map { " " + $0.text } ?? "") + (read.page.map { " (p. \($0))" } ?? "")
            case .open: text += "…"
            }
            if let rating = read.rating { text += " " + Stars.render(rating) }
            return text
        }.joined(separator: " · ")
    }
}

/// A book's loans in a line: `lent to Ana since 2024-02-10, due 2024-03-20 · 2 earlier loans`.
enum LoansText {
    static func summary(_ book: Book) -> String {
        let loans = book.loans
        var parts: [String] = []
        if let out = book.openLoan {
            parts.append("lent to \(out.to)" + (out.lent.map { " since " + $0.text } ?? "") + (out.due.map { ", due " + $0.text } ?? ""))
        }
        let back = loans.filter { !$0.isOpen }.count
        if back > 0 { parts.append("\(back) earlier loan" + (back == 1 ? "" : "s")) }
        return parts.joined(separator: " · ")
    }
}
