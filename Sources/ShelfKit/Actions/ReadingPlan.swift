/// The edits `start`, `finish` and `abandon` make to one book, worked out from the book as it
/// is, or an error that says why the request makes no sense (and writes nothing).
struct ReadingPlan {
    let book: Book
    let request: ReadingAction.Request

    /// Starts a read. A read that ended moves into `reads:`; an open one keeps its start.
    func start() throws -> [FieldEdit] {
        let given = try checkedDate()
        var edits: [FieldEdit] = [.set("status", .string(ReadingStatus.reading.rawValue))]
        guard let latest = book.latestRead, latest.outcome != .open else {
            // No read yet, or one going on: its start is kept unless a date is given.
            if let given {
                try checkOrder(start: given, end: book.finished)
                edits.append(.set("started", .typed(given.text)))
            } else if book.started == nil && !book.hasUnreadValue(.started) {
                edits.append(.set("started", .typed(request.today.text)))
            }
            return edits
        }
        try refuseUnreadableDates()
        let newStart = given ?? request.today
        if let ended = latest.ended, DateSpan(newStart).last < DateSpan(ended).first {
            throw ReadingError(
                "a new read cannot start (\(newStart.text)) before the last one ended (\(ended.text)); "
                    + "to record an earlier read, add it to the reads: list (shelf edit)")
        }
        // Reads kept as [start, end] pairs: the new read is one more pair, open; the status it
        // implies is then no change unless the vault writes a status.
        if let pairs = readPairsKey {
            let styled = newStart.text(in: (book.started ?? newStart).style)
            return [.appendItem(pairs, raw: "[" + styled + "]")] + edits
        }
        return [.appendItem(Book.readsKey, raw: archived(latest).flowMap)] + edits
            + [.set("started", .typed(newStart.text)), clearing(.finished)]
            + (book.value(of: ReadingProgress.key) == nil ? [] : [.unset(ReadingProgress.key)])
    }

    /// Finishes the open read, or records a finish; `--again` logs one more read of a book
    /// already finished.
    func finish() throws -> [FieldEdit] {
        // A new rating comes last, so a new `rating:` line follows the new `finished:` line.
        var edits = try finishingEdits()
        // With [start, end] pairs the end goes in first, so that the status it implies is no change.
        if readPairsKey != nil {
            if request.again {
                throw ReadingError(
                    "this book keeps its reads as [start, end] pairs; start a new read (shelf start BOOK), then finish it")
            }
            edits = edits.filter { !$0.isStatusEdit } + edits.filter(\.isStatusEdit)
        }
        return try edits + (request.rating.map { [try FieldAssignment(key: "rating", value: $0).edit()] } ?? [])
    }

    /// The key of the book's reads kept as `[start, end]` pairs, if it keeps them so.
    private var readPairsKey: String? {
        book.fields.first { $0.canonical == .finished && Book.readPairs(in: $0.value) != nil }?.key
    }

