#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an import's export file comes from.
public enum ImportInput: Sendable {
    /// A file, as the user named it (relative to the current folder, or absolute).
    case file(String)
    /// Bytes already read (standard input), and the name messages give them.
    case bytes([UInt8], name: String)

    /// The name messages give the input.
    var name: String {
        switch self {
        case .file(let path): return path
        case .bytes(_, let name): return name
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
///   a book that is read-only, hard-linked or malformed is reported and left alone.
public struct ImportBooksAction {
    public let writer: LibraryWriter
    public let source: ImportSource
    /// `--update`: write values that changed at the source since the last import.
    public let update: Bool
    /// Only say what would be done.
    public let dryRun: Bool
    /// The day written in the `imported:` lines of the books this import writes.
    public var today: BookDate?

    /// Rows from which progress is reported (a short import needs no bar).
    static let progressThreshold = 50

    public init(writer: LibraryWriter, source: ImportSource, update: Bool, dryRun: Bool) {
        self.writer = writer
        self.source = source
        self.update = update
        self.dryRun = dryRun
    }

    /// An export that cannot be imported: nothing was written.
    struct InputError: Error, Sendable, CustomStringConvertible {
        public var input: String
        public var reason: String
        public var description: String { "\(input): \(reason)" }
    }

    /// Imports `input` into a library whose books are `books` (as loaded, without notes).
    /// - Returns: what was done; failures of single rows are in it, not thrown.
    /// - Throws: when the input cannot be read or is not an export of `source`.
    public func run(_ input: ImportInput, books: [Book], reporter: ActionReporter) throws -> ImportReport {
        let rows = try read(input) { reporter.warning("\(input.name): \($0)") }
        let names = TakenNames(root: writer.library.root)
        let library = writer.library
        var planner = ImportPlanner(
            source: source, update: update, naming: library.config.fileNames, vocabulary: library.config.vocabulary,
            exists: { names.contains($0) }, notes: { library.notes(of: $0) })
        planner.today = today?.canonicalText
        let plan = planner.plan(rows, books: books)
        // New books go where `filename:` says: a template shelf refuses stops the import before any write.
        if plan.contains(where: { if case .create = $0 { return true } else { return false } }) { try library.config.fileNames.check() }
        return carryOut(plan, names: names, reporter: reporter)
    }

    func read(_ input: ImportInput, warn: (String) -> Void = { _ in }) throws -> [ImportRow] {
        let bytes: [UInt8]
        switch input {
        // The person named this file: a pipe (`<(…)`) is read to its end, as asked.
        case .file(let path): bytes = try FileIO.read(Library.absolute(path), allowingSpecialFiles: true)
        case .bytes(let given, _): bytes = given
        }
        do {
            return try source.read(bytes, warn: warn)
        } catch {
            throw InputError(input: input.name, reason: error.reason)
        }
    }

    /// Carries out a plan, step by step; a step that fails is recorded and the rest go on.
    func carryOut(_ plan: [ImportAction], names: TakenNames, reporter: ActionReporter) -> ImportReport {
        var report = ImportReport(dryRun: dryRun)
        let label = dryRun ? "Checking" : "Importing"
        let showsProgress = plan.count >= ImportBooksAction.progressThreshold
        for (done, step) in plan.enumerated() {
            perform(step, names: names, into: &report, reporter: reporter)
            if showsProgress { reporter.progress(done + 1, of: plan.count, label) }
        }
        return report
    }

    private func perform(_ step: ImportAction, names: TakenNames, into report: inout ImportReport, reporter: ActionReporter) {
        switch step {
        case let .create(row, path, bytes):
            guard !dryRun else {
                reporter.result("would create \(writer.display(path))")
                report.created += 1
                return
            }
            do {
                let written = try create(path, bytes: bytes, names: names)
                reporter.result("created \(writer.display(written))")
                report.created += 1
            } catch {
                report.failures.append((row, String(describing: error)))
            }
        case let .update(row, path, result):
            let line = writer.display(path) + ImportReport.detail(changed: result.changed, kept: result.kept)
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
            } catch {
                report.failures.append((row, String(describing: error)))
            }
        case let .unchanged(_, path, kept):
            report.unchanged += 1
            if !kept.isEmpty { reporter.result("unchanged \(writer.display(path))\(ImportReport.detail(changed: [], kept: kept))") }
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

