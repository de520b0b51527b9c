import Foundation
import ShelfPresentation

/// The HTML of the catalog's pages. Every value from a book goes through `HTMLEscaping`.
enum HTMLCatalogPages {
    struct Entry {
        var book: Book
        var notes: String
        /// The book's page, relative to the catalog folder.
        var page: String
        /// The cover's `src` relative to the catalog folder, or an http(s) URL.
        var cover: String?
    }

    static func index(_ entries: [Entry], title: String) -> String {
        let tags = tagOptions(entries.map(\.book))
        var html = head(title: title, scripts: true)
        html += "<body>\n<header>\n<h1>\(esc(title))</h1>\n"
        html += "<form id=\"filters\" role=\"search\" autocomplete=\"off\">\n"
        html += "<input type=\"search\" id=\"q\" name=\"q\" placeholder=\"Filter by title, author, series, tag…\" aria-label=\"Filter\">\n"
        html += "<select id=\"status\" name=\"status\" aria-label=\"Status\"><option value=\"\">Any status</option>"
        for status in ReadingStatus.allCases { html += "<option value=\"\(status.rawValue)\">\(status.rawValue)</option>" }
        html += "</select>\n<select id=\"tag\" name=\"tag\" aria-label=\"Tag\"><option value=\"\">Any tag</option>"
        for tag in tags { html += "<option value=\"\(attr(tag.value))\">\(esc(tag.label)) (\(tag.count))</option>" }
        html += "</select>\n</form>\n<p id=\"count\">\(entries.count) \(entries.count == 1 ? "book" : "books")</p>\n</header>\n"
        html += "<ul id=\"books\">\n"
        for entry in entries { html += item(entry) }
        html += "</ul>\n<script>\n\(HTMLCatalogAssets.script)</script>\n</body>\n</html>\n"
        return html
    }

    static func item(_ entry: Entry) -> String {
        let book = entry.book
        let folded = book.tags.map { TextFolding.foldTag($0).replacingOccurrences(of: "|", with: " ") }
        var html = "<li class=\"book\" data-status=\"\(attr(book.status?.rawValue ?? ""))\""
        html += " data-tags=\"\(attr(folded.joined(separator: "|")))\" data-search=\"\(attr(searchText(book)))\">\n"
        html += "<a class=\"cover\" href=\"\(attr(entry.page))\" tabindex=\"-1\">"
        html +=
            entry.cover.map { "<img src=\"\(attr($0))\" alt=\"\" loading=\"lazy\">" }
            ?? "<span class=\"no-cover\" aria-hidden=\"true\"></span>"
        html += "</a>\n<div class=\"info\">\n<a class=\"title\" href=\"\(attr(entry.page))\">\(esc(book.title))</a>\n"
        if !book.authors.isEmpty { html += "<span class=\"authors\">\(esc(book.authors.joined(separator: ", ")))</span>\n" }
        html += "<span class=\"meta\">"
        if let status = book.status { html += "<span class=\"status status-\(status.rawValue)\">\(status.rawValue)</span>" }
        if let rating = book.rating { html += " <span class=\"rating\" title=\"\(Rating.number(rating)) of 5\">\(stars(rating))</span>" }
        html += "</span>\n"
        if !book.tags.isEmpty {
            html += "<span class=\"tags\">"
            for (tag, value) in zip(book.tags, folded) {
                html += "<a class=\"tag\" href=\"index.html?tag=\(attr(query(value)))\" data-tag=\"\(attr(value))\">\(esc(tag))</a> "
            }
            html += "</span>\n"
        }
        return html + "</div>\n</li>\n"
    }

    static func bookPage(_ entry: Entry, catalogTitle: String) -> String {
        let book = entry.book
        var html = head(title: book.title + " — " + catalogTitle, scripts: false)
        html += "<body class=\"page\">\n<nav><a href=\"../index.html\">← \(esc(catalogTitle))</a></nav>\n<article>\n"
        if let cover = entry.cover {
            let src = cover.hasPrefix("covers/") ? "../" + cover : cover
            html += "<img class=\"cover\" src=\"\(attr(src))\" alt=\"Cover of \(attr(book.title))\">\n"
        }
        html += "<h1>\(esc(book.title))</h1>\n"
        if let subtitle = book.subtitle { html += "<p class=\"subtitle\">\(esc(subtitle))</p>\n" }
        if !book.authors.isEmpty { html += "<p class=\"authors\">by \(esc(book.authors.joined(separator: ", ")))</p>\n" }
        html += "<dl class=\"fields\">\n" + fieldRows(book) + "</dl>\n"
        let notes = NotesHTML.render(entry.notes)
        if !notes.isEmpty { html += "<section class=\"notes\">\n\(notes)\n</section>\n" }
        return html + "</article>\n</body>\n</html>\n"
    }

