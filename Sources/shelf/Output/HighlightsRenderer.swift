import ShelfKit
import ShelfPresentation

/// A book's highlights for reading in a terminal: the book, then each passage indented, with
/// where and when, and the note under it.
enum HighlightsRenderer {
    static func render(_ entry: BookHighlights, path: String) -> [String] {
        let book = entry.book
        var lines = [book.title + (book.authors.isEmpty ? "" : " — " + book.authors.joined(separator: ", ")) + "  (\(path))"]
        for highlight in entry.highlights {
            lines.append("")
            if !highlight.text.isEmpty {
                lines += highlight.text.split(separator: "\n", omittingEmptySubsequences: false).map { "  > " + $0 }
            }
            let place = [
                highlight.chapter, highlight.page.map { "p. " + $0 }, highlight.location.map { "loc. " + $0 }, highlight.date?.text,
            ]
            .compactMap { $0 }.joined(separator: " · ")
            if !place.isEmpty { lines.append("    " + place) }
            if let note = highlight.note {
                lines += note.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
                    "    " + ($0.offset == 0 ? "Note: " : "      ") + $0.element
                }
            }
        }
        return lines
    }
}

/// What `shelf highlights import` says it did.
enum HighlightImportSummary {
    static func lines(_ report: HighlightImportReport, dryRun: Bool, library: Library) -> [String] {
        var lines: [String] = []
        for source in report.sources {
            lines.append(
                "Read \(source.kind.displayName) \(source.path): \(count(source.books, "book")), \(count(source.highlights, "highlight"))")
        }
        let verb = dryRun ? "Would add" : "Added"
        for change in report.books {
            var line: String
            if change.added > 0 || change.created {
                line = "\(verb) \(count(change.added, "highlight")) to \(Paths.display(change.path, in: library))"
                if change.replaced > 0 { line += ", \(count(change.replaced, "highlight")) updated from the device" }
                if !change.reading.isEmpty { line += "; " + change.reading.joined(separator: ", ") }
            } else {
                line =
                    (dryRun ? "Would update " : "Updated ") + Paths.display(change.path, in: library) + ": "
                    + change.reading.joined(separator: ", ")
            }
            line += change.created ? " (new book)" : " (matched by \(change.matchedBy))"
            lines.append(line)
        }
        if report.unchanged > 0 { lines.append("\(count(report.unchanged, "book")) already had every highlight.") }
        if report.bookmarks > 0 { lines.append("\(count(report.bookmarks, "bookmark")) skipped (bookmarks mark a place, not text).") }
        if !report.fuzzySkipped.isEmpty {
            lines.append("Not imported: \(count(report.fuzzySkipped.count, "book")) with a similar title (run again with --yes to accept):")
            for match in report.fuzzySkipped {
                lines.append("  \(match.sourceTitle) → \(Paths.display(match.bookPath, in: library)) (\(match.bookTitle))")
            }
        }
        if !report.unmatched.isEmpty {
            lines.append("Not in the library: \(count(report.unmatched.count, "book")) (--add-missing creates them):")
            lines += report.unmatched.map { "  " + $0 }
        }
        if report.books.isEmpty && report.fuzzySkipped.isEmpty && report.unmatched.isEmpty {
            lines.append(dryRun ? "Nothing new to import." : "Nothing new to import; every highlight is already in its book.")
        }
        return lines
    }

    static func json(_ report: HighlightImportReport) -> JSONValue {
        .object([
            (
                "sources",
                .array(
                    report.sources.map {
                        .object([
                            ("path", .string($0.path)), ("kind", .string($0.kind.rawValue)), ("books", .integer($0.books)),
                            ("highlights", .integer($0.highlights)),
                        ])
                    })
            ),
            (
                "books",
                .array(
                    report.books.map {
                        .object([
                            ("path", .string($0.path)), ("title", .string($0.title)), ("added", .integer($0.added)),
                            ("replaced", .integer($0.replaced)), ("created", .bool($0.created)), ("matched_by", .string($0.matchedBy)),
                            ("reading", .array($0.reading.map(JSONValue.string))),
                        ])
                    })
            ),
            ("unchanged", .integer(report.unchanged)),
            ("unmatched", .array(report.unmatched.map(JSONValue.string))),
            (
                "fuzzy_skipped",
                .array(
                    report.fuzzySkipped.map {
                        .object([("title", .string($0.sourceTitle)), ("book", .string($0.bookPath))])
                    })
            ),
            ("bookmarks", .integer(report.bookmarks)),
            ("failures", .array(report.failures.map(JSONValue.string))),
        ])
    }

    /// `1 highlight`, `2 highlights`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
