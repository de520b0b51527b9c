import Foundation
import Hummingbird
import Mustache
import ShelfKit

/// The pages: read the library now (so a change made anywhere shows on the next load), fill a
/// template, wrap it in the layout.
struct Pages: Sendable {
    let library: Library
    /// The books in memory, looked at again (a stat per file) at every page.
    let live: LiveLibrary
    /// The whole library sorted and counted for the grid, kept while no file changes.
    let gridMemo = GenerationMemo<GridOverview>()
    /// Pages worked out from the whole library (stats, loans), kept while no file changes.
    let contentMemo = GenerationMemo<String>()
    /// Every book's highlights, by title, kept while no file changes: the notes are read once.
    let highlightsMemo = GenerationMemo<[BookHighlights]>()
    let templates: MustacheLibrary
    let readOnly: Bool
    let formToken: FormToken
    /// The forms' token as this page carries it (masked afresh: see `FormToken`).
    var token: String { formToken.masked }
    /// Covers books name by address, fetched once into shelf's cache.
    let remoteCovers: RemoteCovers

    enum Outcome: Sendable {
        case redirect(String)
        case page(Page)
    }

    func layout(_ title: String, query: String = "", content: String, status: HTTPResponse.Status = .ok) -> Page {
        let context: [String: Any] = [
            "title": title, "query": query, "content": content, "readOnly": readOnly,
            "suggestions": query.isEmpty ? Pages.firstSuggestions : [],
        ]
        return Page(status: status, html: render(context, "layout"))
    }

    func message(_ status: HTTPResponse.Status, _ heading: String, _ text: String) -> Page {
        layout(heading, content: render(["heading": heading, "text": text], "message"), status: status)
    }

    /// Every book, for the pages that look at all of them; when the library cannot be read, none
    /// and the page that says so.
    /// The live library's current snapshot, or the page that says it cannot be read.
    func heldSnapshot() -> (snapshot: LiveLibrary.Snapshot?, failure: Page?) {
        do {
            return (try live.snapshot(), nil)
        } catch {
            return (nil, message(.internalServerError, "Cannot read the library", String(describing: error)))
        }
    }

    func everyBook() -> (books: [Book], failure: Page?) {
        do {
            return (try live.load().index.books, nil)
        } catch {
            return ([], message(.internalServerError, "Cannot read the library", String(describing: error)))
        }
    }

    /// Fills a template. Empty texts are left out first: to Mustache an empty string is true, and
    /// `{{#cover}}…{{/cover}}` must not draw an image with no source. An empty list is false.
    func render(_ context: [String: Any], _ template: String) -> String {
        templates.render(Pages.withoutEmptyTexts(context), withTemplate: template) ?? ""
    }

    static func withoutEmptyTexts(_ value: [String: Any]) -> [String: Any] {
        var result: [String: Any] = [:]
        for (key, item) in value {
            switch item {
            case let text as String where text.isEmpty: continue
            case let dictionary as [String: Any]: result[key] = withoutEmptyTexts(dictionary)
            case let list as [[String: Any]]: result[key] = list.map(withoutEmptyTexts)
            default: result[key] = item
            }
        }
        return result
    }

    static func bookLink(_ path: String) -> String { "/book?p=" + FormBody.encode(path) }

