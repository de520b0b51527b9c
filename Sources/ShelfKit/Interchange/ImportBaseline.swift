/// The `imported:` key, and what the last import from a service wrote into a book, so that
/// `import --update` can tell a value that changed at the source (the source's new value is not
/// what was imported, the file's value still is: write the new one) from one the reader changed
/// locally (keep it).
///
/// The book keeps only the service and the day of the import that last wrote it:
///
///     imported: goodreads 2026-11-28
///
/// What was written, a fingerprint of the values, lives beside shelf.yaml, in
/// `shelf-imports.txt` (`ImportBaselineFile`), a line per book keyed by the book's id at the
/// service: in base64url after `v2.`, 24 bits naming the set of imported fields then a 264-bit
/// Bloom filter (`ImportFingerprints`) of every imported `field` and value (lists joined by
/// U+001F; `body` stands for the notes). A value is "the one imported" when the filter holds it;
/// a false match is rare (about 1 in 1,500 for a book of 17 fields) and costs at most one update
/// missed or one local change overwritten where the source changed the same value. Which fields
/// were imported is found by trying the likely sets against the 24 bits (see `knowing(fields:)`).
///
/// Two earlier forms kept the fingerprint in the book, and are still read from it:
///
///     imported: goodreads 2026-11-26 v2.AAQgAIAB…   (48 characters after `v2.`)
///     imported: goodreads title=5d2f0a authors=c81e72 rating=e4da3b body=167909
///
/// (the first with a hash per field, the first 6 hex digits of `ImportFingerprints.hash`). A file
/// keeps either until an import writes the book anyway — never a rewrite only to change the form.
struct ImportBaseline: Sendable, Equatable {
    /// The front-matter key.
    static let key = "imported"
    /// The token that stands for the notes.
    static let bodyToken = "body"
    /// The word that starts the filter, naming the format.
    static let filterPrefix = "v2."

    var source: String
    /// The day of the import that wrote the line (the current format only).
    var date: String?
    private var form: Form

    private enum Form: Equatable {
        /// The first format: a fingerprint per field, in written order.
        case perField([Fingerprint])
        /// The current format: the fields' set, the values' filter, and the fields when known.
        case filter(fieldSet: String, ImportFingerprints, fields: Set<String>?)
        /// A book's short line: the fingerprint is kept in `shelf-imports.txt`, not here.
        case elsewhere
    }

    struct Fingerprint: Equatable {
        var field: String
        var hash: String
    }

    /// A baseline of the current format for the imported values `values` (field, normalised text).
    init(source: String, date: String?, values: [(field: String, text: String)]) {
        self.source = source
        self.date = date
        form = .filter(
            fieldSet: ImportFingerprints.fieldSet(Set(values.map(\.field))),
            ImportFingerprints(values.map { ($0.field, $0.text) }), fields: Set(values.map(\.field)))
    }

    /// A book's short line: the service and the day (when known); the fingerprint is elsewhere.
    init(source: String, date: String?) {
        self.source = source
        self.date = date
        form = .elsewhere
    }

    /// Reads the value of an `imported:` key, of any form, or a record of `shelf-imports.txt`
    /// (`goodreads 2026-11-28 v2.…`); nil when it is not one shelf wrote.
    init?(text: String) {
        let words = text.split(separator: " ")
        guard let first = words.first, !first.contains("="), !first.hasPrefix(ImportBaseline.filterPrefix) else { return nil }
        source = String(first)
        let rest = words.dropFirst()
        // The short line: the service and, when known, the day.
        if rest.isEmpty || (rest.count == 1 && rest.allSatisfy { !$0.contains("=") && !$0.hasPrefix(ImportBaseline.filterPrefix) }) {
            date = rest.first.map(String.init)
            form = .elsewhere
            return
        }
        if let last = rest.last, last.hasPrefix(ImportBaseline.filterPrefix) {
            let token = last.dropFirst(ImportBaseline.filterPrefix.count)
            guard token.count == 48, let filter = ImportFingerprints(base64: String(token.dropFirst(4))), rest.count <= 2 else {
                return nil
            }
            date = rest.count == 2 ? rest.first.map(String.init) : nil
            form = .filter(fieldSet: String(token.prefix(4)), filter, fields: nil)
            return
        }
        var hashes: [Fingerprint] = []
        for word in rest {
            guard let equals = word.firstIndex(of: "=") else { return nil }
            hashes.append(Fingerprint(field: String(word[..<equals]), hash: String(word[word.index(after: equals)...])))
        }
        form = .perField(hashes)
    }

    /// The value to write.
    var text: String {
        switch form {
        case .perField(let hashes): return ([source] + hashes.map { "\($0.field)=\($0.hash)" }).joined(separator: " ")
        case .filter:
            return ([source] + (date.map { [$0] } ?? []) + (token.map { [$0] } ?? [])).joined(separator: " ")
        case .elsewhere: return line
        }
    }

    /// The book's short line for this baseline: the service and the day.
    var line: String {
        ([source] + (date.map { [$0] } ?? [])).joined(separator: " ")
    }

    /// The fingerprint of the current format (`v2.` and 48 characters); nil for the others.
    var token: String? {
        guard case .filter(let fieldSet, let filter, _) = form else { return nil }
        return ImportBaseline.filterPrefix + fieldSet + filter.base64
    }

    /// True for a book's short line, whose fingerprint is kept in `shelf-imports.txt`.
    var isElsewhere: Bool { form == .elsewhere }

