import Foundation
import Hummingbird
import ShelfKit

/// What the forms do. Every change goes through the library's door (minimal splices, atomic
/// writes, the library's own key names); a form made from an older version of the file than
/// the one on disk is shown as a conflict, never applied over it silently.
extension Pages {
    /// The fields the edit form offers, as `key`, label.
    static let editableFields: [(String, String)] = [
        ("title", "Title"), ("subtitle", "Subtitle"), ("authors", "Authors (comma between)"), ("tags", "Tags (comma between)"),
        ("series", "Series"), ("series_index", "Number in series"), ("publisher", "Publisher"), ("published", "Published"),
        ("pages", "Pages"), ("isbn", "ISBN"), ("started", "Started"), ("finished", "Finished"),
    ]

    static let listFields: Set<String> = ["authors", "tags"]

    /// A field as the form shows it: a list joined with commas, a date as written.
    static func formValue(of key: String, in book: Book) -> String {
        switch key {
        case "authors": return book.authors.joined(separator: ", ")
        case "tags": return book.tags.joined(separator: ", ")
        case "title": return book.title
        default: return book.value(of: key)?.texts.joined(separator: ", ") ?? ""
        }
    }

    func apply(_ action: String, path: String, form: FormBody) -> Outcome {
        guard let state = library.currentState(of: path) else {
            return .page(message(.notFound, "No such book", "\(path) is not a book in this library."))
        }
        do {
            switch action {
            case "edit": return try edit(state, path: path, form: form)
            case "note":
                let text = (form["note"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                guard !text.isEmpty else { return .redirect(Pages.bookLink(path)) }
                try editAction().addNote(text, to: path, date: Clock.today(), time: Clock.time(), reporter: SilentReporter())
            case "rate":
                let value = form["rating"] ?? ""
                let edit = value == "none" ? FieldEdit.unset("rating") : try FieldAssignment(key: "rating", value: value).edit()
                try library.writer.edit(path, edits: [edit])
            case "status":
                let reading = ReadingAction(writer: library.writer, finder: BookFinder(library: library))
                let request = ReadingAction.Request(today: Clock.today())
                switch form["status"] {
                case "reading": try reading.start(path, request, reporter: SilentReporter())
                case "read": try reading.finish(path, request, reporter: SilentReporter())
                case "abandoned": try reading.abandon(path, request, reporter: SilentReporter())
                default: throw FormError("unknown status \(form["status"] ?? "")")
                }
            default:
                throw FormError("unknown form \(action)")
            }
        } catch {
            return .page(book(path: path, notice: "Nothing was saved: \(error)").withStatus(.badRequest))
        }
        return .redirect(Pages.bookLink(path))
    }

    private func editAction() -> EditBookAction {
        EditBookAction(writer: library.writer, finder: BookFinder(library: library))
    }

    private func edit(_ state: BookFileState, path: String, form: FormBody) throws -> Outcome {
        let changed = Pages.editableFields.compactMap { key, _ -> (key: String, value: String)? in
            guard let submitted = form[key]?.trimmingCharacters(in: .whitespaces) else { return nil }
            return submitted == Pages.formValue(of: key, in: state.book) ? nil : (key, submitted)
        }
        guard !changed.isEmpty else { return .redirect(Pages.bookLink(path)) }
        if form["version"] != state.version.text {
            return .page(conflict(state, path: path, changed: changed))
        }
        let edits = try changed.map { key, value -> FieldEdit in
            if value.isEmpty { return .unset(key) }
            if Pages.listFields.contains(key) {
                return .set(key, .list(value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }))
            }
            return try FieldAssignment(key: key, value: value).edit()
        }
        try library.writer.edit(path, edits: edits)
        return .redirect(Pages.bookLink(path))
    }

    /// Both versions of every field the form would change, and a way to save the form's anyway.
    private func conflict(_ state: BookFileState, path: String, changed: [(key: String, value: String)]) -> Page {
        let context: [String: Any] = [
            "title": state.book.title, "path": FormBody.encode(path), "token": token, "version": state.version.text, "back": Pages.bookLink(path),
            "rows": changed.map { ["key": $0.key, "mine": $0.value, "theirs": Pages.formValue(of: $0.key, in: state.book)] },
            "fields": changed.map { ["key": $0.key, "value": $0.value] },
        ]
        return layout("Changed on disk", content: render(context, "conflict"), status: .conflict)
    }
}

struct FormError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The web UI shows the page after an action, not the action's lines.
final class SilentReporter: ActionReporter {
    func progress(_ done: Int, of total: Int, _ label: String) {}
    func warning(_ message: String) {}
    func result(_ line: String) {}
}

extension Page {
    func withStatus(_ status: HTTPResponse.Status) -> Page {
        var page = self
        page.status = status
        return page
    }
}
