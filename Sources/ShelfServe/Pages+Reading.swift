import Foundation
import ShelfKit

/// The reading-life forms of the book page (progress, lending) and the pages they lead to (the
/// loans), each calling the Action `shelf progress`, `shelf lend` and `shelf return` call, so the
/// web and the terminal write the same lines.
extension Pages {
    /// The forms that log reading and lending, and the one that removes the book; nil when
    /// `action` is none of them.
    func applyReading(_ action: String, path: String, form: FormBody) throws -> Outcome? {
        let finder = BookNameResolver(library: library)
        switch action {
        case "progress":
            let position = Pages.position(form)
            guard !position.isEmpty else { throw FormError("type a page (120), a percent (45%) or a time (3h20m) to log") }
            let reading = ReadingAction(library: library, finder: finder)
            try reading.progress(path, position: position, ReadingAction.Request(today: Clock.today()), reporter: SilentReporter())
        case "lend":
            let person = form["to"] ?? ""
            let due = (form["due"] ?? "").trimmingCharacters(in: .whitespaces)
            let request = LoanAction.Request(due: due.isEmpty ? nil : due, today: Clock.today())
            try LoanAction(library: library, finder: finder).lend(path, to: person, request, reporter: SilentReporter())
        case "return":
            try LoanAction(library: library, finder: finder).giveBack(
                path, LoanAction.Request(today: Clock.today()), reporter: SilentReporter())
        case "reread":
            let reading = ReadingAction(library: library, finder: finder)
            let started = (form["started"] ?? "").trimmingCharacters(in: .whitespaces)
            let ended = (form["ended"] ?? "").trimmingCharacters(in: .whitespaces)
            if let number = form["n"].flatMap({ Int($0) }) {
                // The read is named by its place in the list the page showed: the list must be the same.
                guard form["version"] == library.currentState(of: path)?.version.text else {
                    throw FormError("the file changed since this page was loaded; look at its reads again before changing one")
                }
                try reading.redate(
                    path, read: number, started: started, ended: ended, ReadingAction.Request(today: Clock.today()),
                    reporter: SilentReporter())
            } else {
                let request = ReadingAction.Request(
                    date: ended.isEmpty ? nil : ended, today: Clock.today(), again: true, started: started.isEmpty ? nil : started)
                try reading.finish(path, request, reporter: SilentReporter())
            }
        case "remove":
            guard form["confirm"] == "yes" else { throw FormError("tick \"Yes, remove the file\" to remove it") }
            // Removing a file changed since the page was shown would throw away what was never seen.
            guard form["version"] == library.currentState(of: path)?.version.text else {
                throw FormError("the file changed since this page was loaded; look at it again before removing it")
            }
            try BookFileActions(library: library, finder: finder).remove(path, reporter: SilentReporter())
            return .redirect("/?removed=" + FormBody.encode(path))
        default:
            return nil
        }
        return .redirect(Pages.bookLink(path))
    }

    /// The progress form's position: a "+25 pages" button's, or the box's. A browser sends both,
    /// the box (empty, when a button was pressed) first.
    static func position(_ form: FormBody) -> String {
        form.all("position").map { $0.trimmingCharacters(in: .whitespaces) }.last { !$0.isEmpty } ?? ""
    }

    /// The books out on loan, the longest out first, overdue ones marked; `all=1` shows every
    /// loan ever made, the latest first (`shelf loans`, `shelf loans --history`).
    func loans(_ query: FormBody) -> Page {
        let snapshot: LiveLibrary.Snapshot
        do { snapshot = try heldSnapshot() } catch { return error.page }
        let history = query["all"] == "1"
        let today = Clock.today()
        // Worked out once per set of books and day (a loan becomes overdue overnight).
        let content = contentMemo.value(of: snapshot, key: "loans \(history) \(today.text)") {
            loansContent(snapshot.index.books, history: history, today: today)
        }
        return layout("Loans", content: content)
    }

    /// The loans page's content: the books out, or every loan ever made.
    private func loansContent(_ books: [Book], history: Bool, today: BookDate) -> String {
        let listing = LoanListing(books: books, history: history)
        let context: [String: Any] = [
            "history": history, "any": !listing.entries.isEmpty,
            "overdueCount": listing.entries.filter { $0.loan.isOverdue(today: today) }.count,
            "loans": listing.entries.map { entry -> [String: Any] in
                [
                    "title": entry.book.title, "link": Pages.bookLink(entry.book.path), "to": entry.loan.to,
                    "lent": entry.loan.lent?.text ?? "", "due": entry.loan.due?.text ?? "",
                    "returned": entry.loan.returned?.text ?? (entry.loan.isOpen ? "" : "yes"),
                    "overdue": entry.loan.isOverdue(today: today),
                ]
            },
        ]
        return render(context, "loans")
    }

