import ShelfKit

/// The grid: the library's books matching the search box and the facets, as covers, a page at a
/// time (the links to the next and previous pages keep the query and the facets).
extension Pages {
    /// Books a page of the grid shows.
    static let pageSize = 120

    /// The orders the grid offers (`shelf ls --sort`'s, in their natural directions).
    static let sortChoices: [BookSortKey] = [.title, .author, .added, .finished, .rating]

    /// The grid's overview of `snapshot`'s books, kept for the set of books (`gridMemo`).
    func overview(of snapshot: LiveLibrary.Snapshot) -> GridOverview {
        gridMemo.value(of: snapshot) { GridOverview(library: snapshot.index) }
    }

    /// The books a grid shows, in its order, before it is cut into pages.
    struct GridAnswer {
        /// The books, in the order shown.
        var books: [Book] = []
        /// For a query that searches text: the results, in the order of `books`, without
        /// snippets (a page's are cut when it is shown), and the query they answer.
        var search: (results: [SearchResult], expression: QueryExpression)?
        /// The facets of the books shown.
        var facets = GridOverview(books: [])
        var problems: [LibraryProblem] = []
    }

    /// The books `faceted` finds, in `order` (nil: the default). A query that searches text is
    /// answered as `shelf search` answers it (`Library.search`, from the library's index) and
    /// shown as it ranks them; any other from the books in memory (`LiveLibrary`), by title.
    func answer(_ faceted: FacetedQuery, series: Bool, order: BookSortKey?) throws -> GridAnswer {
        let today = Clock.today()
        var answer = GridAnswer()
        if faceted.isEverything {
            let snapshot = try live.snapshot()
            answer.facets = overview(of: snapshot)
            answer.books = answer.facets.byTitle
            answer.problems = snapshot.problems
        } else {
            let expression = try faceted.expression(parser: library.queryParser(today: today))
            if expression.needsNotes {
                let found = try library.search(expression, today: today, limit: nil, withSnippets: false)
                answer.search = (found.results, expression)
                answer.books = found.results.map(\.book)
                answer.problems = found.problems
            } else {
                let found = try live.query(expression, today: today)
                answer.books = BookSortKey.title.sort(found.books)
                answer.problems = found.problems
            }
            // The facets count the books shown: inside a filter, what narrowing further would leave.
            answer.facets = GridOverview(books: answer.books)
        }
        if let order, order != .title || answer.search != nil {
            answer.books = order.sort(answer.books)
            if let search = answer.search {
                let byPath = Dictionary(search.results.map { ($0.book.path, $0) }) { first, _ in first }
                answer.search?.results = answer.books.compactMap { byPath[$0.path] }
            }
        } else if order == nil, series, answer.search == nil {
            // A series in its order; books without a number after, by title.
            answer.books = answer.books.enumerated().sorted {
                ($0.element.seriesIndex ?? .infinity, $0.offset) < ($1.element.seriesIndex ?? .infinity, $1.offset)
            }.map(\.element)
        }
        return answer
    }

    func grid(_ query: FormBody) -> Page {
        let text = query["q"] ?? ""
        let faceted = FacetedQuery(text: text, status: query["status"], tag: query["tag"], author: query["author"], series: query["series"])
        var context: [String: Any] = ["removed": query["removed"] ?? ""]
        let order = query["sort"].flatMap(BookSortKey.init(rawValue:)).flatMap { Pages.sortChoices.contains($0) ? $0 : nil }
        var found = GridAnswer()
        do {
            found = try answer(faceted, series: query["series"].map { !$0.isEmpty } == true, order: order)
        } catch {
            context["error"] = String(describing: error)
        }
        // A file that could not be read is said on the page, never left to vanish.
        let unread = found.problems.filter { if case .conflictCopies = $0 { return false } else { return true } }.count
        if unread > 0 { context["problems"] = unread == 1 ? "1 file could not be read" : "\(unread) files could not be read" }
        let books = found.books
        let pageCount = max(1, (books.count + Pages.pageSize - 1) / Pages.pageSize)
        let page = min(max(1, Int(query["page"] ?? "") ?? 1), pageCount)
        let shownRange = ((page - 1) * Pages.pageSize)..<min(books.count, page * Pages.pageSize)
        context["summary"] =
            (books.count == 1 ? "1 book" : "\(books.count) books")
            + (pageCount > 1 ? " · page \(page) of \(pageCount)" : "")
        // Where the words matched, as `shelf search` says it, cut for the books of this page only.
        let matches = found.search.map { search in
            let cut = library.cuttingSnippets(of: search.results[shownRange], for: search.expression)
            return Dictionary(cut.map { ($0.book.path, $0.shownMatches) }) { first, _ in first }
        }
        context["books"] = books[shownRange].map { book -> [String: Any] in
            [
                "matches": Pages.matchedIn(matches?[book.path] ?? [], expression: found.search?.expression),
                "title": book.title, "authors": book.authors.joined(separator: ", "), "link": Pages.bookLink(book.path),
                "cover": hasCoverToShow(book) ? "/thumb?p=" + FormBody.encode(book.path) : "", "stars": Pages.stars(book.rating),
                "tint": Pages.tint(of: book.title),
            ]
        }
        if page > 1 { context["previous"] = Pages.gridLink(query, setting: "page", to: String(page - 1)) }
        if page < pageCount { context["next"] = Pages.gridLink(query, setting: "page", to: String(page + 1)) }
        let facets = found.facets
        context["statuses"] = facets.statuses.filter { $0.count > 0 || query["status"] == $0.name }.map {
            facet($0.name, count: $0.count, key: "status", query: query)
        }
        context["tags"] = facets.tags.map { facet($0.name, count: $0.count, key: "tag", query: query) }
        context["authorFacets"] = facets.authors.map { facet($0.name, count: $0.count, key: "author", query: query) }
        context["seriesFacets"] = facets.series.map { facet($0.name, count: $0.count, key: "series", query: query) }
        context["sorts"] = sortLinks(query, current: order, ranked: found.search != nil)
        context["heading"] = text.isEmpty ? "Library" : "Books matching \(text)"
        return layout("Library", query: text, content: render(context, "grid"))
    }

