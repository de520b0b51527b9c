/// A query answered over a whole library.
public struct QueryResult: Sendable {
    /// The books the answer was worked out over: every book, or (answered from the index) only
    /// those it could not rule out. To explain an empty answer, load the whole library.
    public var index: LibraryIndex
    /// Ids of the matching books, ascending.
    public var matches: [Int32]
    /// The files that failed to load, to report.
    public var problems: [LibraryProblem]
    /// Worked out from the index while the files were statted, none of which had changed
    /// (`IndexedQuery.early(over:)`).
    var answeredEarly = false

    /// The matching books, in path order.
    public var books: [Book] { matches.map { index.books[Int($0)] } }
}

extension Library {
    /// Answers `expression`: from the library's index when it can be used, else from a load of
    /// the library (with the note index only when the query needs it). `IndexedQuery` tells how.
    public func query(_ expression: QueryExpression, today: BookDate) throws(FileError) -> QueryResult {
        try IndexedQuery(expression, over: self, today: today).run().answer
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
