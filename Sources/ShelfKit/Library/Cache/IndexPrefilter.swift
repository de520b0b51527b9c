/// Narrows a query to the cache entries that can match it, from what the cache records of each
/// book (its folded tags and `EntryColumns`), without decoding a book.
///
/// The answer is a superset: the books it leaves out cannot match, and the query evaluator then
/// decides over the rest. A set is `exact` when it is precisely the books that match, worked out
/// with the very comparisons `FieldMatcher` makes over the very values it reads; only an exact set
/// may be inverted for NOT, and an exact answer needs no evaluation at all.
struct IndexPrefilter {
    struct Candidates {
        var set: BitSet
        var exact: Bool
    }

    let cache: LibraryCache
    let today: BookDate
    /// The notes section, to look for a bare word in the notes; without it a word narrows nothing.
    var notes: NoteWordsSection? = nil
    /// Entries out of date (their files changed since): never candidates.
    var stale = BitSet(capacity: 0)
    /// The library's folder, to read notes in which to look for a phrase; without it a phrase
    /// narrows only by its words.
    var root: String? = nil

    /// The entries that can match `expression`, among the books; nil when the cache cannot narrow
    /// it (every book is a candidate).
    func candidates(_ expression: QueryExpression) -> Candidates? {
        narrow(expression, within: books)
    }

    /// Every entry that is a book.
    var books: BitSet {
        var set = BitSet(capacity: cache.entries.count)
        for index in cache.entries.indices where cache.entries.isBook(index) { set.insert(index) }
        if stale.capacity == set.capacity { set.formIntersection(stale.inverted()) }
        return set
    }

    /// The entries of `within` that can match `expression`: exact when they are precisely those
    /// of `within` that match. Each term of an AND looks only at what the terms before it left.
    private func narrow(_ expression: QueryExpression, within: BitSet) -> Candidates? {
        switch expression {
        case .all:
            return Candidates(set: within, exact: true)
        case .and(let parts):
            var result = Candidates(set: within, exact: true)
            for part in parts {
                guard let found = narrow(part, within: result.set) else {
                    result.exact = false
                    continue
                }
                result.set.formIntersection(found.set)
                result.exact = result.exact && found.exact
            }
            return result
        case .or(let parts):
            var result = Candidates(set: BitSet(capacity: cache.entries.count), exact: true)
            for part in parts {
                guard let found = narrow(part, within: within) else { return nil }
                result.set.formUnion(found.set)
                result.exact = result.exact && found.exact
            }
            return result
        case .not(let inner):
            guard let found = narrow(inner, within: within), found.exact else { return nil }
            var set = found.set.inverted()
            set.formIntersection(within)
            return Candidates(set: set, exact: true)
        case .field(let query):
            return field(query, within: within).map { Candidates(set: $0, exact: true) }
        case let .word(word, prefix):
            return self.word(word, prefix: prefix, within: within)
        case .phrase(let words):
            // Every word must be there; then those whose notes alone could hold them in a row
            // are looked through. The evaluator decides over the rest.
            var result = Candidates(set: within, exact: false)
            for word in words {
                guard let found = self.word(word, prefix: false, within: result.set) else { return nil }
                result.set.formIntersection(found.set)
            }
            result.set = phraseCandidates(words, among: result.set)
            return result
        case .has:
            return nil
        }
    }

    /// The books holding a bare word where `WordLookup` looks (title, subtitle, authors, series,
    /// tags, publisher, notes). Words are compared byte for byte, which is exactly how the
    /// evaluator compares an ASCII word; any other word (equal to differently composed text), and
    /// an ISBN (looked up by its digits), is left to the evaluator.
    private func word(_ word: String, prefix: Bool, within: BitSet) -> Candidates? {
        guard let notes, !word.isEmpty, word.utf8.allSatisfy({ $0 < 0x80 }), ISBN.parse(word) == nil else { return nil }
        let bytes = Array(word.utf8)
        let found = bytes.withUnsafeBytes { wanted -> BitSet? in
            var set = BitSet(capacity: cache.entries.count)
            let probe = WordBloom.Probe(wanted)
            for id in within.ids {
                // Damaged note words narrow nothing: the books are decoded, which finds the damage.
                guard let holds = cache.hasWord(Int(id), wanted, probe: probe, prefix: prefix, notes: notes) else { return nil }
                if holds { set.insert(Int(id)) }
            }
            return set
        }
        guard let set = found else { return nil }
        // A prefix found by bytes is a superset of one found by characters.
        return Candidates(set: set, exact: !prefix)
    }

