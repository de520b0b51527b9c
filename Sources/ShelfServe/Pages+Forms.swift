import Foundation
import Hummingbird
import ShelfKit

/// What the forms do. Every change goes through the library's door (minimal splices, atomic
/// writes, the library's own key names); a form made from an older version of the file than
/// the one on disk is shown as a conflict, never applied over it silently.
extension Pages {
    /// The datalist each field's suggestions come from (`Templates.choices`).
    static let choiceLists = ["authors": "author-choices", "tags": "tag-choices", "series": "series-choices"]

    func apply(_ action: String, path: String, form: FormBody) -> Outcome {
        guard let state = library.currentState(of: path) else {
            return .page(message(.notFound, "No such book", "\(path) is not a book in this library."))
        }
        if let conflict = staleOneField(action, state: state, path: path, form: form) { return .page(conflict) }
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
                try editAction().run(path: path, edits: [edit], reporter: SilentReporter())
            case "status":
                let reading = ReadingAction(library: library, finder: BookNameResolver(library: library))
                // An empty day is today (or the date already set), as without --date.
                let day = (form["date"] ?? "").trimmingCharacters(in: .whitespaces)
                let request = ReadingAction.Request(date: day.isEmpty ? nil : day, today: Clock.today())
                switch form["status"] {
                case "reading": try reading.start(path, request, reporter: SilentReporter())
                case "read": try reading.finish(path, request, reporter: SilentReporter())
                case "abandoned": try reading.abandon(path, request, reporter: SilentReporter())
                default: throw FormError("unknown status \(form["status"] ?? "")")
                }
            default:
                guard let outcome = try applyReading(action, path: path, form: form) else { throw FormError("unknown form \(action)") }
                return outcome
            }
        } catch {
            return .page(book(path: path, notice: "Nothing was saved: \(error)").withStatus(.badRequest))
        }
        return .redirect(Pages.bookLink(path))
    }

    private func editAction() -> EditBookAction {
        EditBookAction(library: library, finder: BookNameResolver(library: library))
    }

    /// Saves the edit form. The form carries the file's version and each field as it showed it
    /// (`original-KEY`); when the file changed since, the form is merged three ways
    /// (`FormMerge`): the fields only the form changed are written to the file as it is now, the
    /// file's own changes stay, and only fields both changed differently are asked about. A key
    /// added in the form's last line (`new-key`, `new-value`) is one more field the form showed
    /// as empty.
    private func edit(_ state: BookFileState, path: String, form: FormBody) throws -> Outcome {
        let current = form["version"] == state.version.text
        let lists = Set(BookForm(state.book).fields.filter(\.isList).map(\.key))
        let posted = BookForm.postedKeys(form.fields.map(\.name))
        var fields = posted.compactMap { key -> FormMerge.Field? in
            guard let mine = form[key] else { return nil }
            let theirs = BookForm.text(of: key, in: state.book)
            return FormMerge.Field(
                key: key, original: current ? theirs : form[BookForm.originalPrefix + key], mine: mine, theirs: theirs,
                isList: form[Pages.itemsPrefix + key] != nil || lists.contains(key))
        }
        if let added = try Pages.addedField(form, posted: posted, book: state.book) { fields.append(added) }
        let merge = FormMerge(fields, vocabulary: library.config.vocabulary)
        guard merge.conflicts.isEmpty else { return .page(conflict(state, path: path, merge: merge)) }
        let edits = try merge.edits()
        guard !edits.isEmpty else { return .redirect(Pages.bookLink(path)) }
        try editAction().run(path: path, edits: edits, reporter: SilentReporter())
        let kept = current ? [] : merge.keptFromFile
        return .redirect(Pages.bookLink(path) + (kept.isEmpty ? "" : "&merged=" + FormBody.encode(kept.joined(separator: ","))))
    }

    /// The hidden field that says a field was a list when the form showed it (the file may have
    /// lost the key since); a field the file holds as a list now is one too.
    static let itemsPrefix = "items-"

    /// The key the form's last line adds: shown as empty, so a file that gained the same key
    /// with another value meanwhile is a conflict, not overwritten. Nil when the line is empty.
    static func addedField(_ form: FormBody, posted: [String], book: Book) throws -> FormMerge.Field? {
        let key = (form[BookForm.newKeyField] ?? "").trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty else { return nil }
        guard !posted.contains(key) else {
            throw FormError("\(key) is already a field of the form: change it there")
        }
        let value = form[BookForm.newValueField] ?? ""
        return FormMerge.Field(key: key, original: "", mine: value, theirs: BookForm.text(of: key, in: book))
    }

    /// The notice for a save merged with changes made to the file meanwhile (`merged=tags,…`);
    /// only names of the book's form fields are shown.
    func mergedNotice(_ keys: String?, path: String) -> String? {
        guard let keys, let book = library.currentState(of: path)?.book else { return nil }
        let editable = Set(BookForm(book).fields.map(\.key))
        let names = keys.split(separator: ",").map(String.init).filter(editable.contains)
        guard !names.isEmpty else { return nil }
        return "The file had changed since the form was opened (\(names.joined(separator: ", "))); "
            + "your changes were saved and the file's were kept."
    }

    /// The fields both the form and the file changed, each with both values to choose from. The
    /// form it shows is made against the file now: every other field as the merge left it, and
    /// each field as the file has it as its original, so only the choices and the form's own
    /// changes are written (merged again if the file changes once more).
    private func conflict(_ state: BookFileState, path: String, merge: FormMerge) -> Page {
        let asked = Set(merge.conflicts.map(\.key))
        let context: [String: Any] = [
            "title": state.book.title, "path": FormBody.encode(path), "token": token, "version": state.version.text,
            "back": Pages.bookLink(path),
            "rows": merge.conflicts.map { ["key": $0.key, "mine": $0.mine, "theirs": $0.theirs] },
            "fields": merge.resolved.filter { !asked.contains($0.key) }.map { ["key": $0.key, "value": $0.text] },
            // Every field of the merge goes back with the file's value as its original, so a
            // key the file does not have (one the form added) is posted again too.
            "originals": merge.resolved.map { field in
                ["key": BookForm.originalPrefix + field.key, "value": BookForm.text(of: field.key, in: state.book)]
            },
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
