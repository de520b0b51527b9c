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

    /// The page that says the library cannot be read, thrown in place of its books.
    struct UnreadableLibrary: Error {
        var page: Page
    }

    /// The live library's books as the files are now (`LiveLibrary.snapshot`), for the pages that
    /// look at all of them; when they cannot be read, the page that says so.
    func heldSnapshot() throws(UnreadableLibrary) -> LiveLibrary.Snapshot {
        do {
            return try live.snapshot()
        } catch {
            throw UnreadableLibrary(page: message(.internalServerError, "Cannot read the library", String(describing: error)))
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
