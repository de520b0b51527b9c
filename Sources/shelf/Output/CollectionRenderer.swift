import ShelfKit

/// Prints collection entries: name and count, and for a series its books in order.
enum CollectionRenderer {
    static func render(_ entries: [BookCollection.Entry], collection: BookCollection, format: OutputFormat, library: Library) -> String {
        switch format {
        case .json:
            return JSONValue.array(entries.map { entry in
                var members: [(String, JSONValue)] = [("name", .string(entry.name)), ("count", .integer(entry.books.count))]
                if collection == .authors { members.append(("sort_name", .string(entry.sortName))) }
                if collection == .series {
                    members.append(("read", .integer(entry.readCount)))
                    members.append(("total", entry.total.map(JSONValue.integer) ?? .null))
                }
                members.append(("books", .array(entry.books.map { $0.jsonObject() })))
                return .object(members)
            }).serialized(indent: 2) + "\n"
        case .csv:
            var writer = CSVWriter()
            writer.writeRow(["name", "count"])
            for entry in entries { writer.writeRow([CSVExporter.neutralised(entry.name), String(entry.books.count)]) }
            return writer.text
        case .paths, .template:
            return BookListRenderer.render(entries.flatMap(\.books), format: format, library: library)
        case .plain:
            return entries.map { "\(entry(name: $0, collection: collection)) (\($0.books.count))\n" }.joined()
        case .table:
            let width = entries.map { String($0.books.count).count }.max() ?? 1
            return entries.map { entry in
                var text = String(repeating: " ", count: width - String(entry.books.count).count) + "\(entry.books.count)  "
                    + self.entry(name: entry, collection: collection)
                if collection == .series {
                    text += "  (\(entry.readCount) of \(entry.total ?? entry.books.count) read)"
                    for book in entry.books {
                        let position = book.seriesIndex.map { "#" + Stars.number($0) } ?? "#?"
                        text += "\n" + String(repeating: " ", count: width + 4) + "\(position) \(book.title)" + (book.status.map { " — \($0.rawValue)" } ?? "")
                    }
                }
                return text + "\n"
            }.joined()
        }
    }

    private static func entry(name entry: BookCollection.Entry, collection: BookCollection) -> String {
        collection == .authors ? entry.sortName : entry.name
    }
}
