#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an import's export file comes from.
public enum ImportInput: Sendable {
    /// A file, as the user named it (relative to the current folder, or absolute).
    case file(String)
    /// Bytes already read, and the name messages give them.
    case bytes([UInt8], name: String)
    /// Standard input (`-`), read a piece at a time as a file is.
    case standardInput

    /// The name messages give the input.
    var name: String {
        switch self {
        case .file(let path): return path
        case .bytes(_, let name): return name
        case .standardInput: return "-"
        }
    }
}

/// `shelf import`: reads an export from a service (or shelf's own JSON), decides for each row
/// whether it creates a book, updates one or changes nothing (`ImportPlanner`), and carries that
/// out through the library's door:
/// - a new book is created with `LibraryWriter.create`, in the library's vocabulary, under a name
///   no file has (case ignored); it never replaces a file, even one that appeared after the plan
///   was made (it takes the next free name instead);
/// - an update is a minimal edit through `LibraryWriter.edit`, in the library's vocabulary, and
///   a book that is read-only, hard-linked or malformed is reported and left alone;
/// - what each book written imported is recorded in `shelf-imports.txt` (`ImportBaselineStore`),
///   written once at the end, also when the import stops part-way.
public struct ImportBooksAction {
    let writer: LibraryWriter
    let source: ImportSource
    /// `--update`: write values that changed at the source since the last import.
    let update: Bool
    /// Only say what would be done.
    let dryRun: Bool
    /// The day written in the `imported:` lines of the books this import writes.
    public var today: BookDate?

    /// Steps from which progress is reported for a plan carried out whole (a short import needs no bar).
    static let progressThreshold = 50
    /// Bytes of input from which a streamed import reports progress: about fifty rows.
    static let progressBytes = 16 * 1024
    /// The bytes of each piece the input is read in (tests cut it small).
    var chunkSize = ImportChunks.defaultSize

    /// Imports `source` through the door of `library`.
    /// - Parameters:
    ///   - update: change the books already imported where the source changed them (`--update`).
    ///   - dryRun: write nothing; the report says what would be done.
    public init(library: Library, source: ImportSource, update: Bool, dryRun: Bool) {
        self.writer = library.writer
        self.source = source
        self.update = update
        self.dryRun = dryRun
    }

    /// An export that cannot be imported: nothing was written.
    struct InputError: Error, Sendable, CustomStringConvertible {
        var input: String
        var reason: String
        var description: String { "\(input): \(reason)" }
    }

    /// Imports `input` into a library whose books are `books` (as loaded, without notes).
    ///
    /// The input is read a piece at a time and each row is planned and carried out as soon as
    /// it is read, so memory holds one row and the matcher's small facts per book, not the file
    /// nor the plan. When shelf.yaml's `filename:` is refused, a row that would create a book
    /// must stop the import before any write: then steps are held until the end shows none does.
    /// - Returns: what was done; failures of single rows are in it, not thrown.
    /// - Throws: when the input cannot be read or is not an export of `source`.
    public func run(_ input: ImportInput, books: [Book], reporter: ActionReporter) throws -> ImportReport {
        let chunks = try open(input)
        let names = TakenNames(root: writer.library.root)
        let library = writer.library
        var planner = ImportPlanner(
            source: source, update: update, naming: library.config.fileNames, vocabulary: library.config.vocabulary,
            exists: { names.contains($0) }, notes: { library.notes(of: $0) })
        planner.today = today?.canonicalText
        // Read before any book is written: a record file shelf cannot write stops the import here.
        var store = source.recordsBaseline ? try ImportBaselineStore(writer: writer, warn: reporter.warning) : nil
        planner.records = store?.baselines ?? ImportBaselines()
        var planning = planner.start(books: books)
        let holdsSteps = library.config.fileNames.problem != nil
        var held: [ImportStep] = []
        var report = ImportReport(dryRun: dryRun)
        let total = chunks.totalBytes ?? 0
        var shown = 0
        do {
            try source.read(chunks, warn: { reporter.warning("\(input.name): \($0)") }) { row in
                guard let step = planning.plan(row) else { return }
                if holdsSteps {
                    if case .create = step { try library.config.fileNames.check() }
                    held.append(step)
                    return
                }
                perform(step, names: names, into: &report, records: &store, reporter: reporter)
                if total >= ImportBooksAction.progressBytes, chunks.bytesRead > shown {
                    shown = chunks.bytesRead
                    reporter.progress(shown, of: total, dryRun ? "Checking" : "Importing")
                }
            }
        } catch let error as ImportError {
            // The books already written keep their records.
            _ = save(store)
            throw InputError(input: input.name, reason: error.reason)
        } catch {
            _ = save(store)
            throw error
        }
        if holdsSteps { report = carryOut(held, names: names, records: &store, reporter: reporter) }
        report.recordFailure = save(store)
        return report
    }

