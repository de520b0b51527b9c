/// The edits `import --update` makes to a book an imported record matched: for each value, the
/// source's new value is written only when the reader has not changed it since the last import.
///
/// With the value `B` the last import recorded (see `ImportBaseline`), the source's value
/// `S` and the book's value `L`:
///
/// | case | result |
/// | --- | --- |
/// | `L` = `S` | nothing to do |
/// | `S` unchanged since the last import (`S` = `B`) | `L` kept (a local change, or none) |
/// | `S` changed and `L` untouched (`L` = `B`) | `S` written (or the key removed when `S` is gone) |
/// | `S` changed and `L` changed too | `L` kept |
/// | no `B` (a book shelf did not import, or a key it did not write) | `S` fills an empty `L`; a present `L` is kept |
/// | `B` lost (the book says it was imported, `shelf-imports.txt` has no record that fits) | `L` kept, and reported |
///
/// The notes follow the same rule, as a whole: untouched notes are replaced by the new review,
/// notes the reader wrote in are kept.
struct ImportUpdater: Sendable {
    /// What an update changes.
    struct Result: Sendable, Equatable {
        var edits: [FieldEdit] = []
        /// Keys written from the source (`body` for the notes).
        var changed: [String] = []
        /// Keys whose source value differs but whose local value was kept.
        var kept: [String] = []
        /// True when the book says it was imported from this service but no record of what that
        /// import wrote was found: every value that differs from the source was kept.
        var unrecorded = false
        /// What to record in `shelf-imports.txt` once the book is written; nil for nothing.
        var record: ImportBaselineFile.Entry?
    }

    let source: ImportSource
    /// The day written into a rewritten `imported:` line (YYYY-MM-DD), if known.
    let today: String?

    init(source: ImportSource, today: String? = nil) {
        self.source = source
        self.today = today
    }

