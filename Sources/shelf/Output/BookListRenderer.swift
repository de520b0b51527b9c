import ShelfKit
import ShelfPresentation

/// Prints a list of books in each of the output formats.
enum BookListRenderer {
    static func render(_ books: [Book], format: OutputFormat, library: Library) -> String {
        switch format {
        case .json:
            return JSONValue.array(books.map { $0.jsonObject() }).serialized(indent: 2) + "\n"
        case .paths:
            return Paths.lines(books.map(\.path), in: library)
        case .plain:
            return books.map { book in
                let line = book.authors.isEmpty ? book.title : book.title + " — " + book.authors.joined(separator: ", ")
                return oneLine(line) + "\n"
            }.joined()
        case .csv:
            var writer = CSVWriter()
            writer.writeRow(csvColumns)
            // Cells a spreadsheet would run as formulas are neutralised, as `shelf export csv` does.
            for book in books { writer.writeRow(csvRow(book).map(CSVWriter.neutralised)) }
            return writer.text
        case .template(let template):
            let filler = BookTemplate(template)
            return books.map { filler.render($0) + "\n" }.joined()
        case .table:
            guard !books.isEmpty else { return "" }
            let cell = InertOutput.cellEscaper()
            let table = TableRenderer(
                columns: [
                    .init(header: "TITLE", minimumWidth: 16, shrinks: true),
                    .init(header: "AUTHOR", minimumWidth: 12, shrinks: true),
                    .init(header: "STATUS", minimumWidth: 9, shrinks: false),
                    .init(header: "RATING", minimumWidth: 6, shrinks: false),
                    .init(header: "TAGS", minimumWidth: 8, shrinks: true),
                ],
                rows: books.map { book in
                    [String]([
                        book.title,
                        book.authors.joined(separator: ", "),
                        book.status?.rawValue ?? "",
                        book.rating.map(Stars.render) ?? "",
                        book.tags.joined(separator: ", "),
                    ]).map { cell(oneLine($0)) }
                })
            var styled = table
            let style = Style.standard
            if style.enabled {
                styled.decorate = { column, text in
                    switch column {
                    case 0: return style.bold(text)
                    case 2: return style.status(text)
                    case 3: return style.yellow(text)
                    case 4: return style.dim(text)
                    default: return text
                    }
                }
            }
            return styled.render(width: Terminal.width)
        }
    }

    /// Text on one line: line breaks and tabs become spaces, so a row stays a row.
    static func oneLine(_ text: String) -> String {
        // Most cells are ASCII without a tab or line break, which their bytes tell at once.
        guard text.utf8.contains(where: { $0 >= 0x80 || (0x09...0x0D).contains($0) }) else { return text }
        guard text.contains(where: { $0.isNewline || $0 == "\t" }) else { return text }
        return text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
    }

    static let csvColumns = [
        "path", "title", "authors", "isbn", "status", "rating", "tags", "added", "started", "finished",
        "series", "series_index", "publisher", "published", "pages",
    ]

    static func csvRow(_ book: Book) -> [String] {
        [
            book.path, book.title, book.authors.joined(separator: "; "), book.isbn ?? "",
            book.status?.rawValue ?? "", book.rating.map(Rating.number) ?? "", book.tags.joined(separator: "; "),
            book.added?.text ?? "", book.started?.text ?? "", book.finished?.text ?? "",
            book.series ?? "", book.seriesIndex.map(Stars.number) ?? "", book.publisher ?? "",
            book.published?.text ?? "", book.pages.map(String.init) ?? "",
        ]
    }
}

/// Ratings as stars, and numbers without a needless `.0`.
enum Stars {
    static func render(_ rating: Double) -> String { Rating.drawn(rating) }

    static func render(_ rating: Int) -> String { Rating.drawn(Double(rating)) }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
