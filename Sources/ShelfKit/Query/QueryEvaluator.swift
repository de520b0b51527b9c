import Dispatch

/// Answers a query over a library's index: words and phrases through the inverted indices,
/// fields by looking at each book's typed values.
struct QueryEvaluator {
    let index: LibraryIndex
    let today: BookDate
    /// Reads a book's notes, to confirm a phrase found by its words is really there in order.
    /// Called from several threads at once.
    var notesReader: (@Sendable (Book) -> String?)?

    init(index: LibraryIndex, today: BookDate, notesReader: (@Sendable (Book) -> String?)? = nil) {
        self.index = index
        self.today = today
        self.notesReader = notesReader
    }

    /// The ids of the books matching `expression`.
    func evaluate(_ expression: QueryExpression) -> BitSet {
        let count = index.books.count
        switch expression {
        case .all:
            return BitSet(capacity: count, full: true)
        case .and(let parts):
            // Cheap, selective terms first would be an optimisation; sets make order irrelevant.
            var result = BitSet(capacity: count, full: true)
            for part in parts {
                result.formIntersection(evaluate(part))
                if result.isEmpty { break }
            }
            return result
        case .or(let parts):
            var result = BitSet(capacity: count)
            for part in parts { result.formUnion(evaluate(part)) }
            return result
        case .not(let inner):
            return evaluate(inner).inverted()
        case let .word(word, prefix):
            return BitSet(capacity: count, ids: WordLookup(index: index).books(matching: word, prefix: prefix))
        case .phrase(let words):
            return phrase(words)
        case .field(let query):
            return field(query)
        case .has(let name):
            var result = BitSet(capacity: count)
            for id in index.books.indices where index.books[id].hasValue(name) { result.insert(id) }
            return result
        }
    }

    private func field(_ query: FieldQuery) -> BitSet {
        var result = BitSet(capacity: index.books.count)
        guard let matcher = try? FieldMatcher(query, today: today) else { return result }
        // A tag narrows through the tag index instead of looking at every book.
        if CanonicalField(key: query.name) == .tags, query.operation == .matches {
            for id in index.books(taggedWith: query.value) { result.insert(Int(id)) }
            return result
        }
        // By index, so that no book is copied (and its strings retained) to be looked at.
        for id in index.books.indices where matcher.matches(index.books[id]) { result.insert(id) }
        return result
    }

    private func phrase(_ words: [String]) -> BitSet {
        let lookup = WordLookup(index: index)
        var candidates = BitSet(capacity: index.books.count, full: true)
        for word in words {
            candidates.formIntersection(BitSet(capacity: index.books.count, ids: lookup.books(matching: word, prefix: false)))
        }
        // Each candidate's notes are read again to see the words in order: on every core, as
        // common words leave thousands of candidates.
        let ids = candidates.ids
        let found = PhraseFlags(count: ids.count)
        let books = index.books
        let reader = notesReader
        let workers = max(1, min(ProcessInfoCores.count, ids.count / 16 + 1))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for position in stride(from: worker, to: ids.count, by: workers) {
                let id = Int(ids[position])
                if PhraseMatcher.book(books[id], holds: words, notes: { reader?(books[id]) }) { found.set(position) }
            }
        }
        var result = BitSet(capacity: index.books.count)
        for position in ids.indices where found.isSet(position) { result.insert(Int(ids[position])) }
        return result
    }
}

/// Finds the books holding a word anywhere a word search looks.
struct WordLookup {
    let index: LibraryIndex

    /// The fields a bare word searches, most telling first.
    var fields: [(name: String, postings: PostingIndex)] {
        var fields: [(String, PostingIndex)] = [
            ("title", index.titleWords), ("authors", index.authorWords), ("series", index.seriesWords),
            ("tags", index.tagWords), ("publisher", index.publisherWords),
        ]
        if let notes = index.noteWords { fields.append(("notes", notes)) }
        return fields
    }

    func books(matching word: String, prefix: Bool) -> [Int32] {
        var union = Set<Int32>()
        for field in fields {
            union.formUnion(prefix ? field.postings.books(withPrefix: word) : field.postings.books(with: word))
        }
        if let isbn = ISBN.parse(word) { union.formUnion(index.isbns.books(with: isbn.isbn13)) }
        return union.sorted()
    }
}

/// One flag per candidate, each set by exactly one worker and read after all have finished.
final class PhraseFlags: @unchecked Sendable {
    private let flags: UnsafeMutableBufferPointer<Bool>

    init(count: Int) {
        flags = .allocate(capacity: max(count, 1))
        flags.initialize(repeating: false)
    }

    func set(_ position: Int) { flags[position] = true }

    func isSet(_ position: Int) -> Bool { flags[position] }

    deinit { flags.deallocate() }
}
