/// Changes one book a person names: `set`, `unset`, `tag`, `untag`, `rate`, `note`. The book
/// is found by `BookNameResolver` (a broken file the name matches is
/// reported, never another book edited instead) and changed in one write through the door.
public struct EditBookAction {
    let writer: LibraryWriter
    let finder: BookNameResolver

    /// Edits books through the door of `library`, finding each named book with `finder`.
    public init(library: Library, finder: BookNameResolver) {
        self.writer = library.writer
        self.finder = finder
    }

    /// Applies `edits` to the book `name` names and reports `updated PATH` or `unchanged PATH`.
    /// - Parameter force: replace values shelf cannot read.
    @discardableResult
    public func run(
        book name: String, edits: [FieldEdit], force: Bool = false, reporter: any ActionReporter
    ) throws -> WriteOutcome {
        let path = try finder.path(named: name)
        return try apply(edits, to: path, force: force, reporter: reporter)
    }

    /// Applies `edits` to the book at the library-relative `path`, no name looked up (the web
    /// UI's forms name the file itself), and reports as `run(book:)` does.
    @discardableResult
    public func run(
        path: String, edits: [FieldEdit], force: Bool = false, reporter: any ActionReporter
    ) throws -> WriteOutcome {
        try apply(edits, to: path, force: force, reporter: reporter)
    }

    /// Appends a timestamped note (`### DATE TIME`, then the text) to the end of the body.
    @discardableResult
    public func addNote(
        _ text: String, to name: String, date: BookDate, time: String, reporter: any ActionReporter
    ) throws -> WriteOutcome {
        guard !text.trimmingSpaces.isEmpty else { throw EditError.invalidValue(key: "note", reason: "empty note; nothing written") }
        let entry = BookNote.heading(date: date, time: time) + "\n\n" + text
        return try run(book: name, edits: [.appendToBody(entry)], reporter: reporter)
    }

    private func apply(_ edits: [FieldEdit], to path: String, force: Bool, reporter: any ActionReporter) throws -> WriteOutcome {
        let outcome = try writer.edit(path, edits: edits, force: force)
        reporter.result(writer.report(outcome, of: path))
        return outcome
    }
}