    /// A definition list row per field the page does not already show at the top.
    static func fieldRows(_ book: Book) -> String {
        guard case .object(let members) = book.jsonObject() else { return "" }
        let shown: Set<String> = ["path", "title", "subtitle", "authors", "cover", ImportBaseline.key]
        var html = ""
        for (key, value) in members where !shown.contains(key) {
            let label = HTMLCatalogPages.label(key)
            var cell: String
            switch (key, value) {
            case ("rating", .integer(let rating)): cell = "<span class=\"rating\" title=\"\(rating) of 5\">\(stars(Double(rating)))</span>"
            case ("rating", .number(let rating)):
                cell = "<span class=\"rating\" title=\"\(Rating.number(rating)) of 5\">\(stars(rating))</span>"
            case ("tags", .array(let items)):
                cell = items.compactMap(\.scalarText).map { tag in
                    "<a class=\"tag\" href=\"../index.html?tag=\(attr(query(TextFolding.foldTag(tag))))\">\(esc(tag))</a>"
                }.joined(separator: " ")
            case (_, .array) where ProgressJSON.isLogKey(key):
                // The log's lines as written, not the objects of the JSON.
                cell = esc((book.value(of: key)?.texts ?? []).joined(separator: ", "))
            case (_, .array(let items)) where items.allSatisfy({ $0.scalarText != nil }):
                cell = esc(items.compactMap(\.scalarText).joined(separator: ", "))
            case (_, .array), (_, .object): cell = "<code>\(esc(value.serialized()))</code>"
            case (_, .null): continue
            default: cell = esc(value.scalarText ?? "")
            }
            if key == "series", let index = book.seriesIndex { cell += " #" + esc(ImportCells.number(index)) }
            if key == "series_index" { continue }
            html += "<dt>\(esc(label))</dt><dd>\(cell)</dd>\n"
        }
        return html
    }

    /// A key as a label: `series_index` → `Series index`, `isbn` → `ISBN`.
    static func label(_ key: String) -> String {
        switch key {
        case "isbn": return "ISBN"
        case "openlibrary": return "Open Library"
        case "goodreads": return "Goodreads"
        default:
            let words = key.replacingOccurrences(of: "_", with: " ")
            return words.prefix(1).uppercased() + words.dropFirst()
        }
    }

    static func head(title: String, scripts: Bool) -> String {
        // No network, no plug-ins; the index runs its one inline script, book pages run none.
        let policy =
            "default-src 'none'; img-src * data: file:; style-src 'unsafe-inline'; script-src "
            + (scripts ? "'unsafe-inline'" : "'none'")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="referrer" content="no-referrer">
            <title>\(esc(title))</title>
            <style>
            \(HTMLCatalogAssets.style)</style>
            </head>

            """
    }

    /// Tags for the filter: case variants together under their most used spelling.
    static func tagOptions(_ books: [Book]) -> [(value: String, label: String, count: Int)] {
        var spellings: [String: [String: Int]] = [:]
        for book in books {
            for tag in Set(book.tags) {
                spellings[TextFolding.foldTag(tag).replacingOccurrences(of: "|", with: " "), default: [:]][tag, default: 0] += 1
            }
        }
        return spellings.map { folded, counts in
            let label = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? folded
            return (folded, label, counts.values.reduce(0, +))
        }.sorted { $0.value < $1.value }
    }

    /// Folded words of what the filter box searches: title, subtitle, authors, series, tags,
    /// ISBN, publisher.
    static func searchText(_ book: Book) -> String {
        let parts = [
            book.title, book.subtitle ?? "", book.authors.joined(separator: " "), book.series ?? "",
            book.tags.joined(separator: " "), book.isbn ?? "", book.isbn13 ?? "", book.publisher ?? "",
        ]
        return TextFolding.fold(parts.filter { !$0.isEmpty }.joined(separator: " "))
    }

    static func stars(_ rating: Double) -> String { Rating.drawn(rating) }

    static func query(_ value: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?/")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    static func esc(_ text: String) -> String { HTMLEscaping.text(text) }
    static func attr(_ text: String) -> String { HTMLEscaping.attribute(text) }
}
