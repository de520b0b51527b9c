import Foundation
import ShelfKit

/// The stats page: every year at a glance, or one year month by month (`shelf stats`,
/// `shelf stats --year`), each chart with the same figures as a table beside it.
extension Pages {
    func stats(_ query: FormBody) -> Page {
        let snapshot: LiveLibrary.Snapshot
        do { snapshot = try heldSnapshot() } catch { return error.page }
        let year = query["year"].flatMap { Int($0) }
        // Worked out once per set of books: every figure is a pass over the whole library.
        let content = contentMemo.value(of: snapshot, key: "stats " + (year.map(String.init) ?? "")) {
            statsContent(snapshot.index.books, year: year)
        }
        return layout(year.map { "Stats \($0)" } ?? "Stats", content: content)
    }

    /// The stats page's content: every year, or `year` month by month.
    private func statsContent(_ books: [Book], year: Int?) -> String {
        let all = LibraryStats(books)
        let stats = LibraryStats(books, year: year)
        let rereads = RereadStats(books, year: year)
        var context: [String: Any] = ["heading": year.map { "\($0) in books" } ?? "Your reading", "total": stats.total]
        context["statuses"] = ReadingStatus.allCases.compactMap { status -> [String: Any]? in
            guard let count = stats.byStatus[status], count > 0 else { return nil }
            return ["name": status.rawValue, "count": count]
        }
        let years = all.finishedByYear.keys.sorted()
        context["years"] = years.map { ["year": $0, "current": $0 == year, "link": "/stats?year=\($0)"] as [String: Any] }
        if let year {
            let months = (1...12).map {
                (BookDate.monthAbbreviations[$0 - 1], stats.finishedByMonth?[$0] ?? 0, stats.pagesByMonth[$0] ?? 0)
            }
            context["chart"] = SVGChart.bars(months.map { ($0.0, $0.1) }, title: "Books finished each month of \(year)")
            context["chartCaption"] = "Books finished each month of \(year)"
            context["rows"] = months.map { ["label": $0.0, "books": $0.1, "pages": $0.2] as [String: Any] }
        } else if !years.isEmpty {
            let span = (years[0]...years[years.count - 1]).map { ($0, all.finishedByYear[$0] ?? 0, all.pagesByYear[$0] ?? 0) }
            context["chart"] = SVGChart.bars(span.map { (String(format: "’%02d", $0.0 % 100), $0.1) }, title: "Books finished each year")
            context["chartCaption"] = "Books finished each year, \(years[0])–\(years[years.count - 1])"
            context["rows"] = span.map { ["label": String($0.0), "books": $0.1, "pages": $0.2] as [String: Any] }
        }
        context.merge(Pages.figures(of: stats)) { mine, _ in mine }
        if let pace = stats.pagesPerDay {
            context["pace"] =
                "\(Int(pace.rounded())) pages a day, over \(stats.paceBooks) \(stats.paceBooks == 1 ? "book" : "books") with pages and both dates"
        }
        if !stats.lengths.isEmpty {
            let bands = LibraryStats.LengthBand.allCases
            context["lengthsChart"] = SVGChart.bars(
                bands.map { ($0.shortLabel, stats.lengths[$0] ?? 0) }, title: "Books finished by length")
            context["lengthRows"] = bands.map { ["label": $0.label, "count": stats.lengths[$0] ?? 0] as [String: Any] }
        }
        context["rereads"] = rereads.summary ?? ""
        context["review"] = "/review" + (year.map { "?year=\($0)" } ?? "")
        if let year { context["year"] = String(year) }
        return render(context, "stats")
    }

    /// What the stats page and the year in review both show of a set of books: the ratings in
    /// half stars (a chart and its table), the average rating and days to finish, the most read
    /// authors and tags (each a link to the grid filtered by it). `Templates.figures` draws it.
    static func figures(of stats: LibraryStats) -> [String: Any] {
        var context: [String: Any] = [:]
        if let bars = Pages.ratingBars(stats.ratingsInHalfStars) {
            context["ratingsChart"] = SVGChart.bars(bars, title: "Books by rating")
            context["ratingRows"] = bars.map { ["label": $0.0, "count": $0.1] as [String: Any] }
        }
        context["average"] = stats.averageRating.map { String(format: "%.2f", $0) } ?? ""
        context["days"] = stats.averageDaysToFinish.map { String(format: "%.0f", $0) } ?? ""
        context["authors"] = stats.topAuthors.map {
            ["name": $0.name, "count": $0.count, "link": Pages.gridLink(FormBody(""), setting: "author", to: $0.name)] as [String: Any]
        }
        context["tags"] = stats.topTags.map {
            ["name": $0.name, "count": $0.count, "link": Pages.gridLink(FormBody(""), setting: "tag", to: $0.name)] as [String: Any]
        }
        return context
    }

