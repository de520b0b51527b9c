import Dispatch

/// A ranked search hit and the reasons it matched.
public struct SearchResult: Sendable {
    /// The book found.
    public var book: Book
    /// How well it matched: higher ranks first.
    public var score: Double
    /// Where the query's terms matched, with a snippet each.
    public var matches: [SearchMatch]
}

/// Where a search matched, with a snippet of the text around the match.
public struct SearchMatch: Sendable, Equatable {
    /// `title`, `subtitle`, `authors`, `series`, `tags`, `isbn`, `publisher`, `notes`, or
    /// `highlight` for the notes' `## Highlights` section.
    public var field: String
    /// The matched text with some context.
    public var snippet: String
}

extension Library {
    /// Runs a search: the books matching `expression`, ranked by where its words matched, each
    /// with the fields it matched in and a snippet from each.
    /// - Parameter withSnippets: cut the snippets (false leaves each match's snippet empty, for
    ///   output that shows none: finding them means reading every result's notes again).
    public func search(
        _ expression: QueryExpression, today: BookDate, limit: Int?, withSnippets: Bool = true
    ) throws(FileError) -> (results: [SearchResult], problems: [LibraryProblem]) {
        // Ranked while the files are statted, and the snippets cut then when they are few: when
        // no file changed, the answer worked out then is the answer.
        let query = IndexedQuery(expression, over: self, today: today, purpose: .search(limit: limit, withSnippets: withSnippets))
        let (answer, early) = try query.run()
        let ranked: RankedSearch
        if let early {
            if let results = early.results { return (results, answer.problems) }
            ranked = early
        } else {
            ranked = rank(answer, for: expression, limit: limit)
        }
        return (results(of: ranked, for: expression, withSnippets: withSnippets), answer.problems)
    }

    /// About how many files the other cores `stat` while one core cuts the snippets of a result.
    static let statsPerSnippet = 32

    /// A search's hits, best first, with the notes read to rank them, and (when worked out
    /// while the files were statted) the results.
    struct RankedSearch {
        var answer: QueryResult
        var hits: [SearchRanker.Ranked]
        var notes: [String: String]
        var results: [SearchResult]?
    }

    /// The books of `answer` ranked, at most `limit` of them.
    fileprivate func rank(_ answer: QueryResult, for expression: QueryExpression, limit: Int?) -> RankedSearch {
        var cache: [String: String] = [:]
        let notes: (Book) -> String? = { book in
            if let cached = cache[book.path] { return cached }
            let text = self.notes(of: book)
            cache[book.path] = text
            return text
        }
        let all = SearchRanker.rank(
            answer.matches, terms: expression.positiveTerms, prefixWord: expression.lastPrefixWord, index: answer.index, notes: notes)
        return RankedSearch(answer: answer, hits: limit.map { Array(all.prefix($0)) } ?? all, notes: cache)
    }

    /// The hits of `ranked` with where they matched, and a snippet from each when asked for.
    fileprivate func results(of ranked: RankedSearch, for expression: QueryExpression, withSnippets: Bool) -> [SearchResult] {
        let terms = expression.positiveTerms
        let prefixWord = expression.lastPrefixWord
        let answer = ranked.answer
        let known = ranked.notes
        let hits = ranked.hits
        // Each result's snippets read its notes again: on every core.
        let slots = Slots<SearchResult>(count: hits.count)
        let workers = withSnippets ? max(1, min(ProcessInfoCores.count, hits.count / 8 + 1)) : 1
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for position in stride(from: worker, to: hits.count, by: workers) {
                let hit = hits[position]
                let book = answer.index.books[Int(hit.id)]
                var read: String??
                let notes: (Book) -> String? = { book in
                    if let text = known[book.path] { return text }
                    if let text = read { return text }
                    let text = self.notes(of: book)
                    read = .some(text)
                    return text
                }
                let matches =
                    withSnippets
                    ? Self.matches(in: hit.fields, of: book, terms: terms, prefixWord: prefixWord, notes: notes)
                    : hit.fields.map { SearchMatch(field: $0.rawValue, snippet: "") }
                slots.set(position, SearchResult(book: book, score: hit.score, matches: matches))
            }
        }
        return slots.drain().compactMap { $0 }
    }
}

