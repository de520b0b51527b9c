/// Correcting the dates of one read, the latest or an earlier one: the book page's "Change the
/// dates" (a mistyped day, a read logged on the wrong day).
extension ReadingAction {
    /// Sets the start and end of read `number` of `book.reads` (0 is the oldest; the last is the
    /// latest, held in the top-level keys). An empty text takes the date off. The dates are
    /// checked as `start` and `finish` check theirs: real days, the end not before the start,
    /// none in the future unless `request.force`.
    @discardableResult
    public func redate(
        _ name: String, read number: Int, started: String, ended: String, _ request: Request, reporter: any ActionReporter
    ) throws -> WriteOutcome {
        try run(name, request, reporter: reporter) { book, request in
            try ReadingPlan(book: book, request: request).redate(read: number, started: started, ended: ended)
        }
    }
}

extension ReadingPlan {
    /// The keys shelf writes in an item of `reads:` (`BookRead.flowMap`): an item holding any
    /// other is not rewritten, since the rewrite would drop it.
    static let readItemKeys: Set<String> = ["started", "finished", "abandoned", "page", "format", "rating"]

    /// The edits that give read `number` these dates.
    func redate(read number: Int, started startText: String, ended endText: String) throws -> [FieldEdit] {
        let reads = book.reads
        guard reads.indices.contains(number) else {
            throw ReadingError("the book has \(reads.count) read\(reads.count == 1 ? "" : "s"); there is no read \(number + 1)")
        }
        let start = try day(startText)
        let end = try day(endText)
        if let start, let end { try ReadingDates.checkOrder(start: start, end: end) }
        var read = reads[number]
        if read.isLatest {
            if read.outcome == .open && end != nil {
                throw ReadingError("this read has not ended; to end it, finish or abandon the book (shelf finish, shelf abandon)")
            }
            if keepsReadDates && end?.text != book.finished?.text {
                throw ReadingError("the finish dates are kept as a list of read dates; change that list in the file")
            }
            var edits: [FieldEdit] = []
            if start?.text != book.started?.text { edits.append(start.map { .set("started", .typed($0.text)) } ?? clearing(.started)) }
            if end?.text != book.finished?.text { edits.append(end.map { .set("finished", .typed($0.text)) } ?? clearing(.finished)) }
            return edits
        }
        // An earlier read: its item of `reads:`, found among the items that read as reads.
        let items: [FieldValue]
        if case .list(let list)? = book.value(of: Book.readsKey) { items = list } else { items = [] }
        let readable = items.indices.filter { BookRead(item: items[$0]) != nil }
        guard number < readable.count else {
            throw ReadingError("this read is one of a list of read dates; change that list in the file")
        }
        let index = readable[number]
        if case .map(let entries) = items[index], let other = entries.first(where: { !Self.readItemKeys.contains($0.key) }) {
            throw ReadingError(
                "this read's entry in reads: holds \(other.key):, which shelf does not write; change its dates in the file, "
                    + "so that nothing of it is lost")
        }
        read.started = start
        read.ended = end
        // An earlier read given an end was finished: a read given up says `abandoned:` already.
        if read.outcome == .open && end != nil { read.outcome = .finished }
        // A bare date stays a bare date while it is all the read says.
        let bare: Bool
        if case .scalar = items[index] { bare = start == nil && end != nil } else { bare = false }
        return [.replaceItem(Book.readsKey, at: index, raw: bare ? end?.text ?? "" : read.flowMap)]
    }

    /// A date typed in a form, checked; nil for an empty box.
    private func day(_ text: String) throws -> BookDate? {
        let typed = text.trimmingSpaces
        return typed.isEmpty ? nil : try ReadingDates.check(typed, today: request.today, force: request.force)
    }
}