    /// The books matching a field term, for the terms the cache answers exactly; nil otherwise.
    private func field(_ query: FieldQuery, within: BitSet) -> BitSet? {
        switch (CanonicalField(key: query.name), query.operation) {
        case (.tags?, .matches):
            // The tags lie apart from the columns: nothing else of the entry is read.
            let folded = Array(TextFolding.foldTag(query.value).utf8)
            var set = BitSet(capacity: cache.entries.count)
            folded.withUnsafeBytes { wanted in
                within.forEachID { index in
                    if cache.hasTag(index, folded: wanted) { set.insert(index) }
                }
            }
            return set
        case (.status?, .matches), (.status?, .exact):
            guard let wanted = ReadingStatus(alias: query.value) else { return nil }
            return entries(within) { _, columns in columns.status == wanted }
        case (.rating?, _), (.pages?, _):
            guard let compare = numberComparison(query) else { return nil }
            let isRating = CanonicalField(key: query.name) == .rating
            return entries(within) { _, columns in compare(isRating ? columns.rating : columns.pages) }
        case (let date?, _):
            guard let field = EntryColumns.dateFields.firstIndex(of: date), let compare = dateComparison(query) else { return nil }
            return entries(within) { _, columns in compare(columns, field) }
        default:
            return nil
        }
    }

    /// `FieldMatcher`'s test of a number field, for a number; nil for a test it makes otherwise.
    private func numberComparison(_ query: FieldQuery) -> ((Double?) -> Bool)? {
        switch query.operation {
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .matches:
            guard let wanted = Double(query.value) else { return nil }
            let operation = query.operation
            return { number in number.map { FieldMatcher.compare($0, wanted, operation) } ?? false }
        case let .range(low, high):
            // An end that is not a number is compared as a date: left to the evaluator.
            guard low.isEmpty || Double(low) != nil, high.isEmpty || Double(high) != nil else { return nil }
            let lowest = Double(low), highest = Double(high)
            return { number in
                guard let number else { return low.isEmpty && high.isEmpty }
                return (lowest.map { FieldMatcher.compare(number, $0, .greaterOrEqual) } ?? true)
                    && (highest.map { FieldMatcher.compare(number, $0, .lessOrEqual) } ?? true)
            }
        default:
            return nil
        }
    }

    /// `FieldMatcher`'s test of a date field over its days (any day may match each end), given
    /// an entry's columns and the field's position in `EntryColumns.dateFields`.
    private func dateComparison(_ query: FieldQuery) -> ((EntryColumns, Int) -> Bool)? {
        switch query.operation {
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .matches:
            guard let span = DateSpan.parse(query.value, today: today) else { return nil }
            let operation = query.operation
            return { columns, field in columns.anyDay(field) { FieldMatcher.compare(day: $0, span, operation) } }
        case let .range(low, high):
            let lowSpan = DateSpan.parse(low, today: today), highSpan = DateSpan.parse(high, today: today)
            guard low.isEmpty || lowSpan != nil, high.isEmpty || highSpan != nil else { return nil }
            return { columns, field in
                (lowSpan.map { span in columns.anyDay(field) { FieldMatcher.compare(day: $0, span, .greaterOrEqual) } } ?? true)
                    && (highSpan.map { span in columns.anyDay(field) { FieldMatcher.compare(day: $0, span, .lessOrEqual) } } ?? true)
            }
        default:
            return nil
        }
    }

    /// The entries of `within` for which `test` holds; nil when an entry's columns cannot be trusted.
    private func entries(_ within: BitSet, _ test: (Int, EntryColumns) -> Bool) -> BitSet? {
        var set = BitSet(capacity: cache.entries.count)
        var trusted = true
        within.forEachID { index in
            guard trusted, let columns = cache.columns(index), columns.isTrusted else {
                trusted = false
                return
            }
            if test(index, columns) { set.insert(index) }
        }
        return trusted ? set : nil
    }
}
