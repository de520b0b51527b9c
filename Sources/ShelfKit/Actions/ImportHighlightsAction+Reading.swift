/// `--sync-status`: the reading state an e-reader keeps, brought into the book's reads through
/// the same `ReadingAction` as `shelf start`, `finish`, `abandon` and `progress`.
extension ImportHighlightsAction {
    /// Brings one device book's state in. Only moves forward: a book finished in the library is
    /// not restarted because a device still has it open, and a position already logged is not
    /// logged again.
    func sync(_ reading: DeviceReading, to book: Book, reason: String, into report: inout HighlightImportReport, reporter: ActionReporter) {
        let changes = plannedChanges(reading, book: book)
        guard !changes.isEmpty else { return }
        do {
            if !options.dryRun {
                let action = ReadingAction(writer: writer, finder: BookFinder(library: writer.library))
                let quiet = QuietReporter()
                for change in changes {
                    switch change {
                    case .finish(let date): try action.finish(book.path, .init(date: date, today: today), reporter: quiet)
                    case .abandon(let page): try action.abandon(book.path, .init(today: today, page: page), reporter: quiet)
                    case .start: try action.start(book.path, .init(today: today), reporter: quiet)
                    case .progress(let position): try action.progress(book.path, position: position, .init(today: today), reporter: quiet)
                    }
                }
            }
            let described = changes.map(\.description)
            if let index = report.books.firstIndex(where: { $0.path == book.path }) {
                report.books[index].reading += described
            } else {
                report.books.append(.init(path: book.path, title: book.title, added: 0, replaced: 0, created: false, matchedBy: reason,
                                          reading: described))
            }
        } catch {
            report.failures.append(String(describing: error))
            reporter.warning(String(describing: error))
        }
    }

    enum ReadingChange: CustomStringConvertible {
        case finish(date: String?)
        case abandon(page: Int?)
        case start
        case progress(String)

        var description: String {
            switch self {
            case .finish: return "marked read"
            case .abandon: return "marked abandoned"
            case .start: return "started"
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
        case .abandoned?:
            return book.status == .abandoned || book.status == .read ? [] : [.abandon(page: reading.page)]
        case .reading?:
            guard book.status == nil || book.status == .toRead || book.status == .reading else { return [] }
            var changes: [ReadingChange] = book.status == .reading ? [] : [.start]
            if let percent = reading.percent, percent > 0, percent < 100 {
                let position = "\(Int(percent.rounded()))%"
                let logged = ReadingProgress(book: book).current?.position.text
                if logged != position { changes.append(.progress(position)) }
            }
            return changes
        case nil:
            return []
        }
    }
}

/// The import reports its own lines; the reading actions' lines are not shown.
private final class QuietReporter: ActionReporter {
    func progress(_ done: Int, of total: Int, _ label: String) {}
    func warning(_ message: String) {}
    func result(_ line: String) {}
}
