import Foundation
import ShelfKit

/// The dashboard: what is being read now and how far, what was finished lately, the year's goal
/// when shelf.yaml sets one, and the year month by month and the ratings as charts.
extension Pages {
    func dashboard() -> Page {
        let books: [Book]
        do { books = try heldSnapshot().index.books } catch { return error.page }
        let today = Clock.today()
        // shelf.yaml read again: a goal set while the server runs shows on the next load.
        let config = (try? Library(root: library.root))?.config ?? library.config
        let dashboard = ReadingDashboard(books: books, config: config, today: today, recentLimit: 8)
        var context: [String: Any] = [:]
        context["reading"] = dashboard.reading.map { book -> [String: Any] in
            let progress = ReadingProgress(book: book)
            return [
                "title": book.title, "link": Pages.bookLink(book.path), "authors": book.authors.joined(separator: ", "),
                "since": book.started?.text ?? "", "progress": progress.summary ?? "",
                "percent": progress.percent.map { String(Int($0.rounded())) } ?? "",
            ]
        }
        context["recent"] = dashboard.recentlyRead.map { book -> [String: Any] in
            [
                "title": book.title, "link": Pages.bookLink(book.path), "authors": book.authors.joined(separator: ", "),
                "finished": book.finished?.text ?? "", "stars": Pages.stars(book.rating),
            ]
        }
        // Every read finished this year counts, re-reads too, as `shelf` and `shelf goal` count them.
        let finishedThisYear = dashboard.year.books
        context["year"] = today.year
        context["finishedThisYear"] = finishedThisYear == 1 ? "1 book" : "\(finishedThisYear) books"
        if let goal = dashboard.year.bookMeasure {
            context["goal"] =
                [
                    "target": goal.target, "done": min(goal.done, goal.target), "reached": goal.reached,
                    "text": "\(goal.done) of \(goal.target)",
                ] as [String: Any]
        }
        if let goal = dashboard.year.pageMeasure {
            context["pageGoal"] = ["reached": goal.reached, "text": "\(goal.done) of \(goal.target) pages"] as [String: Any]
        }
        let year = LibraryStats(books, year: today.year)
        let months = year.finishedByMonth ?? [:]
        context["monthsChart"] = SVGChart.bars(
            (1...12).map { (BookDate.monthAbbreviations[$0 - 1], months[$0] ?? 0) },
            title: "Books finished each month of \(today.year)")
        let all = LibraryStats(books)
        if let bars = Pages.ratingBars(all.ratingsInHalfStars) {
            context["ratingsChart"] = SVGChart.bars(bars, title: "Books by rating")
            context["rated"] = true
        }
        let setting = config.goal(for: today.year, currentYear: today.year)
        context["goalForm"] =
            ["books": setting?.books.map(String.init) ?? "", "pages": setting?.pages.map(String.init) ?? "", "token": token]
            as [String: Any]
        context["readOnly"] = readOnly
        return layout("Dashboard", content: render(context, "dashboard"))
    }

    /// The dashboard's goal form: this year's goal in books and pages, written to shelf.yaml as
    /// `shelf goal YEAR --books N --pages N` writes it; an empty box keeps that measure as it is.
    func setGoal(_ form: FormBody) -> Outcome {
        let year = Clock.today().year
        do {
            let books = try Pages.count(form["books"], "books")
            let pages = try Pages.count(form["pages"], "pages")
            guard books != nil || pages != nil else { throw FormError("type a number of books or pages for \(year)") }
            // shelf.yaml read again, as the dashboard reads it: it may have changed since the start.
            try GoalAction.set(year: year, books: books, pages: pages, library: try Library(root: library.root), currentYear: year)
        } catch {
            return .page(message(.badRequest, "Nothing was saved", "The goal was not set: \(error)"))
        }
        return .redirect("/dashboard")
    }

    /// A whole number from a goal box; nil for an empty box.
    private static func count(_ text: String?, _ measure: String) throws -> Int? {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let value = Int(trimmed), value > 0 else { throw FormError("\(measure) must be a whole number above 0, not '\(trimmed)'") }
        return value
    }
}

extension Templates {
    static let dashboard = """
        <article class="dashboard">
        <h1>Reading now</h1>
        {{^reading}}<p class="muted">Nothing right now.</p>{{/reading}}
        <ul class="reading">
        {{#reading}}<li><a href="{{link}}"><strong>{{title}}</strong></a> <span class="by">{{authors}}</span>
        {{#since}}<span class="by">since {{since}}</span>{{/since}}
        {{#percent}}<progress max="100" value="{{percent}}">{{percent}}%</progress>{{/percent}}
        {{#progress}}<span class="progress-text">{{progress}}</span>{{/progress}}</li>
        {{/reading}}
        </ul>
        <h2>{{year}} so far</h2>
        <p class="year">{{finishedThisYear}} finished{{#goal}} · goal <span class="goal-text">{{text}}</span>{{#reached}} — reached!{{/reached}}{{/goal}}{{#pageGoal}} · <span class="goal-text">{{text}}</span>{{#reached}} — reached!{{/reached}}{{/pageGoal}}</p>
        {{#goal}}<progress class="goal" max="{{target}}" value="{{done}}">{{text}}</progress>{{/goal}}
        {{^readOnly}}{{#goalForm}}<details class="goal-form"><summary>{{#goal}}Change the goal{{/goal}}{{^goal}}Set a goal for {{year}}{{/goal}}</summary>
        <form method="post" action="/goal"><input type="hidden" name="token" value="{{token}}">
        <label>Books <input name="books" type="number" min="1" inputmode="numeric" value="{{books}}"></label>
        <label>Pages <input name="pages" type="number" min="1" inputmode="numeric" value="{{pages}}"></label> <button>Save goal</button></form></details>{{/goalForm}}{{/readOnly}}
        <figure>{{{monthsChart}}}<figcaption>Books finished each month of {{year}}</figcaption></figure>
        <h2>Recently finished</h2>
        {{^recent}}<p class="muted">Nothing finished yet.</p>{{/recent}}
        <ul class="recent">
        {{#recent}}<li><a href="{{link}}">{{title}}</a> <span class="by">{{authors}}</span> <span class="stars">{{stars}}</span> <span class="by">{{finished}}</span></li>
        {{/recent}}
        </ul>
        {{#rated}}<h2>Ratings</h2><figure>{{{ratingsChart}}}<figcaption>Books by rating</figcaption></figure>{{/rated}}
        </article>
        """
}
