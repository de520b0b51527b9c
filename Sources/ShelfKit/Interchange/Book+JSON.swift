import ShelfPresentation

extension Book {
    /// The book as a JSON object: `path`, then every field under its canonical name (numbers for
    /// rating, pages and series_index, dates as written, authors and tags always lists), then the
    /// user's own keys as a YAML reader sees them, but for the `progress:` log, whose lines are
    /// objects (`ProgressJSON`).
    public func jsonObject() -> JSONValue {
        var members: [(String, JSONValue)] = [("path", .string(path)), ("title", .string(title))]
        func add(_ key: CanonicalField, _ value: String?) {
            if let value { members.append((key.rawValue, .string(value))) }
        }
        add(.subtitle, subtitle)
        if !authors.isEmpty { members.append(("authors", .array(authors.map(JSONValue.string)))) }
        add(.isbn, isbn)
        add(.status, status?.rawValue)
        if let rating { members.append(("rating", rating == rating.rounded() ? .integer(Int(rating)) : .number(rating))) }
        if !tags.isEmpty { members.append(("tags", .array(tags.map(JSONValue.string)))) }
        add(.added, added?.text)
        add(.started, started?.text)
        add(.finished, finished?.text)
        add(.series, series)
        if let seriesIndex { members.append(("series_index", .number(seriesIndex))) }
        // A book in several series (a list under `series`): every one, so none is dropped.
        let allSeries = seriesWritten
        if allSeries.count > 1 {
            members.append(
                (
                    "series_list",
                    .array(
                        allSeries.map { series in
                            .object([("name", .string(series.name))] + (series.index.map { [("index", JSONValue.number($0))] } ?? []))
                        })
                ))
        }
        add(.publisher, publisher)
        add(.published, published?.text)
        if let pages { members.append(("pages", .integer(pages))) }
        add(.language, language)
        if !genres.isEmpty { members.append(("genres", .array(genres.map(JSONValue.string)))) }
        add(.location, location)
        add(.format, format)
        if let favorite { members.append(("favorite", .bool(favorite))) }
        add(.cover, cover)
        if let copies = fields.first(where: { $0.canonical == .copies }) {
            members.append(("copies", copies.value.json))
        }
        add(.openlibrary, openlibrary)
        add(.goodreads, goodreads)
        add(.source, source)
        add(.ownership, ownership?.rawValue)
        var seen = Set(members.map(\.0))
        for field in fields where field.canonical == nil && !seen.contains(field.key) {
            seen.insert(field.key)
            // The progress log as objects a program can use, not lines to parse.
            let log = ProgressJSON.isLogKey(field.key) ? ProgressJSON.json(field.value) : nil
            members.append((field.key, log ?? field.value.json))
        }
        return .object(members)
    }
}

extension FieldValue {
    /// The value as JSON, with plain scalars typed the way a YAML 1.2 reader types them.
    var json: JSONValue {
        switch self {
        case .null: return .null
        case .list(let items): return .array(items.map(\.json))
        case .map(let entries): return .object(entries.map { ($0.key, $0.value.json) })
        case .scalar(let text, let isPlain):
            guard isPlain else { return .string(text) }
            switch text {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: break
            }
            if let integer = Int(text), !(text.hasPrefix("0") && text.count > 1) { return .integer(integer) }
            if text.contains("."), let number = Double(text), number.isFinite { return .number(number) }
            return .string(text)
        }
    }
}