    /// The ratings chart's bars: whole stars, and half stars too when some book has one (4½ is
    /// not counted as 4); nil when no book is rated.
    static func ratingBars(_ halves: [Int: Int]) -> [(label: String, value: Int)]? {
        guard !halves.isEmpty else { return nil }
        let steps = halves.keys.contains { $0 % 2 == 1 } ? Array(1...10) : [2, 4, 6, 8, 10]
        return steps.map { (Pages.starLabel($0), halves[$0] ?? 0) }
    }

    /// `4★`, `4½★`: short enough that ten labels do not run together under their bars.
    static func starLabel(_ halfStars: Int) -> String {
        (halfStars / 2 == 0 ? "" : String(halfStars / 2)) + (halfStars % 2 == 1 ? "½" : "") + "★"
    }
}

extension Templates {
    static let stats = """
        <article class="stats">
        <h1>{{heading}}</h1>
        <nav class="facets" aria-label="Years"><a class="facet{{^years}} active{{/years}}" href="/stats">Every year</a>{{#years}}<a class="facet{{#current}} active{{/current}}" href="{{link}}"{{#current}} aria-current="page"{{/current}}>{{year}}</a>{{/years}}</nav>
        <p>{{total}} books{{#statuses}} · {{name}} {{count}}{{/statuses}}</p>
        {{#chart}}<figure>{{{chart}}}<figcaption>{{chartCaption}}</figcaption></figure>
        <details><summary>As a table</summary><div class="table-scroll" tabindex="0" role="region" aria-label="{{chartCaption}}"><table><tr><th></th><th>books</th><th>pages</th></tr>
        {{#rows}}<tr><td>{{label}}</td><td>{{books}}</td><td>{{pages}}</td></tr>{{/rows}}</table></div></details>{{/chart}}
        {{^chart}}<p class="muted">No book finished yet{{#heading}} in this span{{/heading}}.</p>{{/chart}}
        <p>{{#average}}Average rating {{average}}. {{/average}}{{#days}}{{days}} days from start to finish on average. {{/days}}{{#pace}}Pace: {{pace}}. {{/pace}}{{#rereads}}{{rereads}}.{{/rereads}}</p>
        <p><a href="{{review}}">{{#year}}{{year}} in review{{/year}}{{^year}}A year in review{{/year}}</a>: every read of the year, month by month, the longest and the shortest.</p>
        {{> figures}}
        {{#lengthsChart}}<h2>Length</h2><figure>{{{lengthsChart}}}<figcaption>Books finished by length</figcaption></figure>
        <details><summary>As a table</summary><table><tr><th>length</th><th>books</th></tr>{{#lengthRows}}<tr><td>{{label}}</td><td>{{count}}</td></tr>{{/lengthRows}}</table></details>{{/lengthsChart}}
        </article>
        """

    /// The ratings, authors and tags of `Pages.figures`.
    static let figures = """
        {{#ratingsChart}}<h2>Ratings</h2><figure>{{{ratingsChart}}}<figcaption>Books by rating</figcaption></figure>
        <details><summary>As a table</summary><table><tr><th>rating</th><th>books</th></tr>{{#ratingRows}}<tr><td>{{label}}</td><td>{{count}}</td></tr>{{/ratingRows}}</table></details>{{/ratingsChart}}
        {{^empty(authors)}}<h2>Authors</h2><ol class="ranked">{{#authors}}<li><a href="{{link}}">{{name}}</a> <span class="muted">{{count}}</span></li>{{/authors}}</ol>{{/empty(authors)}}
        {{^empty(tags)}}<h2>Tags</h2><ol class="ranked">{{#tags}}<li><a href="{{link}}">#{{name}}</a> <span class="muted">{{count}}</span></li>{{/tags}}</ol>{{/empty(tags)}}
        """
}