    private func finishingEdits() throws -> [FieldEdit] {
        let given = try checkedDate()
        let began = try request.started.map { try ReadingDates.check($0, today: request.today, force: request.force) }
        var edits: [FieldEdit] = [.set("status", .string(ReadingStatus.read.rawValue))]
        if let latest = book.latestRead, latest.outcome == .finished {
            if request.again {
                try refuseUnreadableDates()
                let end = given ?? request.today
                if let ended = latest.ended, DateSpan(end).last < DateSpan(ended).first {
                    throw ReadingError("this read (\(end.text)) would end before the last one (\(ended.text))")
                }
                // A list of read dates holds the earlier reads itself: the day is added to it.
                var again: [FieldEdit] = keepsReadDates ? [] : [.appendItem(Book.readsKey, raw: archived(latest).flowMap)]
                if let began {
                    // A read of the past, both its days given (`--started`).
                    try checkOrder(start: began, end: end)
                    again += edits + [.set("started", .typed(began.text)), .set("finished", .typed(end.text))] + readCountBumped
                } else {
                    again += edits + [.set("finished", .typed(end.text))] + readCountBumped
                    if book.started != nil { again.append(clearing(.started)) }
                }
                if book.value(of: ReadingProgress.key) != nil { again.append(.unset(ReadingProgress.key)) }
                return again
            }
            if let given, let ended = latest.ended, given.text != ended.text {
                throw ReadingError(
                    "already finished on \(ended.text); to log another read pass --again, "
                        + "to correct the date run: shelf set BOOK finished=\(given.text)")
            }
            if let began, began.text != latest.started?.text {
                throw ReadingError(
                    "already finished; to log another read pass --again, "
                        + "to correct this read's start run: shelf set BOOK started=\(began.text)")
            }
            if let given, latest.ended == nil { edits.append(.set("finished", .typed(given.text))) }
            return edits
        }
        let end = given ?? request.today
        try checkOrder(start: began ?? book.started, end: end)
        if let began, began.text != book.started?.text { edits.append(.set("started", .typed(began.text))) }
        // An abandoned read taken up again and finished: it ends today, not on the day it stopped.
        if given != nil || book.finished == nil || book.status == .abandoned {
            edits.append(.set("finished", .typed(end.text)))
        }
        return edits + readCountBumped
    }

    /// `read_count:` (written by a Goodreads or StoryGraph import) one higher, when the book has
    /// it: a read finished is one more read, and a count left as imported would go stale.
    private var readCountBumped: [FieldEdit] {
        guard let text = book.value(of: Book.readCountKey)?.text, let count = Int(text.trimmingSpaces), count >= 0 else { return [] }
        return [.set(Book.readCountKey, .typed(String(count + 1)))]
    }

    /// Marks the open read did-not-finish; `--page` logs where it stopped.
    func abandon() throws -> [FieldEdit] {
        let given = try checkedDate()
        if let latest = book.latestRead, latest.outcome == .finished {
            throw ReadingError(
                "already finished\(latest.ended.map { " on " + $0.text } ?? ""); "
                    + "to give up a re-read, start it again first (shelf start)")
        }
        var edits: [FieldEdit] = [.set("status", .string(ReadingStatus.abandoned.rawValue))]
        let end = given ?? (book.status == .abandoned ? book.finished : nil) ?? request.today
        try checkOrder(start: book.started, end: end)
        if given != nil || book.finished == nil || book.status != .abandoned {
            edits.append(.set("finished", .typed(end.text)))
        }
        if let page = request.page {
            if let pages = book.pages, page > pages {
                throw ReadingError("page \(page) is past the book's last page (\(pages))")
            }
            edits += ReadingProgress.logEdits(book: book, entry: ProgressEntry(date: end, position: .page(page)))
        }
        return edits
    }

    /// Moving a read into `reads:` removes its top-level dates: a value shelf cannot read there
    /// would be lost, so the reader fixes it first.
    private func refuseUnreadableDates() throws {
        for field in [CanonicalField.started, .finished] where book.hasUnreadValue(field) && book.queryDate(of: field.rawValue) == nil {
            throw ReadingError(
                "\(field.rawValue) holds a value shelf cannot read (\(book.value(of: field.rawValue)?.texts.first ?? "")); "
                    + "a new read would move it into reads: and lose it. Fix it first: shelf set BOOK \(field.rawValue)=YYYY-MM-DD")
        }
    }

