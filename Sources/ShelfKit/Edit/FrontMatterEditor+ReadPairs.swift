/// Reads kept as `[start, end]` pairs under the finished key (`readDates: [[2019-01-02,
/// 2019-01-20]]`, as `Book.readPairs` reads them). An edit ends the open read in its pair, or a
/// new read is added as a pair of its own (`ReadingPlan`); setting what a pair already says is
/// no change, and anything else is refused: a pair is never emptied or rewritten.
extension FrontMatterEditor {
    /// The finished entry, when it is a list of `[start, end]` pairs whose last pair reads.
    func readPairs(_ entry: FrontMatterEntry?) -> (entry: FrontMatterEntry, last: ReadPair, item: YAMLNode)? {
        guard let entry, case .sequence(let sequence) = entry.value, let item = sequence.items.last,
            let pairs = Book.readPairs(in: FieldValue(entry.value)), let last = pairs.last ?? nil
        else { return nil }
        return (entry, last, item)
    }

    /// The finished entry of a book whose started date comes from its last pair (no started key).
    func readPairsForStart(in frontMatter: FrontMatter) -> (entry: FrontMatterEntry, last: ReadPair, item: YAMLNode)? {
        readPairs(frontMatter.entries.first { vocabulary.field(forKey: $0.key) == .finished })
    }

    /// Sets the end of the latest read: no change when it ends that day; an open pair gets
    /// its end, written after its start in the start's style; any other change is refused.
    mutating func setPairEnd(_ value: NewValue, in pairs: (entry: FrontMatterEntry, last: ReadPair, item: YAMLNode)) throws(EditError) {
        let date = try pairDate(value, key: pairs.entry.key)
        if pairs.last.ended?.canonicalText == date.canonicalText { return }
        guard pairs.last.ended == nil, case .sequence(let pair) = pairs.item, pair.isFlow, let start = pair.items.first else {
            throw .invalidValue(key: pairs.entry.key, reason: ReadPairsRefusal.reason)
        }
        guard DateSpan(pairs.last.started).first <= DateSpan(date).last else {
            throw .invalidValue(key: pairs.entry.key, reason: "\(date.text) is before the read started (\(pairs.last.started.text))")
        }
        let written = String(decoding: document.bytes[start.range], as: UTF8.self)
        try replace(pair.range, with: Array("[\(written), \(date.text(in: pairs.last.started.style))]".utf8))
    }

    /// Sets the start of the latest read: no change when it started that day; else refused.
    func setPairStart(_ value: NewValue, in pairs: (entry: FrontMatterEntry, last: ReadPair, item: YAMLNode)) throws(EditError) {
        let date = try pairDate(value, key: pairs.entry.key)
        if pairs.last.started.canonicalText == date.canonicalText { return }
        throw .invalidValue(key: pairs.entry.key, reason: ReadPairsRefusal.reason)
    }

    private func pairDate(_ value: NewValue, key: String) throws(EditError) -> BookDate {
        let text: String
        switch value {
        case .typed(let written), .string(let written), .raw(let written): text = written
        case .list: text = ""
        }
        guard !text.trimmingSpaces.isEmpty else { throw .invalidValue(key: key, reason: ReadPairsRefusal.reason) }
        guard let date = BookDate(text.trimmingSpaces) else { throw .invalidValue(key: key, reason: "'\(text)' is not a date") }
        return date
    }
}

/// Why shelf does not empty or rewrite a list of `[start, end]` pairs.
enum ReadPairsRefusal {
    static let reason =
        "holds the reads as [start, end] pairs, which shelf only adds to (shelf start, then shelf finish) and never empties "
        + "or rewrites; change a date by hand (shelf edit)"
}
