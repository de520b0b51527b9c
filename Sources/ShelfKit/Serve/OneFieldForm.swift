/// The book page's one-field forms — rate, start/finish/abandon, log progress, lend, return —
/// sent with the version of the file they were made from and the field as the page showed it.
///
/// Such a form can arrive long after its page was made: a change kept on a phone while the
/// server could not be reached is sent when it is back, with the version it was made from. If
/// the file changed meanwhile (an editor, sync, `shelf set`), the form is applied only when the
/// field it changes is still as the page showed it, or already holds the form's value: the rule
/// `FormMerge` applies to the edit form, for one field. Otherwise the change is a conflict for
/// the user to decide, and nothing is written.
public enum OneFieldForm {
    /// The field the form named by `action` changes (`rate` changes the rating); nil for a form
    /// with no such field (a note is added to the end of the file as it is now).
    public static func field(ofForm action: String) -> String? {
        switch action {
        case "rate": return "rating"
        case "status": return "status"
        case "progress": return ReadingProgress.key
        case "lend", "return": return Book.loansKey
        default: return nil
        }
    }

    /// The field as the page shows it and the form carries it back: the rating as a number, the
    /// status word, the progress log's lines, the loans (to whom, lent, due, back).
    public static func shownText(of field: String, in book: Book) -> String {
        switch field {
        case "rating": return book.rating.map(Rating.number) ?? ""
        case "status": return book.status?.rawValue ?? ""
        case Book.loansKey:
            return book.loans.map { loan in
                ([loan.to] + [loan.lent, loan.due, loan.returned].compactMap { $0?.text } + (loan.isOpen ? [] : ["back"]))
                    .joined(separator: " ")
            }.joined(separator: "; ")
        default: return book.value(of: field)?.texts.joined(separator: ", ") ?? ""
        }
    }

    /// The conflict of a form that changes `field` to `mine`, made when the field read
    /// `original`, with the book as its file is now; nil when the form can be applied.
    public static func conflict(
        field: String, original: String?, mine: String, book: Book, vocabulary: Vocabulary
    ) -> FormMerge.Conflict? {
        let theirs = shownText(of: field, in: book)
        return FormMerge([FormMerge.Field(key: field, original: original, mine: mine, theirs: theirs)], vocabulary: vocabulary)
            .conflicts.first
    }
}
