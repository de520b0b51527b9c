import ShelfKit
import ShelfPresentation

/// Sections of books: a heading per value, then the books in the chosen format.
enum GroupRenderer {
    static func render(_ groups: [BookGrouping.Group], format: OutputFormat, library: Library) -> String {
        if format == .json {
            return JSONValue.array(
                groups.map { group in
                    .object([
                        ("group", group.value.map(JSONValue.string) ?? .null),
                        ("count", .integer(group.books.count)),
                        ("books", .array(group.books.map { $0.jsonObject() })),
                    ])
                }
            ).serialized(indent: 2) + "\n"
        }
        return groups.map { group in
            let heading = "\(group.value ?? "(none)") (\(group.books.count))"
            return heading + "\n" + BookListRenderer.render(group.books, format: format, library: library)
        }.joined(separator: "\n")
    }
}
