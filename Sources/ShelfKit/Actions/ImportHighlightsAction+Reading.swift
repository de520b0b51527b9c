/// `--sync-status`: the reading state an e-reader keeps, brought into the book's reads through
/// the same `ReadingAction` as `shelf start`, `finish` and `progress`.
extension ImportHighlightsAction {
    /// Brings one device book's state in. Only moves forward: a book finished or abandoned in the
    /// library is not restarted because a device still has it open, and a position is logged
    /// only when it is further than the one logged.
    func sync(_ reading: DeviceReading, to book: Book, reason: String, into report: inout HighlightImportReport, reporter: ActionReporter) {
        let changes = plannedChanges(reading, book: book)
        guard !changes.isEmpty else { return }
        do {
            if !options.dryRun {
                let action = ReadingAction(library: writer.library, finder: BookNameResolver(library: writer.library))
                let quiet = QuietReporter()
                for change in changes {
                    switch change {
                    case .finish(let date): try action.finish(book.path, .init(date: date, today: today), reporter: quiet)
                    case .start(let date): try action.start(book.path, .init(date: date?.text, today: today), reporter: quiet)
                    case .progress(let position): try action.progress(book.path, position: position, .init(today: today), reporter: quiet)
                    }
                }
            }
            let described = changes.map(\.description)
            if let index = report.books.firstIndex(where: { $0.path == book.path }) {
                report.books[index].reading += described
            } else {
                report.books.append(
                    .init(
                        path: book.path, title: book.title, added: 0, replaced: 0, created: false, matchedBy: reason,
                        reading: described))
            }
        } catch {
            report.failures.append(String(describing: error))
            reporter.warning(String(describing: error))
        }
    }

    enum ReadingChange: CustomStringConvertible {
        case finish(date: String?)
        /// On the first day the device shows it read, or today when it shows none.
        case start(BookDate?)
        case progress(String)

        var description: String {
            switch self {
            case .finish: return "marked read"
            case .start(let date?): return "started " + date.text
            case .start(nil): return "started"
            case .progress(let position): return "at " + position
            }
        }
    }

    func plannedChanges(_ reading: DeviceReading, book: Book) -> [ReadingChange] {
        switch reading.status {
        case .finished?:
            // The device's day for it, unless that is before the read began (then today).
            let date = reading.lastRead.flatMap { day in book.started.map { day >= $0 } ?? true ? day.text : nil }
            return book.status == .read ? [] : [.finish(date: date)]
        case .reading?, .onHold?:
            // A book finished or given up in the library stays so: the device may still have it open.
            guard book.status == nil || book.status == .toRead || book.status == .reading else { return [] }
            var changes: [ReadingChange] = []
            if book.status != .reading {
                // The device's first day, unless the book has a start already or the day is
                // after today (a clock set wrong).
                changes.append(.start(book.started == nil ? reading.started.flatMap { $0 <= today ? $0 : nil } : nil))
            }
            if let position = newPosition(reading, book: book) { changes.append(.progress(position)) }
            return changes
        case nil:
            return []
        }
    }

    /// The device's percent as a line of the log, when it moves the log on: further than the
    /// position logged last (a page of a book with pages, or a percent), or, when that cannot be
    /// compared (minutes, a page of a book without pages), logged on an earlier day.
    private func newPosition(_ reading: DeviceReading, book: Book) -> String? {
        guard let percent = reading.percent, percent > 0, percent < 100 else { return nil }
        let position = ProgressEntry.Position.percent(percent.rounded())
        let logged = ReadingProgress(book: book)
        guard let current = logged.current else { return position.text }
        if let before = logged.percent { return percent.rounded() > before.rounded() ? position.text : nil }
        return current.date < today ? position.text : nil
    }
}

/// The import reports its own lines; the reading actions' lines are not shown.
private final class QuietReporter: ActionReporter {
    func progress(_ done: Int, of total: Int, _ label: String) {}
    func warning(_ message: String) {}
    func result(_ line: String) {}
}