    static func == (lhs: ImportBaseline, rhs: ImportBaseline) -> Bool { lhs.text == rhs.text }

    /// The fields the line recorded, so that a field the source no longer has can be told apart;
    /// empty when the current format's fields are not known (see `knowing(fields:)`).
    var listedFields: [String] {
        switch form {
        case .perField(let hashes): return hashes.map(\.field)
        case .filter(_, _, let fields): return fields?.sorted() ?? []
        case .elsewhere: return []
        }
    }

    /// Whether the import recorded a value for `field`; nil when the line cannot say.
    func records(_ field: String) -> Bool? {
        switch form {
        case .perField(let hashes): return hashes.contains { $0.field == field }
        case .filter(_, _, let fields): return fields?.contains(field)
        case .elsewhere: return nil
        }
    }

    /// This baseline knowing that `fields` were the fields imported, when they are the set its
    /// 24 bits name; nil when they are not.
    func knowing(fields: Set<String>) -> ImportBaseline? {
        guard case .filter(let fieldSet, let filter, _) = form, ImportFingerprints.fieldSet(fields) == fieldSet else { return nil }
        var known = self
        known.form = .filter(fieldSet: fieldSet, filter, fields: fields)
        return known
    }

    /// True for the current format before its fields are known.
    var needsFields: Bool {
        if case .filter(_, _, nil) = form { return true }
        return false
    }

    /// True when `text` (nil: no value) is the value of `field` the import wrote.
    func matches(_ field: String, _ text: String?) -> Bool {
        guard let text else { return false }
        switch form {
        case .perField(let hashes): return hashes.first { $0.field == field }?.hash == ImportBaseline.fingerprint(text: text)
        case .filter(_, let filter, _): return filter.contains(field, text)
        case .elsewhere: return false
        }
    }

    /// True when the line records exactly these values, in either format: an import that would
    /// write the same values again leaves the line (and the file) as it is.
    func holds(_ values: [(field: String, text: String)]) -> Bool {
        switch form {
        case .perField(let hashes):
            let wanted = values.map { Fingerprint(field: $0.field, hash: ImportBaseline.fingerprint(text: $0.text)) }
            return Set(hashes.map { "\($0.field)=\($0.hash)" }) == Set(wanted.map { "\($0.field)=\($0.hash)" })
                && hashes.count == wanted.count
        case .filter(let fieldSet, let filter, _):
            return filter == ImportFingerprints(values.map { ($0.field, $0.text) })
                && fieldSet == ImportFingerprints.fieldSet(Set(values.map(\.field)))
        case .elsewhere: return false
        }
    }

    /// The imported values of a freshly imported record: every field but the ids and `source`,
    /// which never change at the source, and the notes.
    static func values(of record: ImportRecord) -> [(field: String, text: String)] {
        var values: [(field: String, text: String)] = []
        for field in record.fields where tracks(field.key) {
            values.append((field.key, normalised(field.value)))
        }
        if let notes = record.notes?.trimmingSpaces, !notes.isEmpty {
            values.append((bodyToken, notes))
        }
        return values
    }

    /// The baseline of a freshly imported record.
    static func of(_ record: ImportRecord, source: String, date: String? = nil) -> ImportBaseline {
        ImportBaseline(source: source, date: date, values: values(of: record))
    }

    /// True for the keys whose imported values are recorded.
    static func tracks(_ key: String) -> Bool {
        !ImportSource.idKeys.contains(key) && key != CanonicalField.source.rawValue && key != ImportBaseline.key
    }

    /// The first format's fingerprint of a text: 6 hex digits.
    static func fingerprint(text: String) -> String {
        let hex = String(ImportFingerprints.hash(text), radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(6))
    }

    /// An imported value as text for comparing and fingerprinting.
    static func normalised(_ value: ImportValue) -> String {
        switch value {
        case .string(let text), .typed(let text): return text
        case .list(let items), .items(let items): return items.joined(separator: "\u{1F}")
        case .json(let json): return json.serialized()
        }
    }

    /// A book's current value of `key`, normalised the way `normalised(_:)` normalises an
    /// imported one; nil when the book has no value there.
    static func current(_ key: String, in book: Book) -> String? {
        switch CanonicalField(key: key) {
        case .authors?: return book.authors.isEmpty ? nil : book.authors.joined(separator: "\u{1F}")
        case .tags?: return book.tags.isEmpty ? nil : book.tags.joined(separator: "\u{1F}")
        case .genres?: return book.genres.isEmpty ? nil : book.genres.joined(separator: "\u{1F}")
        // The status as shelf names it, whatever word the library writes for it (`unread` in a
        // Book Search vault is `to-read`): importers give shelf's names.
        case .status?: if let status = book.status { return status.rawValue }
        // The ownership as shelf names it (`owned: true` written by an earlier import is owned).
        case .ownership?: if let ownership = book.ownership { return ownership.rawValue }
        default: break
        }
        switch book.value(of: key) {
        case nil, .null?: return nil
        case .scalar(let text, _)?: return text.trimmingSpaces.isEmpty ? nil : text.trimmingSpaces
        case .list(let items)?:
            let texts = items.compactMap(\.text)
            return texts.count == items.count ? texts.joined(separator: "\u{1F}") : FieldValue.list(items).json.serialized()
        case let value?: return value.json.serialized()
        }
    }
}
