/// A finished date kept as a list of read dates (`dates_read: [2008-01-05, 2012-03-01]`, as
/// `Book.readDates` reads it): an edit adds a day to the list and never replaces the list.
extension FrontMatterEditor {
    /// The entry, when it is a list of read dates.
    func readDates(_ entry: FrontMatterEntry?) -> FrontMatterEntry? {
        guard let entry, case .sequence = entry.value, Book.readDates(in: FieldValue(entry.value)) != nil else { return nil }
        return entry
    }

    /// Adds `date` as one more read, in the style of the list's last date; nothing is written
    /// when the list already holds that day.
    mutating func addReadDate(_ text: String, to entry: FrontMatterEntry) throws(EditError) {
        guard let date = BookDate(text), let dates = Book.readDates(in: FieldValue(entry.value)) else {
            throw .invalidValue(key: entry.key, reason: "'\(text)' is not a date")
        }
        if dates.contains(where: { $0?.canonicalText == date.canonicalText }) { return }
        let styled = dates.last.flatMap { $0 }.map { date.text(in: $0.style) } ?? date.text
        if let splice = try ListSplicer(document: document).add(styled, to: entry, afterColon: afterColon(of: entry)) {
            try replace(splice.range, with: splice.bytes)
        }
    }
}
