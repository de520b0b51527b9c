import Foundation
import ShelfKit

/// The highlights page: every passage marked on an e-reader, by book, with a search box and a
/// random passage (`shelf highlights`, `--matching`, `--random`).
extension Pages {
    /// Highlights a page shows.
    static let highlightsPageSize = 200

    func highlights(_ query: FormBody) -> Page {
        let snapshot: LiveLibrary.Snapshot
        do { snapshot = try heldSnapshot() } catch { return error.page }
        // Every book's notes are read once per set of books, not at every search or page.
        let every = highlightsMemo.value(of: snapshot) { library.highlights(of: BookSortKey.title.sort(snapshot.index.books)) }
        let words = query["q"] ?? ""
        var found = every.compactMap { $0.matching(words) }
        let total = found.reduce(0) { $0 + $1.highlights.count }
        let random = query["random"] == "1"
        if random,
            let pick = found.flatMap({ entry in entry.highlights.map { BookHighlights(book: entry.book, highlights: [$0]) } })
                .randomElement()
        {
            found = [pick]
        }
        // Whole books to a page, so a book's passages are never split across two.
        var shown: [BookHighlights] = []
        var count = 0
        for entry in found where count < Pages.highlightsPageSize {
            shown.append(entry)
            count += entry.highlights.count
        }
        let context: [String: Any] = [
            "q": words, "random": random,
            "summary": random ? "" : (total == 1 ? "1 passage" : "\(total) passages") + (count < total ? ", the first \(count) shown" : ""),
            "empty": found.isEmpty
                ? (words.isEmpty
                    ? "No highlights yet. Bring them in with shelf highlights import (docs/highlights.md)."
                    : "No passage has all of: \(words)") : "",
            "books": shown.map { entry -> [String: Any] in
                [
                    "title": entry.book.title, "authors": entry.book.authors.joined(separator: ", "),
                    "link": Pages.bookLink(entry.book.path),
                    "passages": entry.highlights.map { highlight -> [String: Any] in
                        let place = [
                            highlight.chapter, highlight.page.map { "page " + $0 }, highlight.location.map { "location " + $0 },
                            highlight.date?.text,
                        ]
                        return [
                            "text": highlight.text, "note": highlight.note ?? "", "place": place.compactMap { $0 }.joined(separator: " · "),
                        ]
                    },
                ]
            },
        ]
        return layout("Highlights", content: render(context, "highlights"))
    }
}

extension Templates {
    static let highlights = """
        <article class="highlights-page">
        <h1>Highlights</h1>
        <form class="highlight-search" action="/highlights" method="get"><label>Passages with <input type="search" name="q" value="{{q}}"></label> <button>Find</button>
        <a class="random" href="/highlights?random=1{{#q}}&amp;q={{q}}{{/q}}">A random passage</a></form>
        {{#summary}}<p class="count">{{summary}}</p>{{/summary}}
        {{#empty}}<p class="muted">{{empty}}</p>{{/empty}}
        {{#books}}<section class="book-highlights"><h2><a href="{{link}}">{{title}}</a> <span class="by">{{authors}}</span></h2>
        {{#passages}}<blockquote><p>{{text}}</p>{{#note}}<p class="note">{{note}}</p>{{/note}}{{#place}}<footer class="by">{{place}}</footer>{{/place}}</blockquote>
        {{/passages}}</section>
        {{/books}}
        </article>
        """
}