extension IndexedQuery {
    /// For a search, the answer worked out early ranked, and its snippets cut when that costs
    /// less than the stats the other cores make meanwhile (a snippet reads a file); nil for
    /// any other query.
    /// - Parameter entries: how many entries the index has, one `stat` each.
    func rankedEarly(_ evaluated: (index: LibraryIndex, matches: [Int32]), entries: Int) -> Library.RankedSearch? {
        guard case .search(let limit, let withSnippets) = purpose else { return nil }
        let answer = QueryResult(index: evaluated.index, matches: evaluated.matches, problems: [], answeredEarly: true)
        var ranked = library.rank(answer, for: expression, limit: limit)
        if !withSnippets || ranked.hits.count * Library.statsPerSnippet <= entries {
            ranked.results = library.results(of: ranked, for: expression, withSnippets: withSnippets)
        }
        return ranked
    }
}

extension Library {
    /// A match in the notes, named `highlight` when the words are found only in the highlights.
    static func notesMatch(_ terms: [[String]], prefixWord: String?, in notes: String) -> SearchMatch? {
        // No heading, no highlights section: most notes are spared its parse.
        guard notes.containsByte(UInt8(ascii: "#")), HighlightsSection.mayHoldHeading(notes) else { return nil }
        let section = HighlightsSection(body: notes)
        guard let heading = section.headingLine else { return nil }
        let start = section.lines[heading].start
        let end = section.endLine < section.lines.count ? section.lines[section.endLine].start : notes.utf8.count
        let utf8 = Array(notes.utf8)
        let highlights = String(decoding: utf8[start..<end], as: UTF8.self)
        let own = String(decoding: utf8[..<start] + utf8[end...], as: UTF8.self)
        if let snippet = Snippet.around(terms, prefixWord: prefixWord, in: own) { return SearchMatch(field: "notes", snippet: snippet) }
        // Each passage and its note on its own, without the quote marks and places around them.
        for highlight in section.highlights {
            for text in [highlight.text, highlight.note ?? ""] where !text.isEmpty {
                if let snippet = Snippet.around(terms, prefixWord: prefixWord, in: text) {
                    return SearchMatch(field: "highlight", snippet: snippet)
                }
            }
        }
        return Snippet.around(terms, prefixWord: prefixWord, in: highlights).map { SearchMatch(field: "notes", snippet: $0) }
    }
}

extension QueryExpression {
    /// The word that may match as a prefix (the query's last bare word), if any.
    public var lastPrefixWord: String? {
        switch self {
        case .word(let word, let prefix): return prefix ? word : nil
        case .and(let parts), .or(let parts): return parts.lazy.compactMap(\.lastPrefixWord).last
        default: return nil
        }
    }
}

extension Library {
    /// `results`, found without snippets (`search(_:today:limit:withSnippets: false)`), with
    /// the snippet of each match cut as `search` cuts them: a page of a long ranked answer (the
    /// web grid's) reads the notes of that page's books only.
    public func cuttingSnippets(of results: some Collection<SearchResult>, for expression: QueryExpression) -> [SearchResult] {
        let terms = expression.positiveTerms
        let prefixWord = expression.lastPrefixWord
        return results.map { result in
            var read: String??
            let notes: (Book) -> String? = { book in
                if let text = read { return text }
                let text = self.notes(of: book)
                read = .some(text)
                return text
            }
            let fields = result.matches.compactMap { SearchRanker.Field(rawValue: $0.field == "highlight" ? "notes" : $0.field) }
            var cut = result
            cut.matches = Self.matches(in: fields, of: result.book, terms: terms, prefixWord: prefixWord, notes: notes)
            return cut
        }
    }

    /// Where `book` matched `terms` in each of `fields`, with a snippet each: a match in the
    /// notes named `highlight` when only the highlights hold it.
    fileprivate static func matches(
        in fields: [SearchRanker.Field], of book: Book, terms: [[String]], prefixWord: String?, notes: (Book) -> String?
    ) -> [SearchMatch] {
        fields.map { field -> SearchMatch in
            if field == .notes, let match = notesMatch(terms, prefixWord: prefixWord, in: notes(book) ?? "") { return match }
            let texts = SearchRanker.texts(of: field, in: book, notes: notes)
            let snippet =
                texts.lazy.compactMap { Snippet.around(terms, prefixWord: prefixWord, in: $0) }.first ?? texts.joined(separator: ", ")
            return SearchMatch(field: field.rawValue, snippet: snippet)
        }
    }
}

extension SearchResult {
    /// The matches worth telling: one in the title only when it is the only one, since the
    /// title is shown with every result anyway.
    public var shownMatches: [SearchMatch] { matches.filter { $0.field != "title" || matches.count == 1 } }
}
