import Foundation
import ShelfKit

/// The year in review (`/review?year=2026`): a year's reads as `YearInReview` tells them, each
/// chart with its table.
extension Pages {
    func review(_ query: FormBody) -> Page {
        let books: [Book]
        do { books = try heldSnapshot().index.books } catch { return error.page }
        let today = Clock.today()
        let years = YearInReview.years(of: books)
        let year = query["year"].flatMap { Int($0) } ?? years.first ?? today.year
        let review = YearInReview(year: year, books: books, today: today)
        var context: [String: Any] = [
            "year": String(year), "any": !review.entries.isEmpty, "books": Pages.count(review.progress.books, "book"),
            "pages": Pages.count(review.progress.pages, "page"),
            "rereads": review.rereads > 0 ? Pages.count(review.rereads, "re-read") : "",
            "years": years.map { ["year": $0, "current": $0 == year, "link": "/review?year=\($0)"] as [String: Any] },
        ]
        let months = review.byMonth.enumerated().map { (BookDate.monthAbbreviations[$0.offset], $0.element) }
        context["booksChart"] = SVGChart.bars(months.map { ($0.0, $0.1.books) }, title: "Books finished each month of \(year)")
        context["pagesChart"] = SVGChart.bars(
            months.map { ($0.0, $0.1.pages) }, title: "Pages of the books finished each month of \(year)")
        context["months"] = months.map { ["label": $0.0, "books": $0.1.books, "pages": $0.1.pages] as [String: Any] }
        if let longest = review.longest, let shortest = review.shortest, longest.book.path != shortest.book.path {
            context["longest"] = Pages.reviewEntry(longest)
            context["shortest"] = Pages.reviewEntry(shortest)
        }
        context["entries"] = review.entries.map(Pages.reviewEntry)
        context.merge(Pages.figures(of: review.stats)) { mine, _ in mine }
        return layout("\(year) in review", content: render(context, "review"))
    }

    static func reviewEntry(_ entry: YearInReview.Entry) -> [String: Any] {
        [
            "title": entry.book.title, "authors": entry.book.authors.joined(separator: ", "), "link": bookLink(entry.book.path),
            "date": entry.read.ended?.text ?? "", "pages": entry.book.pages.map(String.init) ?? "", "reread": entry.isReread,
        ]
    }

    /// `1 re-read`, `3 re-reads`.
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}

extension Templates {
    static let review = """
        <article class="stats review">
        <h1>{{year}} in review</h1>
        {{^empty(years)}}<nav class="facets" aria-label="Years">{{#years}}<a class="facet{{#current}} active{{/current}}" href="{{link}}"{{#current}} aria-current="page"{{/current}}>{{year}}</a>{{/years}}</nav>{{/empty(years)}}
        {{^any}}<p class="muted">No read was finished in {{year}}. <a href="/stats">Every year's figures</a></p>{{/any}}
        {{#any}}
        <p class="headline"><strong>{{books}}</strong> finished · <strong>{{pages}}</strong>{{#rereads}} · {{rereads}}{{/rereads}}{{#average}} · average rating {{average}}{{/average}}{{#days}} · {{days}} days from start to finish on average{{/days}}</p>
        <h2>Month by month</h2>
        <figure>{{{booksChart}}}<figcaption>Books finished each month of {{year}}</figcaption></figure>
        <figure>{{{pagesChart}}}<figcaption>Pages of the books finished each month of {{year}}</figcaption></figure>
        <details><summary>Both as a table</summary><div class="table-scroll" tabindex="0" role="region" aria-label="Books and pages each month of {{year}}"><table><tr><th>month</th><th>books</th><th>pages</th></tr>
        {{#months}}<tr><td>{{label}}</td><td>{{books}}</td><td>{{pages}}</td></tr>{{/months}}</table></div></details>
        {{#longest}}<h2>Longest and shortest</h2><p>The longest: <a href="{{link}}">{{title}}</a>, {{pages}} pages.{{/longest}}
        {{#shortest}} The shortest: <a href="{{link}}">{{title}}</a>, {{pages}} pages.</p>{{/shortest}}
        {{> figures}}
        <h2>Every read of {{year}}</h2>
        <ol class="year-reads">{{#entries}}<li><a href="{{link}}">{{title}}</a> <span class="by">{{authors}}</span> <span class="muted">{{date}}{{#reread}} · re-read{{/reread}}</span></li>{{/entries}}</ol>
        {{/any}}
        <p><a href="/stats?year={{year}}">{{year}} in figures</a> · <a href="/stats">Every year</a></p>
        </article>
        """
}
