import Foundation
import Hummingbird
import Mustache
import ShelfKit

/// The pages: read the library now (so a change made anywhere shows on the next load), fill a
/// template, wrap it in the layout.
struct Pages: Sendable {
    let library: Library
    let templates: MustacheLibrary
    let readOnly: Bool
    let token: String

    enum Outcome {
        case redirect(String)
        case page(Page)
    }

    static func today() -> BookDate {
        if let text = ProcessInfo.processInfo.environment["SHELF_TODAY"], let date = BookDate(text), date.day != nil { return date }
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return BookDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    func layout(_ title: String, query: String = "", content: String, status: HTTPResponse.Status = .ok) -> Page {
        let context: [String: Any] = ["title": title, "query": query, "content": content, "css": Templates.css, "readOnly": readOnly]
        return Page(status: status, html: templates.render(context, withTemplate: "layout") ?? "")
    }

    func message(_ status: HTTPResponse.Status, _ heading: String, _ text: String) -> Page {
        layout(heading, content: templates.render(["heading": heading, "text": text], withTemplate: "message") ?? "", status: status)
    }

    static func bookLink(_ path: String) -> String { "/book?p=" + FormBody.encode(path) }

    static func stars(_ rating: Double?) -> String {
        guard let rating, rating > 0 else { return "" }
        return Rating.drawn(rating)
    }

    /// The library's books matching the search box and the facets, as a grid of covers.
    func grid(_ query: FormBody) -> Page {
        let text = query["q"] ?? ""
        var parts = [text]
        if let status = query["status"], !status.isEmpty { parts.append("status:" + status) }
        if let tag = query["tag"], !tag.isEmpty { parts.append("tag:" + tag) }
        let combined = parts.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.joined(separator: " ")
        var context: [String: Any] = [:]
        var books: [Book] = []
        var all: [Book] = []
        do {
            let today = Pages.today()
            all = try library.load(withNotes: false).index.books
            if combined.isEmpty {
                books = all
            } else {
                let expression = try library.queryParser(today: today).parse(combined)
                books = try library.query(expression, today: today).books
            }
        } catch {
            context["error"] = String(describing: error)
        }
        books = BookSortKey.title.sort(books)
        context["summary"] = books.count == 1 ? "1 book" : "\(books.count) books"
        context["books"] = books.map { book -> [String: Any] in
            ["title": book.title, "authors": book.authors.joined(separator: ", "), "link": Pages.bookLink(book.path),
             "cover": !library.hasLocalCover(book) ? "" : "/cover?p=" + FormBody.encode(book.path), "stars": Pages.stars(book.rating)]
        }
        context["statuses"] = ReadingStatus.allCases.map { status -> [String: Any] in
            let active = query["status"] == status.rawValue
            return ["name": status.rawValue, "count": all.filter { $0.status == status }.count, "active": active,
                    "link": active ? "/" : "/?status=" + status.rawValue]
        }
        var tagCounts: [String: Int] = [:]
        for book in all { for tag in book.tags { tagCounts[tag, default: 0] += 1 } }
        context["tags"] = tagCounts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(24).map { tag, count -> [String: Any] in
            let active = query["tag"] == tag
            return ["name": tag, "count": count, "active": active, "link": active ? "/" : "/?tag=" + FormBody.encode(tag)]
        }
        return layout("Library", query: text, content: templates.render(context, withTemplate: "grid") ?? "")
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
            "cover": !library.hasLocalCover(book) ? "" : "/cover?p=" + FormBody.encode(path),
        ]
        context["fields"] = book.fields.filter { ![.title, .subtitle, .authors].contains($0.canonical) }.map { field -> [String: Any] in
            ["key": field.key, "value": field.value.texts.joined(separator: ", ")]
        }
        context["ratings"] = (1...5).map { ["value": $0, "on": (book.rating ?? 0) >= Double($0)] }
        context["editable"] = Pages.editableFields.map { key, label -> [String: Any] in
            ["key": key, "label": label, "value": Pages.formValue(of: key, in: book)]
        }
        return layout(book.title, content: templates.render(context, withTemplate: "book") ?? "")
    }

    func cover(path: String) -> [UInt8]? {
        library.currentState(of: path).flatMap { library.localCoverBytes(of: $0.book) }
    }

    static func imageType(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8]) { return "image/jpeg" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.count > 12, bytes[8..<12].elementsEqual("WEBP".utf8) { return "image/webp" }
        return "application/octet-stream"
    }
}
