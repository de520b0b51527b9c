import Foundation
import ShelfKit

/// The book page's one-field forms posted against an older version of the file (a change kept on
/// a phone while offline, or a page left open): applied when the file's change left their field
/// alone, else shown as a conflict, with what the form says and what the file says now, and
/// nothing written (`OneFieldForm`).
extension Pages {
    /// The conflict page for a one-field form whose field the file changed since its page was
    /// made; nil when the form is current, carries no version (an older page), or may be applied.
    func staleOneField(_ action: String, state: BookFileState, path: String, form: FormBody) -> Page? {
        guard let version = form["version"], version != state.version.text, let field = OneFieldForm.field(ofForm: action) else {
            return nil
        }
        let mine = Pages.formChoice(action, form)
        guard
            let conflict = OneFieldForm.conflict(
                field: field, original: form[BookForm.originalPrefix + field], mine: mine, book: state.book,
                vocabulary: library.config.vocabulary)
        else { return nil }
        // "Save mine" posts the same form again, now against the file as it is.
        let kept = form.fields.filter { $0.name != "token" && $0.name != "version" && !$0.name.hasPrefix(BookForm.originalPrefix) }
        let context: [String: Any] = [
            "title": state.book.title, "action": action, "path": FormBody.encode(path), "token": token,
            "version": state.version.text, "original": BookForm.originalPrefix + field, "back": Pages.bookLink(path),
            "key": conflict.key, "mine": conflict.mine, "theirs": conflict.theirs,
            "fields": kept.map { ["name": $0.name, "value": $0.value] },
        ]
        return layout("Changed on disk", content: render(context, "oneFieldConflict"), status: .conflict)
    }

    /// What a one-field form asks for, in words the conflict page shows beside the file's value.
    static func formChoice(_ action: String, _ form: FormBody) -> String {
        switch action {
        case "rate": return form["rating"] == "none" ? "" : form["rating"] ?? ""
        case "status": return form["status"] ?? ""
        case "progress": return Pages.position(form)
        case "lend":
            return ([form["to"] ?? ""] + [form["due"]].compactMap { $0 }.filter { !$0.isEmpty }.map { "due " + $0 }).joined(separator: " ")
        case "return": return "back"
        default: return ""
        }
    }

    /// The hidden fields a one-field form carries for the check: the page's version of the
    /// file, and each field as the page showed it (`original-rating`, …).
    static func oneFieldContext(_ book: Book) -> [String: Any] {
        let fields = ["rating", "status", ReadingProgress.key, Book.loansKey]
        return ["shown": Dictionary(uniqueKeysWithValues: fields.map { ($0, OneFieldForm.shownText(of: $0, in: book)) })]
    }
}

extension Templates {
    /// The version and the field as shown, in the forms that change the rating or the loans.
    static let shownRating = """
        <input type="hidden" name="version" value="{{version}}"><input type="hidden" name="original-rating" value="{{shown.rating}}">
        """
    static let shownLoans = """
        <input type="hidden" name="version" value="{{version}}"><input type="hidden" name="original-loans" value="{{shown.loans}}">
        """

    static let oneFieldConflict = """
        <article class="conflict">
        <h1>{{title}} changed since you opened it</h1>
        <p>The file was changed (in an editor, by sync, or by the command line) after the page your change was made on, and so was its {{key}}. Nothing was saved yet. Choose which to keep:</p>
        <div class="table-scroll" tabindex="0" role="region" aria-label="The change and the file"><table><tr><th>field</th><th>you wrote</th><th>the file now</th></tr>
        <tr><td>{{key}}</td><td class="mine">{{mine}}{{^mine}}(none){{/mine}}</td><td class="theirs">{{theirs}}{{^theirs}}(none){{/theirs}}</td></tr></table></div>
        <form method="post" action="/book/{{action}}?p={{path}}" class="choose"><input type="hidden" name="token" value="{{token}}"><input type="hidden" name="version" value="{{version}}"><input type="hidden" name="{{original}}" value="{{theirs}}">
        {{#fields}}<input type="hidden" name="{{name}}" value="{{value}}">{{/fields}}
        <button>Save mine</button> <a class="keep" href="{{back}}">Keep the file's</a></form>
        </article>
        """
}