    /// The edits for `book` (whose notes are `body`) from `record`; `records` holds what earlier
    /// imports wrote (`shelf-imports.txt`).
    func update(_ book: Book, body: String?, from record: ImportRecord, records: ImportBaselines = ImportBaselines()) -> Result {
        var result = Result()
        let existing = book.value(of: ImportBaseline.key)?.text.flatMap(ImportBaseline.init(text:))
        // A baseline written by another service is that service's: this import only fills gaps.
        let ownsBaseline = existing == nil || existing?.source == source.rawValue
        var baseline = existing?.source == source.rawValue ? existing : nil
        let recordKey = ImportBaselineFile.key(for: record, source: source)
        if let line = baseline, line.isElsewhere {
            // The record goes with the book's line only when it has the line's day; none that
            // fits is a lost baseline: any value may be the reader's, so none is replaced.
            let ownId = book.value(of: source.rawValue)?.text.map { ImportBaselineFile.encode($0.trimmingSpaces) }
            baseline = records.baseline(
                source: source.rawValue, keys: [recordKey] + (ownId.map { [$0] } ?? []), path: book.path, date: line.date)
            result.unrecorded = baseline == nil
        }
        if let found = baseline, found.needsFields { baseline = knowingFields(found, book: book, body: body, record: record) ?? found }
        var next: [(field: String, text: String)] = []

        var keys = record.fields.map(\.key)
        // The first format lists its fields: one the source no longer has is seen, and removed
        // when the reader left it as imported. A key an earlier import wrote under another name
        // of a field the record now sets (`owned` before `ownership`) is that field: it is
        // compared as it, never removed.
        let recordFields = Set(keys.compactMap { CanonicalField(key: $0) })
        for field in baseline?.listedFields ?? [] where field != ImportBaseline.bodyToken && !keys.contains(field) {
            if let canonical = CanonicalField(key: field), recordFields.contains(canonical) { continue }
            keys.append(field)
        }
        for key in keys where key != ImportBaseline.key {
            let incoming = record.value(of: key)
            let wanted = incoming.map(ImportBaseline.normalised)
            let local = ImportBaseline.current(key, in: book)
            let known = ImportBaseline.tracks(key) ? baseline : nil
            // Earlier reads are only ever added to a book without them: with the record lost, a
            // list the book has is left as it would be, and not reported (its written form never
            // reads as the source's text, so it would always look changed).
            let readsKept: Bool
            if case .items? = incoming { readsKept = result.unrecorded && local != nil } else { readsKept = false }
            switch readsKept
                ? .nothing
                : decide(local: local, incoming: wanted, field: key, baseline: known, lost: result.unrecorded && ImportBaseline.tracks(key))
            {
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
            if ImportBaseline.tracks(key), let wanted { next.append((key, wanted)) }
        }

        let incomingNotes = (record.body ?? record.notes)?.trimmingSpaces
        let wantedNotes = incomingNotes?.isEmpty == false ? incomingNotes : nil
        let localNotes = body?.trimmingSpaces.isEmpty == false ? body?.trimmingSpaces : nil
        switch decide(
            local: localNotes, incoming: wantedNotes, field: ImportBaseline.bodyToken, baseline: baseline, lost: result.unrecorded)
        {
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
        if let wantedNotes { next.append((ImportBaseline.bodyToken, wantedNotes)) }

        if source.recordsBaseline && ownsBaseline {
            recordBaseline(next, existing: existing, found: baseline, key: recordKey, book: book, into: &result)
        }
        return result
    }

    /// The book's `imported:` line and the record for `shelf-imports.txt` after an update that
    /// imported `next`. The line is written — short, with today's date — when the book is written
    /// anyway, when it has none, or when it holds a fingerprint of the earlier forms that must
    /// change (never only to change its form); the record goes with the line's day.
    private func recordBaseline(
        _ next: [(field: String, text: String)], existing: ImportBaseline?, found: ImportBaseline?, key: String, book: Book,
        into result: inout Result
    ) {
        let holds = found?.holds(next) ?? false
        let writesLine: Bool
        switch existing {
        case nil: writesLine = !next.isEmpty
        case let line? where line.isElsewhere: writesLine = !result.edits.isEmpty
        case _?: writesLine = !holds
        }
        var date = existing?.date
        if writesLine {
            let line = ImportBaseline(source: source.rawValue, date: today)
            if existing?.text != line.text { result.edits.append(.set(ImportBaseline.key, .string(line.text))) }
            date = today
        }
        guard writesLine || existing?.isElsewhere == true && (!holds || result.unrecorded),
            let token = ImportBaseline(source: source.rawValue, date: date, values: next).token
        else { return }
        result.record = ImportBaselineFile.Entry(source: source.rawValue, key: key, date: date, token: token, path: book.path)
    }

    /// The current format names the imported fields only by 24 bits: try the sets they likely
    /// were — this record's fields, less any new at the source (neither its value nor the book's is
    /// the one imported), plus any the source dropped (the book still holds the value imported).
    /// Nil when none fits, or there are too many to try: then no value is removed.
    private func knowingFields(_ baseline: ImportBaseline, book: Book, body: String?, record: ImportRecord) -> ImportBaseline? {
        let present = ImportBaseline.values(of: record)
        let local = { (field: String) in
            field == ImportBaseline.bodyToken ? body?.trimmingSpaces : ImportBaseline.current(field, in: book)
        }
        let maybeNew = present.filter { !baseline.matches($0.field, $0.text) && !baseline.matches($0.field, local($0.field)) }.map(\.field)
        let presentFields = Set(present.map(\.field))
        var maybeDropped = Set(book.fields.map { $0.canonical?.rawValue ?? $0.key } + [ImportBaseline.bodyToken])
            .filter { ImportBaseline.tracks($0) && !presentFields.contains($0) && baseline.matches($0, local($0)) }.sorted()
        maybeDropped = Array(maybeDropped.prefix(12))
        let choices = maybeNew + maybeDropped
        guard choices.count <= 12 else { return nil }
        for mask in 0..<(1 << choices.count) {
            var fields = presentFields
            for (bit, field) in choices.enumerated() where mask & (1 << bit) != 0 {
                if presentFields.contains(field) { fields.remove(field) } else { fields.insert(field) }
            }
            if let known = baseline.knowing(fields: fields) { return known }
        }
        return nil
    }

    enum Decision {
        case nothing, keep, write
    }

    /// What to do with one value: the table above. `baseline` is nil when the last import left
    /// no record of this field; `lost` when it wrote one that cannot be found.
    func decide(local: String?, incoming: String?, field: String, baseline: ImportBaseline?, lost: Bool = false) -> Decision {
        if local == incoming { return .nothing }
        // Without the record, a value unlike the source's may be the reader's: never replaced,
        // nor an empty one filled (the reader may have removed it). A value the source no
        // longer has is left too, as it would be.
        if lost { return incoming == nil ? .nothing : .keep }
        guard let baseline, baseline.records(field) != false else {
            // Never imported: fill what is empty, keep what the reader wrote.
            if local == nil { return .write }
            return incoming == nil ? .nothing : .keep
        }
        if baseline.matches(field, incoming) { return .nothing }
        if baseline.matches(field, local) { return .write }
        // The current format cannot tell a value the reader removed from one never imported: a
        // value the source has now fills the empty field.
        if local == nil, baseline.records(field) == nil { return .write }
        return .keep
    }
}
