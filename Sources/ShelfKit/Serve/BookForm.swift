/// The fields of one book as the web's edit form shows them.
///
/// The common fields come first, always, so that an empty one can be filled in; then every
/// other key the file holds whose value fits on a line of text — a scalar, or a list of
/// scalars — in written order and under the file's own key (`mood`, `publishyear`, `genre`).
/// Keys another form owns (the status, the rating, the progress log, re-reads, loans) and
/// values with structure (maps, lists of maps) are left to those forms or to an editor, so the
/// form never flattens what it cannot show.
public struct BookForm: Sendable {
    /// One field of the form.
    public struct Field: Sendable, Equatable {
        /// The name the form posts and the edit writes: a canonical name for a common field (the
        /// library's vocabulary decides the key written), the file's own key for the others.
        public var key: String
        /// The label shown beside the field.
        public var label: String
        /// The value as form text (`FormList` for a list).
        public var text: String
        /// A list: its items are merged one by one when the file changed meanwhile.
        public var isList: Bool
    }

    /// The form's fields: the common ones, then the file's others.
    public let fields: [Field]

    /// The fields of `book`.
    public init(_ book: Book) {
        var fields = BookForm.common.map { key, label in
            Field(key: key, label: label, text: BookForm.text(of: key, in: book), isList: BookForm.commonLists.contains(key))
        }
        let shown = Set(BookForm.common.map(\.key))
        var seen: Set<String> = []
        for field in book.fields where seen.insert(field.key).inserted {
            if let canonical = field.canonical, shown.contains(canonical.rawValue) || BookForm.ownedElsewhere.contains(canonical) {
                continue
            }
            guard !BookForm.reservedKeys.contains(field.key), !field.key.hasPrefix(BookForm.originalPrefix),
                let text = BookForm.text(of: field.value)
            else { continue }
            fields.append(Field(key: field.key, label: field.key, text: text.text, isList: text.isList))
        }
        self.fields = fields
    }

    /// The form text of the field named `key` in `book`: "" when the book has no such field.
    public static func text(of key: String, in book: Book) -> String {
        switch key {
        case "title": return book.title
        case "authors": return FormList.text(book.authors)
        case "tags": return FormList.text(book.tags)
        default: return book.value(of: key).flatMap(text(of:))?.text ?? ""
        }
    }

    /// The prefix of the hidden field that carries a field's value as the form showed it
    /// (`original-pages`): the fields posted are the common ones and those the form carried so.
    public static let originalPrefix = "original-"

    /// The fields a posted form holds, given the names of its controls: the common ones, then
    /// each it carried back as it showed it (`original-KEY`), the file's own keys among them.
    public static func postedKeys(_ names: [String]) -> [String] {
        var keys = common.map(\.key)
        for name in names where name.hasPrefix(originalPrefix) {
            let key = String(name.dropFirst(originalPrefix.count))
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// The names of the two fields that add a key the file does not have yet.
    public static let newKeyField = "new-key", newValueField = "new-value"

    /// The common fields, as key and label, in the form's order.
    static let common: [(key: String, label: String)] = [
        ("title", "Title"), ("subtitle", "Subtitle"), ("authors", "Authors (comma between)"), ("tags", "Tags (comma between)"),
        ("series", "Series"), ("series_index", "Number in series"), ("publisher", "Publisher"), ("published", "Published"),
        ("pages", "Pages"), ("isbn", "ISBN"), ("language", "Language"), ("started", "Started"), ("finished", "Finished"),
    ]

    static let commonLists: Set<String> = ["authors", "tags"]

    /// Fields with a form of their own on the book page, and the cover, whose address stays off
    /// the page (the server fetches it once; the browser is never sent to a third party).
    static let ownedElsewhere: Set<CanonicalField> = [.status, .rating, .cover]

    /// Keys shelf writes as structures or bookkeeping, and the names of the form's own controls.
    static let reservedKeys: Set<String> = [
        ReadingProgress.key, Book.readsKey, Book.readCountKey, Book.loansKey, ImportBaseline.key, MetadataFiller.pendingKey,
        "token", "version", newKeyField, newValueField,
    ]

    /// A value as form text, or nil when a line of text cannot show it.
    private static func text(of value: FieldValue) -> (text: String, isList: Bool)? {
        switch value {
        case .scalar(let text, _): return (text, false)
        case .null: return ("", false)
        case .list(let items):
            let texts = items.compactMap(\.text)
            return texts.count == items.count ? (FormList.text(texts), true) : nil
        case .map: return nil
        }
    }
}

/// A list written on one line of a form: items between commas, an item holding a comma or
/// starting with a quote in double quotes (`"Le Guin, Ursula K.", Tolkien`), as a CSV cell is.
enum FormList {
    /// The items on one line.
    static func text(_ items: [String]) -> String {
        items.map { item in
            item.contains(",") || item.hasPrefix("\"") ? "\"" + item.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : item
        }.joined(separator: ", ")
    }

    /// The items of a line: split at commas outside quotes, each trimmed, empty ones dropped. An
    /// unclosed quote runs to the end of the line.
    static func items(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var quoted = false
        var characters = text.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            if quoted {
                if character != "\"" {
                    current.append(character)
                } else if pending == "\"" {
                    current.append("\"")
                    pending = characters.next()
                } else {
                    quoted = false
                }
            } else if character == "\"", current.trimmingSpaces.isEmpty {
                current = ""
                quoted = true
            } else if character == "," {
                items.append(current.trimmingSpaces)
                current = ""
            } else {
                current.append(character)
            }
        }
        items.append(current.trimmingSpaces)
        return items.filter { !$0.isEmpty }
    }
}
