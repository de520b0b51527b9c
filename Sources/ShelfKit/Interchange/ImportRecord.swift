import ShelfPresentation

/// A value an importer found for one key.
enum ImportValue: Sendable, Equatable {
    /// A string, quoted where a YAML reader would take it for something else.
    case string(String)
    /// A number, date or boolean, written plain so that it reads back typed.
    case typed(String)
    /// A list of strings.
    case list([String])
    /// A nested value (a map, a list of maps) restored from shelf's own JSON export.
    case json(JSONValue)
    /// The items of a block list, each written as given (`{started: 2021-01-05, finished: 2021-01-12}`):
    /// the earlier reads of a book.
    case items([String])

    /// The value as an edit can write it; nil for a nested value, which edits cannot write.
    var newValue: NewValue? {
        switch self {
        case .string(let text): return .string(text)
        case .typed(let text): return .typed(text)
        case .list(let items): return .list(items)
        case .json, .items: return nil
        }
    }
}

/// One key and value of an imported book.
struct ImportField: Sendable, Equatable {
    var key: String
    var value: ImportValue

    init(key: String, value: ImportValue) {
        self.key = key
        self.value = value
    }
}

/// One book read from an export: its fields under shelf's keys, its notes, and where in the file
/// it came from.
struct ImportRecord: Sendable, Equatable {
    /// The row of the file (a spreadsheet's row number: the header is row 1) or, for JSON, the
    /// position in the array counting from 1.
    var row: Int
    /// Fields in the order the importer found them; canonical fields under canonical names.
    private(set) var fields: [ImportField] = []
    /// Text for the body: a review, private notes, comments.
    var notes: String?
    /// The exact body of a book exported as JSON, written back byte for byte.
    var body: String?
    /// The path a JSON export gave (relative to its library).
    var path: String?

    init(row: Int) {
        self.row = row
    }

    /// The title, when the record has one.
    var title: String? {
        if case .string(let title)? = value(of: "title") { return title }
        return nil
    }

    /// The value of a key, if set.
    func value(of key: String) -> ImportValue? {
        fields.first { $0.key == key }?.value
    }

    /// The text of a string or typed value.
    func text(of key: String) -> String? {
        switch value(of: key) {
        case .string(let text)?, .typed(let text)?: return text
        default: return nil
        }
    }

    /// Sets a key. Empty strings and lists are not set (the source had nothing there) unless
    /// `keepingEmpty` (a restore keeps `mood: ""` as it was).
    mutating func set(_ key: String, _ value: ImportValue, keepingEmpty: Bool = false) {
        switch value {
        case .string(let text), .typed(let text): if text.isEmpty && !keepingEmpty { return }
        case .list(let items), .items(let items): if items.isEmpty && !keepingEmpty { return }
        case .json: break
        }
        if let index = fields.firstIndex(where: { $0.key == key }) {
            fields[index].value = value
        } else {
            fields.append(ImportField(key: key, value: value))
        }
    }

    /// Sets a string key when `text` is present and not empty.
    mutating func set(_ key: String, string text: String?) {
        if let text { set(key, .string(text)) }
    }

    /// Sets a typed key (a number, date or boolean) when `text` is present and not empty.
    mutating func set(_ key: String, typed text: String?) {
        if let text { set(key, .typed(text)) }
    }

    /// Removes a key.
    mutating func remove(_ key: String) {
        fields.removeAll { $0.key == key }
    }
}

/// What an importer made of one row: a book, or a reason to skip it.
enum ImportRow: Sendable, Equatable {
    case record(ImportRecord)
    case skipped(row: Int, reason: String)
}

/// A file that cannot be imported at all (not the export it claims to be, malformed JSON).
struct ImportError: Error, Sendable, CustomStringConvertible {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    var description: String { reason }
}

/// The services shelf imports from, each with its own reader.
public enum ImportSource: String, Sendable, CaseIterable {
    case goodreads, storygraph, librarything, calibre, json

    /// Keys holding a book's id at a service; a book is matched by these first.
    static let idKeys = ["goodreads", "storygraph", "librarything", "calibre"]

    /// The books (and skipped rows) in an export's bytes.
    /// - Parameter warn: told of what reading had to guess (a CSV quote never closed), by line.
    func read(_ bytes: [UInt8], warn: (String) -> Void = { _ in }) throws(ImportError) -> [ImportRow] {
        switch self {
        case .goodreads: return try GoodreadsImporter.read(ImportText.decode(bytes), warn: warn)
        case .storygraph: return try StoryGraphImporter.read(ImportText.decode(bytes), warn: warn)
        case .librarything: return try LibraryThingImporter.read(ImportText.decode(bytes), warn: warn)
        case .calibre: return try CalibreImporter.read(ImportText.decode(bytes), warn: warn)
        case .json: return try JSONImporter.read(ImportText.decode(bytes))
        }
    }

    /// True when imports record what they wrote (the `imported:` key), so that `--update` can
    /// tell a value changed at the source from one changed locally. shelf's own JSON is a
    /// restore, not a sync: it writes the books exactly as exported.
    var recordsBaseline: Bool { self != .json }
}
