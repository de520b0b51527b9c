/// A query answered over a whole library.
public struct QueryResult: Sendable {
    /// The books the answer was worked out over: every book, or (answered from the index) only
    /// those it could not rule out. To explain an empty answer, load the whole library.
    public var index: LibraryIndex
    /// Ids of the matching books, ascending.
    public var matches: [Int32]
    public var problems: [LibraryProblem]
    /// Worked out from the index while the files were statted, none of which had changed.
    var answeredEarly = false

    public var books: [Book] { matches.map { index.books[Int($0)] } }
}

extension Library {
    /// Loads the library (with the note index only when the query needs it) and answers `expression`.
    public func query(_ expression: QueryExpression, today: BookDate) throws(FileError) -> QueryResult {
        try query(expression, today: today, meanwhile: nil)
    }

    /// Answers `expression`, giving `meanwhile` the answer from the index alone, worked out while
    /// the files are statted (without the problems they have), and the number of entries of
    /// the index: when the answer returned is that one (`answeredEarly`), work `meanwhile` did
    /// over it holds too. `meanwhile` is called with nil when the index turns out not to be
    /// used, to drop what it made.
    func query(
        _ expression: QueryExpression, today: BookDate, meanwhile: (@Sendable (_ answer: QueryResult?, _ entries: Int) -> Void)?
    ) throws(FileError) -> QueryResult {
        // Taken before any file is looked at: a file changed after this is never cached as clean.
        let started = clock()
        let filter = NoteWordFilter(words: expression.allWords)
        // Which books can match, and what the index records of them, is worked out while the
        // files are statted.
        var made: (@Sendable (EarlyAnswer?, Int) -> Void)?
        if let meanwhile {
            made = { answer, entries in
                guard let answer else { return meanwhile(nil, 0) }
                guard let evaluated = answer.evaluated else { return }
                meanwhile(QueryResult(index: evaluated.index, matches: evaluated.matches, problems: [], answeredEarly: true), entries)
            }
        }
        let early = earlyWork(expression, today: today, decoding: { _ in true }, made: made)
        let current = try currentIndex(started: started, withNotes: expression.needsNotes, noteFilter: filter, meanwhile: early.work)
        if let state = current.state, let answer = answer(expression, from: state, today: today, early: early.slot.take(0)) {
            return answer
        }
        let scan: BookFileScanner.Scan
        if let made = current.scan { scan = made } else { scan = try BookFileScanner.scanAll(root: root) }
        let (index, problems) = load(
            scan, started: started, cache: nil, withNotes: expression.needsNotes, withWords: expression.needsNotes,
            noteFilter: filter)
        let evaluator = QueryEvaluator(index: index, today: today, notesReader: { self.notes(of: $0) })
        return QueryResult(index: index, matches: evaluator.evaluate(expression).ids, problems: problems)
    }

    /// A book's notes, read again from its file; nil when it cannot be read. The body is the one
    /// `BookDocument(bytes:).body` gives, found without the node tree an edit needs: phrase
    /// checks re-read thousands of books' notes.
    public func notes(of book: Book) -> String? {
        guard let bytes = try? FileIO.read(absolutePath(book.path)) else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            let bodyStart: Int
            do throws(DocumentError) {
                let bom = buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
                bodyStart = try FrontMatterValues.parse(buffer)?.layout.bodyStart ?? bom
            } catch {
                return nil
            }
            return String(decoding: buffer[bodyStart...], as: UTF8.self)
        }
    }

    /// A query parser knowing this library's saved queries.
    public func queryParser(today: BookDate) -> QueryParser {
        QueryParser(savedQueries: config.queries, today: today)
    }
}