    /// The sort links: a search's results are ranked unless another order is chosen (the first
    /// link, "relevance", goes back to it); other grids are by title unless another is chosen.
    private func sortLinks(_ query: FormBody, current: BookSortKey?, ranked: Bool) -> [[String: Any]] {
        let relevance: [[String: Any]] =
            ranked ? [["name": "relevance", "current": current == nil, "link": Pages.gridLink(query, setting: "sort", to: nil)]] : []
        return relevance
            + Pages.sortChoices.map { key -> [String: Any] in
                let isDefault = key == .title && !ranked
                return [
                    "name": key.rawValue, "current": (current ?? (ranked ? nil : .title)) == key,
                    "link": Pages.gridLink(query, setting: "sort", to: isDefault ? nil : key.rawValue),
                ]
            }
    }

    /// A facet's link: adds it to the query and the other facets, or takes it off when active.
    private func facet(_ name: String, count: Int, key: String, query: FormBody) -> [String: Any] {
        let active = query[key] == name
        return ["name": name, "count": count, "active": active, "link": Pages.gridLink(query, setting: key, to: active ? nil : name)]
    }

    /// The 24 most used values, most used first, then by name.
    static func top(_ values: [String]) -> [(name: String, count: Int)] {
        var counts: [String: Int] = [:]
        for value in values where !value.isEmpty { counts[value, default: 0] += 1 }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(24).map { ($0.key, $0.value) }
    }

    /// The 24 most used tags, in any case (`Sci-Fi` and `sci-fi` are one, written as most books
    /// write it), each counting the books its link shows: `tag:sci-fi` takes in `sci-fi/space`.
    static func topTags(_ books: [Book]) -> [(name: String, count: Int)] {
        var spellings: [String: [String: Int]] = [:]
        for book in books {
            for tag in Set(book.tags) where !tag.isEmpty { spellings[tag.lowercased(), default: [:]][tag, default: 0] += 1 }
        }
        let counted = spellings.map { key, names in (key: key, count: names.values.reduce(0, +)) }
        let top = counted.sorted { ($0.count, $1.key) > ($1.count, $0.key) }.prefix(24)
        return top.map { entry in
            let name = spellings[entry.key]?.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? entry.key
            let shown = books.filter { $0.tags.contains { TextFolding.tag($0.lowercased(), matches: entry.key) } }.count
            return (name, shown)
        }
    }

    /// The grid's URL with one parameter set (or removed), the others kept; a new filter starts
    /// again at page one.
    static func gridLink(_ query: FormBody, setting key: String, to value: String?) -> String {
        var pairs = query.fields.filter {
            $0.name != key && $0.name != "removed" && !$0.value.isEmpty && (key == "page" || $0.name != "page")
        }
        if let value { pairs.append((key, value)) }
        let order = ["q", "status", "tag", "author", "series", "sort", "page"]
        pairs.sort { (order.firstIndex(of: $0.name) ?? order.count) < (order.firstIndex(of: $1.name) ?? order.count) }
        guard !pairs.isEmpty else { return "/" }
        return "/?" + pairs.map { FormBody.encode($0.name) + "=" + FormBody.encode($0.value) }.joined(separator: "&")
    }
}
