import ShelfPresentation

/// `shelf tags rename OLD NEW`: renames a tag, and every tag nested under it, in every book that
/// has it (`TagRenamePlan`), through the library's door in one batch (`BookWriteBatch`).
///
/// Each book goes from its old bytes to its new ones in one atomic rename, only while it still
/// holds what was read. A book the door refuses (read-only, hard-linked, malformed, changed in
/// the same list meanwhile) is reported as a warning and left byte for byte as it was; the
/// others are renamed. Running the action again after an interruption finishes the job, since
/// the books already renamed no longer have the old tag.
public struct RenameTagAction {
    let writer: LibraryWriter
    let old: String
    let new: String
    private let plan: TagRenamePlan

    /// Plans the rename over the books of `index` (loaded from `library`); nothing is
    /// written until `run`.
    public init(library: Library, old: String, new: String, index: LibraryIndex) {
        self.writer = library.writer
        self.old = old
        self.new = new
        plan = TagRenamePlan(old: old, new: new, index: index)
    }

    /// How many books the rename changes (to ask before going ahead).
    public var bookCount: Int { plan.changes.count }

    /// What a rename did.
    public struct Report: Sendable {
        /// Books written.
        var renamed = 0
        /// Books left unchanged because they could not be written (each was reported).
        public var failed: [String] = []
    }

    /// Renames the tag in every planned book, reporting progress (two steps a book: writing the
    /// new file, putting it in place) and each book that could not be changed.
    public func run(reporter: ActionReporter) -> Report {
        var report = Report()
        let changes = plan.changes
        guard !changes.isEmpty else { return report }
        // Clear what an interrupted earlier run left in the folders this one writes to.
        for folder in Set(changes.map { LibraryPath.split($0.path).folder }) {
            writer.sweepLeftovers(inFolder: folder)
        }
        let total = changes.count * 2
        var done = 0
        // All new files are written first and reach the disk together: one flush for the batch
        // instead of one per book (see BookWriteBatch).
        let batch = BookWriteBatch(writer: writer)
        for change in changes {
            do {
                try batch.prepare(change.path, edits: change.edits)
            } catch {
                report.failed.append(change.path)
                reporter.warning(String(describing: error))
            }
            done += 1
            reporter.progress(done, of: total, "Renaming")
        }
        // Books that failed above, or needed no write, never come back from the batch.
        let waiting = batch.count
        batch.commit { relative, outcome in
            switch outcome {
            case .success(let result):
                if result == .written { report.renamed += 1 }
            case .failure(let error):
                report.failed.append(relative)
                reporter.warning(String(describing: error))
            }
            done += 1
            reporter.progress(done, of: total, "Renaming")
        }
        if waiting < changes.count { reporter.progress(total, of: total, "Renaming") }
        reporter.result("Renamed '\(old)' to '\(new)' in \(Plural.count(report.renamed, "book")).")
        return report
    }
}