    /// Logs a position in the read going on; a book not started is started on that day.
    func progress(_ position: ProgressEntry.Position) throws -> [FieldEdit] {
        let day = try checkedDate() ?? request.today
        if case .page(let page) = position, let pages = book.pages, page > pages {
            throw ReadingError("page \(page) is past the book's last page (\(pages))")
        }
        var edits: [FieldEdit] = []
        switch book.latestRead?.outcome {
        case .finished?, .abandoned?:
            throw ReadingError("the last read is over (\(book.status?.rawValue ?? "read")); start a new read first: shelf start BOOK")
        case nil:
            edits = [.set("status", .string(ReadingStatus.reading.rawValue)), .set("started", .typed(day.text))]
        case .open?:
            if book.status != .reading { edits.append(.set("status", .string(ReadingStatus.reading.rawValue))) }
            if let started = book.started, DateSpan(day).last < DateSpan(started).first {
                throw ReadingError("\(day.text) is before the read started (\(started.text))")
            }
        }
        return edits + ReadingProgress.logEdits(book: book, entry: ProgressEntry(date: day, position: position))
    }

    /// The edit that takes a date off the book as a new read begins. A key of the vault's own
    /// (`date_read:`, `dateRead:`) stays, emptied, with its comment: templates and queries that
    /// read it keep finding it, and the next finish fills it again rather than add shelf's
    /// `finished:`. shelf's own key goes.
    /// True when the book's finished key is a list of read dates (`dates_read: [2008-01-05, 2012-03-01]`).
    var keepsReadDates: Bool {
        book.fields.first { $0.canonical == .finished }.map { Book.readDates(in: $0.value) != nil } ?? false
    }

    func clearing(_ field: CanonicalField) -> FieldEdit {
        guard let key = book.fields.first(where: { $0.canonical == field })?.key, key != field.rawValue else {
            return .unset(field.rawValue)
        }
        return .set(field.rawValue, .raw(""))
    }

    /// The latest read as it goes into `reads:`: the rating of a finished read and the
    /// page an abandoned one stopped at come along.
    private func archived(_ read: BookRead) -> BookRead {
        var read = read
        if read.outcome == .finished { read.rating = book.rating }
        if read.outcome == .abandoned { read.page = ReadingProgress(book: book).lastPage }
        return read
    }

    /// The date given, checked: a real day (or a year, or a month), and not in the future unless forced.
    private func checkedDate() throws -> BookDate? {
        guard let text = request.date else { return nil }
        return try ReadingDates.check(text, today: request.today, force: request.force)
    }

    private func checkOrder(start: BookDate?, end: BookDate?) throws {
        guard let start, let end else { return }
        try ReadingDates.checkOrder(start: start, end: end)
    }
}

/// The checks every reading date passes.
enum ReadingDates {
    /// A date as the command line gives it: `2024-03-02`, `2024-03` or `2024`, not in the future
    /// unless forced.
    static func check(_ text: String, today: BookDate, force: Bool) throws -> BookDate {
        guard case .typed(let written) = try FieldAssignment.checked(text, for: .started, key: "date"),
            let date = BookDate(written)
        else {
            throw ReadingError("'\(text)' is not a date (YYYY-MM-DD, YYYY-MM or YYYY)")
        }
        if !force && DateSpan(date).first > DateSpan(today).first {
            throw ReadingError("\(date.text) is in the future (today is \(today.text)); pass --force to record it anyway")
        }
        return date
    }

    /// A read ends on or after the day it started (partial dates: their spans may overlap).
    static func checkOrder(start: BookDate, end: BookDate) throws {
        if DateSpan(end).last < DateSpan(start).first {
            throw ReadingError("the finish date \(end.text) is before the start date \(start.text); nothing was written")
        }
    }
}

/// A reading request that cannot be done as asked. Nothing is written.
struct ReadingError: Error, Sendable, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

extension Book {
    /// True when the file has a value under the field that shelf could not read (kept as is).
    func hasUnreadValue(_ field: CanonicalField) -> Bool {
        guard let value = value(of: field.rawValue) else { return false }
        return !value.texts.allSatisfy(\.trimmingSpaces.isEmpty)
    }
}

extension FieldEdit {
    /// True for an edit that sets the status.
    fileprivate var isStatusEdit: Bool {
        if case .set(let key, _) = self { return key == "status" }
        return false
    }
}