    /// One of the twelve colours a book without a cover is drawn on, the same for a title every
    /// time (its bytes summed), so the grid looks the same from one visit to the next.
    static func tint(of title: String) -> String {
        String(title.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF } % 12)
    }

    static func stars(_ rating: Double?) -> String {
        guard let rating, rating > 0 else { return "" }
        return Rating.drawn(rating)
    }

    /// Books a page of the grid shows.
    static let pageSize = 120

    /// The library's books matching the search box and the facets, as a grid of covers, a page
    /// at a time (the links to the next and previous pages keep the query and the facets).
    /// The grid's overview of `snapshot`'s books, kept for the set of books (`gridMemo`).
    func overview(of snapshot: LiveLibrary.Snapshot) -> GridOverview {
        gridMemo.value(of: snapshot) { GridOverview(library: snapshot.index) }
    }

    func grid(_ query: FormBody) -> Page {
        let text = query["q"] ?? ""
        let faceted = FacetedQuery(text: text, status: query["status"], tag: query["tag"], author: query["author"], series: query["series"])
        var context: [String: Any] = ["removed": query["removed"] ?? ""]
        var books: [Book] = []
        var searched: (answer: QueryResult, expression: QueryExpression)?
        var overview = GridOverview(books: [])
        do {
            let today = Clock.today()
            let snapshot = try live.snapshot()
            overview = self.overview(of: snapshot)
            // A file that could not be read is said on the page, never left to vanish.
            let unread = snapshot.problems.filter { if case .conflictCopies = $0 { return false } else { return true } }.count
            if unread > 0 { context["problems"] = unread == 1 ? "1 file could not be read" : "\(unread) files could not be read" }
            if faceted.isEverything {
                books = overview.byTitle
            } else {
                let expression = try faceted.expression(parser: library.queryParser(today: today))
                let answer = try live.query(expression, today: today)
                books = BookSortKey.title.sort(answer.books)
                searched = (answer, expression)
            }
        } catch {
            context["error"] = String(describing: error)
        }
        // The facets count the books shown: inside a filter, what narrowing further would leave.
        let facets = faceted.isEverything ? overview : GridOverview(books: books)
        let order = query["sort"].flatMap(BookSortKey.init(rawValue:)).flatMap { Pages.sortChoices.contains($0) ? $0 : nil }
        if let order, order != .title {
            books = order.sort(books)
        } else if order == nil, query["series"].map({ !$0.isEmpty }) == true {
            // A series in its order; books without a number after, by title.
            books = books.enumerated().sorted {
                ($0.element.seriesIndex ?? .infinity, $0.offset) < ($1.element.seriesIndex ?? .infinity, $1.offset)
            }.map(\.element)
        }
        let pageCount = max(1, (books.count + Pages.pageSize - 1) / Pages.pageSize)
        let page = min(max(1, Int(query["page"] ?? "") ?? 1), pageCount)
        let shown = books.dropFirst((page - 1) * Pages.pageSize).prefix(Pages.pageSize)
        context["summary"] =
            (books.count == 1 ? "1 book" : "\(books.count) books")
            + (pageCount > 1 ? " · page \(page) of \(pageCount)" : "")
        // Where the words matched, as `shelf search` says it, for the books of this page only.
        let matches = searched.map { library.searchMatches(of: Array(shown), in: $0.answer, for: $0.expression) } ?? [:]
        context["books"] = shown.map { book -> [String: Any] in
            [
                "matches": Pages.matchedIn(matches[book.path] ?? [], expression: searched?.expression),
                "title": book.title, "authors": book.authors.joined(separator: ", "), "link": Pages.bookLink(book.path),
                "cover": hasCoverToShow(book) ? "/thumb?p=" + FormBody.encode(book.path) : "", "stars": Pages.stars(book.rating),
                "tint": Pages.tint(of: book.title),
            ]
        }
        if page > 1 { context["previous"] = Pages.gridLink(query, setting: "page", to: String(page - 1)) }
        if page < pageCount { context["next"] = Pages.gridLink(query, setting: "page", to: String(page + 1)) }
        context["statuses"] = facets.statuses.filter { $0.count > 0 || query["status"] == $0.name }.map {
            facet($0.name, count: $0.count, key: "status", query: query)
        }
        context["tags"] = facets.tags.map { facet($0.name, count: $0.count, key: "tag", query: query) }
        context["authorFacets"] = facets.authors.map { facet($0.name, count: $0.count, key: "author", query: query) }
        context["seriesFacets"] = facets.series.map { facet($0.name, count: $0.count, key: "series", query: query) }
        context["sorts"] = Pages.sortChoices.map { key -> [String: Any] in
            let current = (order ?? .title) == key
            return [
                "name": key.rawValue, "current": current,
                "link": Pages.gridLink(query, setting: "sort", to: key == .title ? nil : key.rawValue),
            ]
        }
        context["heading"] = text.isEmpty ? "Library" : "Books matching \(text)"
        return layout("Library", query: text, content: render(context, "grid"))
    }

    /// The orders the grid offers (`shelf ls --sort`'s, in their natural directions).
    static let sortChoices: [BookSortKey] = [.title, .author, .added, .finished, .rating]

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

    /// One book: its fields, rendered notes (highlights among them), and the forms that edit it.
    func book(path: String, notice: String? = nil) -> Page {
        guard let state = library.currentState(of: path) else {
            return message(.notFound, "No such book", "\(path) is not a book in this library.")
        }
        let book = state.book
        var context: [String: Any] = [
            "title": book.title, "subtitle": book.subtitle ?? "", "authors": book.authors.joined(separator: ", "), "path": path,
            "version": state.version.text, "token": token, "readOnly": readOnly, "notice": notice ?? "",
            "notes": NotesHTML.render(state.notes),
            "cover": hasCoverToShow(book) ? "/cover?p=" + FormBody.encode(path) : "", "tint": Pages.tint(of: book.title),
        ]
        // Reads, progress and loans have their own sections.
        let ownSections = [Book.readsKey, ReadingProgress.key, Book.loansKey]
        // The cover is shown as the image; an address would run across a phone's screen.
        context["fields"] = book.fields.filter {
            ![.title, .subtitle, .authors, .cover].contains($0.canonical) && !ownSections.contains($0.key)
        }.map { field -> [String: Any] in
            ["key": field.key, "value": field.value.texts.joined(separator: ", ")]
        }
        // The latest read (the top-level keys) is last, and its rating is the book's.
        let reads = book.reads
        let latest = reads.count > book.earlierReads.count ? reads.count - 1 : nil
        context["reads"] = reads.enumerated().reversed().map { index, read -> [String: Any] in
            [
                "started": read.started?.text ?? "", "ended": read.ended?.text ?? "", "outcome": Pages.outcomeText(read),
                "format": read.format ?? "", "stars": Pages.stars(index == latest ? book.rating : read.rating), "n": index,
                "number": index + 1, "open": read.outcome == .open,
            ]
        }
        // Another read is logged on a book finished (or never read): `shelf finish --again`.
        context["logRead"] = book.status == .read || reads.isEmpty
        let today = Clock.today()
        context["loans"] = book.loans.reversed().map { loan -> [String: Any] in
            [
                "to": loan.to, "lent": loan.lent?.text ?? "", "due": loan.due?.text ?? "",
                "returned": loan.returned?.text ?? (loan.isOpen ? "" : "yes"), "overdue": loan.isOverdue(today: today),
            ]
        }
        let progress = ReadingProgress(book: book)
        if book.status == .reading, let summary = progress.summary {
            context["progress"] = ["text": summary, "percent": progress.percent.map { String(Int($0.rounded())) } ?? ""] as [String: Any]
        }
        context["ratings"] = (1...5).map { ["value": $0, "on": (book.rating ?? 0) >= Double($0), "current": book.rating == Double($0)] }
        context["halves"] = Pages.ratingChoices(current: book.rating)
        context.merge(Pages.readingFormContext(book)) { mine, _ in mine }
        context.merge(Pages.oneFieldContext(book)) { mine, _ in mine }
        context["editable"] = BookForm(book).fields.map { field -> [String: Any] in
            [
                "key": field.key, "label": field.label, "value": field.text, "list": Pages.choiceLists[field.key] ?? "",
                "items": field.isList,
            ]
        }
        if !readOnly { context.merge(formValues()) { mine, _ in mine } }
        return layout(book.title, content: render(context, "book"))
    }

    /// The rating menu: none, then ½ to 5 in half stars, the book's own selected.
    static func ratingChoices(current: Double?) -> [[String: Any]] {
        [["value": "none", "label": "none", "selected": current == nil]]
            + (1...10).map { step -> [String: Any] in
                let value = Double(step) / 2
                let text = step % 2 == 0 ? String(step / 2) : String(value)
                return ["value": text, "label": Rating.drawn(value) + " " + text, "selected": current == value]
            }
    }

    static func outcomeText(_ read: BookRead) -> String {
        switch read.outcome {
        case .finished: return "finished"
        case .abandoned: return read.page.map { "abandoned at page \($0)" } ?? "abandoned"
        case .open: return "reading"
        }
    }

    func cover(path: String) -> [UInt8]? {
        library.currentState(of: path).flatMap { coverSource(of: $0.book) }.flatMap(CoverThumbnails.original(at:))
    }

    /// The image file of the book's cover: in the library, or fetched from its address into the cache.
    func coverSource(of book: Book) -> String? {
        library.localCoverPath(of: book) ?? RemoteCovers.address(of: book).flatMap(remoteCovers.imagePath(for:))
    }

    /// Whether the book has a cover to show now. A cover named by an address not fetched yet is
    /// asked for, to show from the next load on; meanwhile the book is drawn.
    func hasCoverToShow(_ book: Book) -> Bool {
        if library.hasLocalCover(book) { return true }
        guard let address = RemoteCovers.address(of: book) else { return false }
        if remoteCovers.imagePath(for: address) != nil { return true }
        remoteCovers.request(address)
        return false
    }

    static func imageType(_ bytes: [UInt8]) -> String {
        RemoteCovers.imageType(Array(bytes.prefix(16))) ?? "application/octet-stream"
    }
}
