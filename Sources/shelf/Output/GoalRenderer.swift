import ShelfKit
import ShelfPresentation

/// `shelf goal`'s text and JSON, and the dashboard's goal line.
enum GoalRenderer {
    /// `52 books · 15000 pages`.
    static func targets(_ goal: ReadingGoal) -> String {
        [goal.books.map { count($0, "book") }, goal.pages.map { count($0, "page") }].compactMap { $0 }.joined(separator: " · ")
    }

    static func render(_ progress: GoalProgress, style: Style) -> String {
        guard let goal = progress.goal else {
            return "No goal for \(progress.year) — set one: shelf goal \(progress.year) --books 52\n"
                + "\(progress.year): \(count(progress.books, "book")) finished, \(count(progress.pages, "page"))\n"
        }
        var text = style.bold("\(progress.year) goal") + "  " + targets(goal) + "\n"
        for (measure, noun) in [(progress.bookMeasure, "book"), (progress.pageMeasure, "page")] {
            guard let measure else { continue }
            text += "  " + line(measure, noun: noun, progress: progress, style: style) + "\n"
        }
        return text
    }

    /// `books  ████░░  40 of 52 (76%) · 12 to go · behind: 46 expected by 2026-11-26 · 2.4 books a week needed`.
    static func line(_ measure: GoalProgress.Measure, noun: String, progress: GoalProgress, style: Style) -> String {
        let percent = measure.percent
        var parts = [
            style.blue(Charts.progress(measure.done, of: measure.target, width: 20))
                + "  \(measure.done) of \(measure.target) (\(percent)%)"
        ]
        switch progress.period {
        case .past:
            parts.append(measure.reached ? style.green("goal reached") : style.yellow("missed by \(measure.remaining)"))
        case .future:
            parts.append("\(measure.remaining) to go")
            if let perWeek = measure.perWeek { parts.append("\(decimal(perWeek)) \(noun)s a week") }
        case .current:
            if measure.reached {
                parts.append(style.green("goal reached"))
            } else {
                parts.append("\(measure.remaining) to go")
                parts.append(
                    measure.onPace
                        ? style.green("on pace") + " (\(measure.expected) expected by \(progress.today.text))"
                        : style.yellow("behind") + " (\(measure.expected) expected by \(progress.today.text))")
                if let perWeek = measure.perWeek { parts.append("\(decimal(perWeek)) \(noun)s a week needed") }
            }
        }
        return (noun + "s").padding(toLength: 6, withPad: " ", startingAt: 0) + parts.joined(separator: " · ")
    }

    static func json(_ progress: GoalProgress) -> JSONValue {
        var members: [(String, JSONValue)] = [("year", .integer(progress.year)), ("today", .string(progress.today.text))]
        members.append(("books_done", .integer(progress.books)))
        members.append(("pages_done", .integer(progress.pages)))
        for (name, measure) in [("books", progress.bookMeasure), ("pages", progress.pageMeasure)] {
            guard let measure else {
                members.append((name, .null))
                continue
            }
            var fields: [(String, JSONValue)] = [
                ("goal", .integer(measure.target)), ("done", .integer(measure.done)),
                ("remaining", .integer(measure.remaining)), ("reached", .bool(measure.reached)),
            ]
            if case .current = progress.period {
                fields.append(("expected_by_today", .integer(measure.expected)))
                fields.append(("on_pace", .bool(measure.onPace)))
            }
            fields.append(("per_week_needed", measure.perWeek.map { .number(($0 * 10).rounded() / 10) } ?? .null))
            members.append((name, .object(fields)))
        }
        return .object(members)
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)" + (number == 1 ? "" : "s")
    }

    static func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