    /// Writes the records of the books written (never for `--dry-run`); the reason when they
    /// could not be written.
    private func save(_ store: ImportBaselineStore?) -> String? {
        guard !dryRun, let store else { return nil }
        do {
            try store.save()
            return nil
        } catch {
            return String(describing: error)
        }
    }

    /// The input, ready to be read a piece at a time.
    func open(_ input: ImportInput) throws(FileError) -> ImportChunks {
        switch input {
        // The person named this file: a pipe (`<(…)`) is read to its end, as asked.
        case .file(let path): return try ImportChunks(path: Library.absolute(path), size: chunkSize)
        case .bytes(let given, _): return ImportChunks(bytes: given, size: chunkSize)
        case .standardInput: return try ImportChunks(duplicating: STDIN_FILENO, path: "-", size: chunkSize)
        }
    }

    /// Carries out a plan, step by step; a step that fails is recorded and the rest go on.
    func carryOut(_ plan: [ImportStep], names: TakenNames, records: inout ImportBaselineStore?, reporter: ActionReporter) -> ImportReport {
        var report = ImportReport(dryRun: dryRun)
        let label = dryRun ? "Checking" : "Importing"
        let showsProgress = plan.count >= ImportBooksAction.progressThreshold
        for (done, step) in plan.enumerated() {
            perform(step, names: names, into: &report, records: &records, reporter: reporter)
            if showsProgress { reporter.progress(done + 1, of: plan.count, label) }
        }
        return report
    }

    /// Carries out one step; the record of a book written goes to `records`.
    private func perform(
        _ step: ImportStep, names: TakenNames, into report: inout ImportReport, records: inout ImportBaselineStore?,
        reporter: ActionReporter
    ) {
        switch step {
        case let .create(row, path, bytes, record):
            guard !dryRun else {
                reporter.result("would create \(writer.display(path))")
                report.created += 1
                return
            }
            do {
                let written = try create(path, bytes: bytes, names: names)
                reporter.result("created \(writer.display(written))")
                report.created += 1
                if var record {
                    record.path = written
                    records?.add(record)
                }
            } catch {
                report.failures.append((row, String(describing: error)))
            }
        case let .update(row, path, result):
            if result.unrecorded && !result.kept.isEmpty { report.unrecorded.append(path) }
            let line = writer.display(path) + ImportReport.detail(result)
            guard !dryRun else {
                reporter.result("would update \(line)")
                report.updated += 1
                return
            }
            do {
                if try writer.edit(path, edits: result.edits) == .written {
                    reporter.result("updated \(line)")
                    report.updated += 1
                } else {
                    report.unchanged += 1
                }
                if let record = result.record { records?.add(record) }
            } catch {
                report.failures.append((row, String(describing: error)))
            }
        case let .unchanged(_, path, result):
            report.unchanged += 1
            if result.unrecorded && !result.kept.isEmpty { report.unrecorded.append(path) }
            if !result.kept.isEmpty { reporter.result("unchanged \(writer.display(path))\(ImportReport.detail(result))") }
            if !dryRun, let record = result.record { records?.add(record) }
        case let .skipped(row, reason):
            report.skipped.append((row, reason))
        }
    }

    /// Creates a new book at `path`; when a file took that name after the plan was made, at the
    /// next free one. The door creates exclusively: an existing file is never replaced.
    /// - Returns: the path written.
    func create(_ path: String, bytes: [UInt8], names: TakenNames) throws -> String {
        var candidate = path
        for _ in 0..<8 {
            do {
                try writer.create(candidate, bytes: bytes)
                names.add(candidate)
                return candidate
            } catch let error as FileError {
                // Only a name taken meanwhile is retried; any other failure is the row's.
                guard names.contains(candidate, refresh: true) else { throw error }
                candidate = BookFileName.unique(path, separator: writer.library.config.fileNames.collisionSeparator) { names.contains($0) }
            }
        }
        throw FileError(path: writer.display(path), reason: "every free name was taken while shelf worked; nothing was written")
    }
}
