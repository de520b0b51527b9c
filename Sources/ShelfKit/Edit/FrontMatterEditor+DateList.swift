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
    mutating func addReadDate(_ value: NewValue, to entry: FrontMatterEntry) throws(EditError) {
        let text: String
        switch value {
        case .typed(let written), .string(let written), .raw(let written): text = written
        case .list: text = ""
        }
        // Emptying the date (a new read's start clears it) would lose every earlier read.
        guard !text.trimmingSpaces.isEmpty else { throw .invalidValue(key: entry.key, reason: DateListRefusal.reason) }
        guard let date = BookDate(text), let dates = Book.readDates(in: FieldValue(entry.value)) else {
            throw .invalidValue(key: entry.key, reason: "'\(text)' is not a date")
        }
        if dates.contains(where: { $0?.canonicalText == date.canonicalText }) { return }
        let styled = dates.last.flatMap { $0 }.map { date.text(in: $0.style) } ?? date.text
        // Written plain, as the list's dates are, so that it reads back as a date.
        let splice = try ListSplicer(document: document).append(raw: styled, to: entry, afterColon: afterColon(of: entry))
        try replace(splice.range, with: splice.bytes)
    }
}

/// Why shelf does not empty a list of read dates.
enum DateListRefusal {
    static let reason = "holds a list of the days the book was read, which shelf does not empty; edit it by hand (shelf edit)"
}
