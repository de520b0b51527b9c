import ShelfPresentation

/// A book with the notes of its body, as the exporters take it.
public struct ExportedBook: Sendable {
    var book: Book
    /// The body of the file, exactly.
    var notes: String

    /// A book with `notes`, the body of its file.
    public init(book: Book, notes: String) {
        self.book = book
        self.notes = notes
    }
}

/// `shelf export csv`: one row per book under a header of canonical names (`path` first), lists
/// joined with `; `. A cell a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
/// `@`, a tab or a carriage return) is neutralised with a leading `'`.
enum CSVExporter {
    /// The header: `path`, then every canonical field in canonical order, then the reads:
    /// `times_read` (finished reads) and `reads` (every read, as a JSON array).
    static let columns = ["path"] + CanonicalField.allCases.map(\.rawValue) + ["times_read", "reads"]

    /// The CSV text (CRLF line ends, as RFC 4180 has them) of `books`, in the order given.
    static func export(_ books: [Book]) -> String {
        var writer = CSVWriter()
        writer.writeRow(columns)
        for book in books {
            writer.writeRow(columns.map { CSVWriter.neutralised(cell($0, of: book)) })
        }
        return writer.text
    }

    static func cell(_ column: String, of book: Book) -> String {
        guard let field = CanonicalField(key: column) else {
            switch column {
            case "path": return book.path
            case "times_read": return String(book.timesRead)
            case "reads": return book.reads.isEmpty ? "" : JSONValue.array(book.reads.map(\.json)).serialized()
            default: return ""
            }
        }
        switch field {
        case .title: return book.title
        case .authors: return book.authors.joined(separator: "; ")
        case .tags: return book.tags.joined(separator: "; ")
        case .genres: return book.genres.joined(separator: "; ")
        case .status: return book.status?.rawValue ?? ""
        case .rating: return book.rating.map(Rating.number) ?? ""
        case .seriesIndex: return book.seriesIndex.map(ImportCells.number) ?? ""
        case .pages: return book.pages.map { String($0) } ?? ""
        case .added: return book.added?.text ?? ""
        case .started: return book.started?.text ?? ""
        case .finished: return book.finished?.text ?? ""
        case .published: return book.published?.text ?? ""
        case .favorite: return book.favorite.map { $0 ? "true" : "false" } ?? ""
        case .copies: return book.value(of: field.rawValue).map { $0.json.serialized() } ?? ""
        default: return book.queryTexts(of: field.rawValue).joined(separator: "; ")
        }
    }
}

/// `shelf export json`: every book as `ls --format json` shows it (every field, the user's own
/// keys included), plus `notes`, the body exactly, and, after it, `highlights` (read from the
/// notes' `## Highlights` section, for scripts; import ignores it). `shelf import json` restores it.
enum JSONExporter {
    /// The JSON text (an array, two-space indented) of `books`, in the order given.
    static func export(_ books: [ExportedBook]) -> String {
        let items = books.map { exported -> JSONValue in
            guard case .object(var members) = exported.book.jsonObject() else { return exported.book.jsonObject() }
            members.append(("notes", .string(exported.notes)))
            let highlights = Highlight.all(inNotes: exported.notes)
            if !highlights.isEmpty { members.append(("highlights", .array(highlights.map { $0.jsonObject() }))) }
            return .object(members)
        }
        return JSONValue.array(items).serialized(indent: 2) + "\n"
    }
}
