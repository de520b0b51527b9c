import ShelfKit
import ShelfPresentation

/// Prints collection entries: name and count, and for a series its books in order.
enum CollectionRenderer {
    static func render(_ entries: [BookCollection.Entry], collection: BookCollection, format: OutputFormat, library: Library) -> String {
        switch format {
        case .json:
            return JSONValue.array(
                entries.map { entry in
                    var members: [(String, JSONValue)] = [("name", .string(entry.name)), ("count", .integer(entry.books.count))]
                    if collection == .authors { members.append(("sort_name", .string(entry.sortName))) }
                    if collection == .series {
                        members.append(("read", .integer(entry.readCount)))
                        members.append(("total", entry.total.map(JSONValue.integer) ?? .null))
                        members.append(("next", entry.nextToRead.map { .string($0.path) } ?? .null))
                        members.append(("missing", .array(entry.missingNumbers.map(JSONValue.integer))))
                    }
                    members.append(("books", .array(entry.books.map { $0.jsonObject() })))
                    return .object(members)
                }
            ).serialized(indent: 2) + "\n"
        case .csv:
            var writer = CSVWriter()
            writer.writeRow(["name", "count"])
            for entry in entries { writer.writeRow([CSVWriter.neutralised(entry.name), String(entry.books.count)]) }
            return writer.text
        case .paths, .template:
            return BookListRenderer.render(entries.flatMap(\.books), format: format, library: library)
        case .plain:
            return entries.map { "\(entry(name: $0, collection: collection)) (\($0.books.count))\n" }.joined()
        case .table:
            let width = entries.map { String($0.books.count).count }.max() ?? 1
            return entries.map { entry in
                var text =
                    String(repeating: " ", count: width - String(entry.books.count).count) + "\(entry.books.count)  "
                    + self.entry(name: entry, collection: collection)
                if collection == .series {
                    text += "  (\(entry.readCount) of \(entry.total ?? entry.books.count) read)"
                    text += SeriesLines.books(of: entry, indent: width + 4)
                }
                return text + "\n"
            }.joined()
        }
    }

    private static func entry(name entry: BookCollection.Entry, collection: BookCollection) -> String {
        collection == .authors ? entry.sortName : entry.name
    }
}

/// A series' books in order, with the gaps where they fall and the next book to read marked.
enum SeriesLines {
    static func books(of entry: BookCollection.Entry, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var text = ""
        var gaps = entry.missingNumbers[...]
        let next = entry.nextToRead?.path
        for book in entry.books {
            var before: [Int] = []
            while let gap = gaps.first, let index = book.seriesIndex, Double(gap) < index {
                before.append(gap)
                gaps = gaps.dropFirst()
            }
            for run in runs(before) { text += "\n" + pad + run + " missing" }
            let position = book.seriesIndex.map { "#" + Stars.number($0) } ?? "#?"
            let times = book.timesRead
            let state = times > 1 ? "read ×\(times)" + (book.status == .reading ? ", reading again" : "") : book.status?.rawValue
            text += "\n" + pad + "\(position) \(book.title)" + (state.map { " — " + $0 } ?? "") + (book.path == next ? "  ← next" : "")
        }
        for run in runs(Array(gaps)) { text += "\n" + pad + run + " missing" }
        return text
    }

    /// Numbers in runs: `#3`, `#5–#7`.
    static func runs(_ numbers: [Int]) -> [String] {
        var runs: [String] = []
        var index = 0
        while index < numbers.count {
            var end = index
            while end + 1 < numbers.count && numbers[end + 1] == numbers[end] + 1 { end += 1 }
            runs.append(end == index ? "#\(numbers[index])" : "#\(numbers[index])–#\(numbers[end])")
            index = end + 1
        }
        return runs
    }

    /// `Dune: #3, #5 missing` for each series with gaps.
    static func gaps(_ entries: [BookCollection.Entry]) -> String {
        entries.filter { !$0.missingNumbers.isEmpty }
            .map { "\($0.name): " + runs($0.missingNumbers).joined(separator: ", ") + " missing\n" }.joined()
    }
}