    /// The book page's values for the reading forms: the last page logged (for `+N`) and the
    /// open loan, if the book is out.
    static func readingFormContext(_ book: Book) -> [String: Any] {
        let openLoan = book.loans.last { $0.isOpen }
        return ["out": openLoan.map { ["to": $0.to] as [String: Any] } ?? false, "steps": [10, 25, 50].map { ["pages": $0] }]
    }
}

extension Templates {
    static let loans = """
        <article class="loans-page">
        <h1>{{#history}}Every loan{{/history}}{{^history}}Out on loan{{/history}}</h1>
        {{^any}}<p class="muted">{{#history}}No book was ever lent.{{/history}}{{^history}}Every book is home.{{/history}} Lend one from its page.</p>{{/any}}
        {{#any}}<div class="table-scroll" tabindex="0" role="region" aria-label="Loans"><table>
        <tr><th>book</th><th>to</th><th>lent</th><th>due</th>{{#history}}<th>back</th>{{/history}}</tr>
        {{#loans}}<tr><td><a href="{{link}}">{{title}}</a></td><td>{{to}}</td><td>{{lent}}</td><td>{{due}}{{#overdue}} <strong class="overdue">overdue</strong>{{/overdue}}</td>{{#history}}<td>{{returned}}</td>{{/history}}</tr>
        {{/loans}}</table></div>{{/any}}
        <p>{{#history}}<a href="/loans">Only the books out now</a>{{/history}}{{^history}}<a href="/loans?all=1">Every loan ever made</a>{{/history}}</p>
        </article>
        """

    /// The book page's forms for its reads: each read's dates changed (`ReadingAction.redate`),
    /// and another read logged with both its days (`shelf finish --again --started`).
    static let readForms = """
        {{^empty(reads)}}<details class="redate"><summary>Change the dates of a read</summary>
        {{#reads}}<form method="post" action="/book/reread?p={{path}}" class="read-dates"><input type="hidden" name="token" value="{{token}}">
        <input type="hidden" name="version" value="{{version}}"><input type="hidden" name="n" value="{{n}}">
        <fieldset><legend>Read {{number}} ({{outcome}})</legend>
        <label>Started <input name="started" value="{{started}}" placeholder="YYYY-MM-DD" inputmode="numeric" autocomplete="off"></label>
        {{^open}}<label>Ended <input name="ended" value="{{ended}}" placeholder="YYYY-MM-DD" inputmode="numeric" autocomplete="off"></label>{{/open}}
        <button>Save the dates</button></fieldset></form>
        {{/reads}}</details>{{/empty(reads)}}
        {{#logRead}}<details class="log-read"><summary>Log another read</summary>
        <form method="post" action="/book/reread?p={{path}}" class="read-dates"><input type="hidden" name="token" value="{{token}}">
        <label>Started <input name="started" placeholder="YYYY-MM-DD" inputmode="numeric" autocomplete="off"></label>
        <label>Finished <input name="ended" placeholder="YYYY-MM-DD (empty: today)" inputmode="numeric" autocomplete="off"></label>
        <button>Log the read</button></form></details>{{/logRead}}
        """

    /// The book page's reading forms: progress with one-tap steps, and lend or return.
    static let readingForms = """
        <section class="reading-forms">
        <form method="post" action="/book/progress?p={{path}}" class="progress-form"><input type="hidden" name="token" value="{{token}}"><input type="hidden" name="version" value="{{version}}"><input type="hidden" name="original-progress" value="{{shown.progress}}">
        <label>Log progress <input name="position" inputmode="text" placeholder="page 120, 45% or 3h20m" autocomplete="off"></label> <button>Log</button>
        {{#steps}}<button name="position" value="+{{pages}}" class="step" aria-label="{{pages}} more pages">+{{pages}} pages</button>{{/steps}}
        </form>
        {{> readForms}}
        {{#out}}<form method="post" action="/book/return?p={{path}}"><input type="hidden" name="token" value="{{token}}">{{> shownLoans}}
        <span>Lent to {{to}}.</span> <button>Mark as returned</button></form>{{/out}}
        {{^out}}<details class="lend"><summary>Lend</summary><form method="post" action="/book/lend?p={{path}}"><input type="hidden" name="token" value="{{token}}">{{> shownLoans}}
        <label>To <input name="to" required autocomplete="off"></label> <label>Due back <input name="due" type="date"></label> <button>Lend</button></form></details>{{/out}}
        <details class="remove"><summary>Remove this book</summary><form method="post" action="/book/remove?p={{path}}">
        <input type="hidden" name="token" value="{{token}}"><input type="hidden" name="version" value="{{version}}">
        <p>This deletes the file <code>{{path}}</code> and its notes (shelf rm). It cannot be undone here: only git or a backup brings it back.</p>
        <label><input type="checkbox" name="confirm" value="yes" required> Yes, remove the file</label> <button class="danger">Remove</button></form></details>
        </section>
        """
}
