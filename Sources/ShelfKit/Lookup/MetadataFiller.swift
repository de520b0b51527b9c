/// The edits that fill a book from looked-up metadata: empty fields only (every value the user
/// set is kept), or every differing field with `overwrite`.
enum MetadataFiller {
    /// The key that marks a book added while the services could not be reached.
    static let pendingKey = "lookup"
    static let pendingValue = "pending"

    /// The title given to a pending book added with no title of its own; a lookup replaces it.
    static func placeholderTitle(for isbn: ISBN) -> String { "ISBN \(isbn.isbn13)" }

    /// One field a lookup would change, for `shelf refresh` to show.
    struct Change: Sendable, Equatable {
        var key: String
        var old: String?
        var new: String
    }

    /// The changes `metadata` would make to `book`.
    static func changes(to book: Book, from metadata: BookMetadata, overwrite: Bool) -> [Change] {
        var changes: [Change] = []
        for (key, value) in metadata.fieldValues where key != "isbn" || book.isbn == nil {
            let current = book.queryTexts(of: key)
            let newText: String
            switch value {
            case .string(let text), .typed(let text), .raw(let text): newText = text
            case .list(let items): newText = items.joined(separator: ", ")
            }
            let isPlaceholder = key == "title" && ISBN.parse(metadata.isbn13).map { placeholderTitle(for: $0) == book.title } == true
            if current.isEmpty || isPlaceholder || (overwrite && current.joined(separator: ", ") != newText) {
                changes.append(Change(key: key, old: current.isEmpty ? nil : current.joined(separator: ", "), new: newText))
            }
        }
        return changes
    }

    /// The edits for `changes`, plus removing the pending marker.
    static func edits(for changes: [Change], metadata: BookMetadata, removingMarker: Bool) -> [FieldEdit] {
        let values = Dictionary(metadata.fieldValues.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        var edits = changes.compactMap { change in values[change.key].map { FieldEdit.fill(change.key, $0) } }
        if removingMarker { edits.append(.unset(pendingKey)) }
        return edits
    }
}
