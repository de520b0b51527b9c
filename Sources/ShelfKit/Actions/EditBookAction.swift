/// Changes one book a person names: `set`, `unset`, `tag`, `untag`, `rate`, `note`, `start`,
/// `finish`, `abandon`. The book is found by `BookFinder` (a broken file the name matches is
/// reported, never another book edited instead) and changed in one write through the door.
public struct EditBookAction {
    public let writer: LibraryWriter
    public let finder: BookFinder

    public init(writer: LibraryWriter, finder: BookFinder) {
        self.writer = writer
        self.finder = finder
    }

    /// Applies `edits` to the book `name` names and reports `updated PATH` or `unchanged PATH`.
    /// - Parameter force: replace values shelf cannot read.
    @discardableResult
    public func run(book name: String, edits: [FieldEdit], force: Bool = false, reporter: any ActionReporter) throws -> BookWriter.Outcome {
        let path = try finder.path(named: name)
        return try apply(edits, to: path, force: force, reporter: reporter)
    }

    /// Appends a timestamped note (`### DATE TIME`, then the text) to the end of the body.
    @discardableResult
    public func addNote(_ text: String, to name: String, date: BookDate, time: String, reporter: any ActionReporter) throws -> BookWriter.Outcome {
        guard !text.trimmingSpaces.isEmpty else { throw EditError.invalidValue(key: "note", reason: "empty note; nothing written") }
        let entry = BookNote.heading(date: date, time: time) + "\n\n" + text
        return try run(book: name, edits: [.appendToBody(entry)], reporter: reporter)
    }

    /// Moves the book to a reading status, dated under `key` (`started` or `finished`): with
    /// `date` (checked, as `set` checks it) when given, else today unless the book already has
    /// a date there.
    @discardableResult
    public func transition(
        _ name: String, to status: ReadingStatus, dating key: CanonicalField, date: String?, today: BookDate,
        extra: [FieldEdit] = [], force: Bool = false, reporter: any ActionReporter
    ) throws -> BookWriter.Outcome {
        let given = try date.map { try FieldAssignment(key: key.rawValue, value: $0).edit() }
        let path = try finder.path(named: name)
        var edits = [FieldEdit.set("status", .string(status.rawValue))]
        if let given {
            edits.append(given)
        } else if try !hasDate(key, book: path) {
            edits.append(.set(key.rawValue, .typed(today.text)))
        }
        return try apply(edits + extra, to: path, force: force, reporter: reporter)
    }

    /// Whether the book has a value under `key`. A value shelf cannot read counts as one, so
    /// that "kept if one is set" keeps it (an explicit date or `--force` replaces it).
    private func hasDate(_ key: CanonicalField, book path: String) throws -> Bool {
        let bytes = try FileIO.read(writer.library.absolutePath(path))
        let document = try BookWriter.parse(bytes, displayPath: writer.display(path))
        guard let frontMatter = document.frontMatter,
              let entry = FrontMatterEditor.target(key.rawValue, in: frontMatter, vocabulary: writer.library.config.vocabulary) else { return false }
        return !FieldValue(entry.value).texts.allSatisfy(\.trimmingSpaces.isEmpty)
    }

    private func apply(_ edits: [FieldEdit], to path: String, force: Bool, reporter: any ActionReporter) throws -> BookWriter.Outcome {
        let outcome = try writer.edit(path, edits: edits, force: force)
        reporter.result((outcome == .written ? "updated " : "unchanged ") + writer.display(path))
        return outcome
    }
}
