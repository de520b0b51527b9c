/// The edits `import --update` makes to a book an imported record matched: for each value, the
/// source's new value is written only when the reader has not changed it since the last import.
///
/// With the fingerprint `B` the last import recorded (see `ImportBaseline`), the source's value
/// `S` and the book's value `L`:
///
/// | case | result |
/// | --- | --- |
/// | `L` = `S` | nothing to do |
/// | `S` unchanged since the last import (`hash(S)` = `B`) | `L` kept (a local change, or none) |
/// | `S` changed and `L` untouched (`hash(L)` = `B`) | `S` written (or the key removed when `S` is gone) |
/// | `S` changed and `L` changed too | `L` kept |
/// | no `B` (a book shelf did not import, or a key it did not write) | `S` fills an empty `L`; a present `L` is kept |
///
/// The notes follow the same rule, as a whole: untouched notes are replaced by the new review,
/// notes the reader wrote in are kept.
struct ImportUpdater: Sendable {
    /// What an update changes.
    public struct Result: Sendable, Equatable {
        public var edits: [FieldEdit] = []
        /// Keys written from the source (`body` for the notes).
        public var changed: [String] = []
        /// Keys whose source value differs but whose local value was kept.
        public var kept: [String] = []
    }

    public let source: ImportSource

    public init(source: ImportSource) {
        self.source = source
    }

    /// The edits for `book` (whose notes are `body`) from `record`.
    public func update(_ book: Book, body: String?, from record: ImportRecord) -> Result {
        var result = Result()
        let existing = book.value(of: ImportBaseline.key)?.text.flatMap(ImportBaseline.init(text:))
        // A baseline written by another service is that service's: this import only fills gaps.
        let ownsBaseline = existing == nil || existing?.source == source.rawValue
        let baseline = existing?.source == source.rawValue ? existing : nil
        var next = baseline ?? ImportBaseline(source: source.rawValue)

        var keys = record.fields.map(\.key)
        // A key an earlier import wrote under another name of a field the record now sets
        // (`owned` before `ownership`) is that field: it is compared as it, never removed.
        let recordFields = Set(keys.compactMap { CanonicalField(key: $0) })
        for entry in baseline?.hashes ?? [] where entry.field != ImportBaseline.bodyToken && !keys.contains(entry.field) {
            if let field = CanonicalField(key: entry.field), recordFields.contains(field) { continue }
            keys.append(entry.field)
        }
        for key in keys where key != ImportBaseline.key {
            let incoming = record.value(of: key)
            let wanted = incoming.map(ImportBaseline.normalised)
            let local = ImportBaseline.current(key, in: book)
            let recorded = ImportBaseline.tracks(key) ? baseline?.hash(of: key) : nil
            switch decide(local: local, incoming: wanted, recorded: recorded) {
            case .nothing: break
            case .keep: result.kept.append(key)
            case .write:
                if case .items(let items)? = incoming {
                    // Earlier reads for a book imported before they were: a line each, added to
                    // a list the book does not have yet (one it has is the reader's, kept).
                    guard local == nil else {
                        result.kept.append(key)
                        break
                    }
                    result.edits += items.map { .appendItem(key, raw: $0) }
                } else if let incoming {
                    // A nested value (only shelf's own JSON has them) cannot be written by an edit.
                    guard let value = incoming.newValue else { break }
                    result.edits.append(.set(key, value))
                } else {
                    result.edits.append(.unset(key))
                }
                result.changed.append(key)
            }
            if ImportBaseline.tracks(key) { next.record(key, hash: wanted.map(ImportBaseline.fingerprint(text:))) }
        }

        let incomingNotes = (record.body ?? record.notes)?.trimmingSpaces
        let wantedNotes = incomingNotes?.isEmpty == false ? incomingNotes : nil
        let localNotes = body?.trimmingSpaces.isEmpty == false ? body?.trimmingSpaces : nil
        switch decide(local: localNotes, incoming: wantedNotes, recorded: baseline?.hash(of: ImportBaseline.bodyToken)) {
        case .nothing: break
        case .keep: result.kept.append(ImportBaseline.bodyToken)
        case .write:
            if localNotes == nil, let wantedNotes {
                result.edits.append(.appendToBody(wantedNotes))
            } else {
                result.edits.append(.replaceBody(wantedNotes.map { "\n" + $0 + "\n" } ?? ""))
            }
            result.changed.append(ImportBaseline.bodyToken)
        }
        next.record(ImportBaseline.bodyToken, hash: wantedNotes.map(ImportBaseline.fingerprint(text:)))

        if source.recordsBaseline && ownsBaseline && next != existing && !(existing == nil && next.hashes.isEmpty) {
            result.edits.append(.set(ImportBaseline.key, .string(next.text)))
        }
        return result
    }

    enum Decision {
        case nothing, keep, write
    }

    func decide(local: String?, incoming: String?, recorded: String?) -> Decision {
        if local == incoming { return .nothing }
        guard let recorded else {
            // Never imported: fill what is empty, keep what the reader wrote.
            if local == nil { return .write }
            return incoming == nil ? .nothing : .keep
        }
        if (incoming.map(ImportBaseline.fingerprint(text:)) ?? "") == recorded { return .nothing }
        if (local.map(ImportBaseline.fingerprint(text:)) ?? "") == recorded { return .write }
        return .keep
    }
}
