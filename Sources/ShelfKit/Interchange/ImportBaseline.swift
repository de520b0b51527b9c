/// The `imported:` key: a short fingerprint of each value the last import from a service wrote,
/// so that `import --update` can tell a value that changed at the source (the fingerprint still
/// matches the file: write the new value) from one the reader changed locally (it does not: keep
/// it). One line in the book's own file; no state is kept anywhere else.
///
///     imported: goodreads title=5d2f0a authors=c81e72 rating=e4da3b body=167909
///
/// The first word is the service; each `field=hash` is the first 6 hex digits of a 64-bit hash (FNV-1a,
/// then MurmurHash3's finaliser) of the value as imported (lists joined by U+001F); `body` stands for the notes.
struct ImportBaseline: Sendable, Equatable {
    /// The front-matter key.
    public static let key = "imported"
    /// The token that stands for the notes.
    static let bodyToken = "body"

    public var source: String
    /// Fingerprints by field, in written order.
    private(set) var hashes: [(field: String, hash: String)] = []

    public init(source: String) {
        self.source = source
    }

    /// Reads the value of an `imported:` key; nil when it is not one shelf wrote.
    public init?(text: String) {
        let words = text.split(separator: " ")
        guard let first = words.first, !first.contains("=") else { return nil }
        source = String(first)
        for word in words.dropFirst() {
            guard let equals = word.firstIndex(of: "=") else { return nil }
            hashes.append((String(word[..<equals]), String(word[word.index(after: equals)...])))
        }
    }

    public static func == (lhs: ImportBaseline, rhs: ImportBaseline) -> Bool { lhs.text == rhs.text }

    /// The value to write.
    public var text: String {
        ([source] + hashes.map { "\($0.field)=\($0.hash)" }).joined(separator: " ")
    }

    /// The fingerprint recorded for a field, if any.
    public func hash(of field: String) -> String? {
        hashes.first { $0.field == field }?.hash
    }

    /// Records (or replaces) a field's fingerprint; nil removes it.
    public mutating func record(_ field: String, hash: String?) {
        let existing = hashes.firstIndex { $0.field == field }
        switch (existing, hash) {
        case let (index?, hash?): hashes[index].hash = hash
        case let (nil, hash?): hashes.append((field, hash))
        case let (index?, nil): hashes.remove(at: index)
        case (nil, nil): break
        }
    }

    /// The baseline of a freshly imported record: every field but the ids and `source`, which
    /// never change at the source, and the notes.
    public static func of(_ record: ImportRecord, source: String) -> ImportBaseline {
        var baseline = ImportBaseline(source: source)
        for field in record.fields where tracks(field.key) {
            baseline.record(field.key, hash: fingerprint(field.value))
        }
        if let notes = record.notes?.trimmingSpaces, !notes.isEmpty {
            baseline.record(bodyToken, hash: fingerprint(text: notes))
        }
        return baseline
    }

    /// True for the keys whose imported values are fingerprinted.
    static func tracks(_ key: String) -> Bool {
        !ImportSource.idKeys.contains(key) && key != CanonicalField.source.rawValue && key != ImportBaseline.key
    }

    /// The fingerprint of an imported value.
    static func fingerprint(_ value: ImportValue) -> String {
        fingerprint(text: normalised(value))
    }

    /// The fingerprint of a text.
    static func fingerprint(text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        // FNV-1a mixes the last bytes weakly into the high bits: finish with MurmurHash3's mixer.
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        let hex = String(hash, radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(6))
    }

    /// An imported value as text for comparing and fingerprinting.
    public static func normalised(_ value: ImportValue) -> String {
        switch value {
        case .string(let text), .typed(let text): return text
        case .list(let items), .items(let items): return items.joined(separator: "\u{1F}")
        case .json(let json): return json.serialized()
        }
    }

    /// A book's current value of `key`, normalised the way `normalised(_:)` normalises an
    /// imported one; nil when the book has no value there.
    public static func current(_ key: String, in book: Book) -> String? {
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
