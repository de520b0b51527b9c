import Foundation
import ShelfKit

/// Carries out an import's plan: new books through `AtomicFile.create`, updates through
/// `BookWriter.edit` (minimal edits, checked against changes on disk), a progress bar on a
/// terminal for long files, and a summary on stderr.
struct ImportRunner {
    let library: Library
    let source: ImportSource
    let file: String
    let dryRun: Bool

    /// Rows above which a progress bar is drawn (on a terminal only).
    static let progressThreshold = 50

    /// Runs the plan; false when a write failed.
    func run(_ plan: [ImportAction]) throws -> Bool {
        var summary = ImportSummary(source: source, file: file, dryRun: dryRun)
        var progress = ProgressBar(total: plan.count, label: dryRun ? "Checking" : "Importing")
        let showProgress = plan.count >= ImportRunner.progressThreshold
        for action in plan {
            switch action {
            case let .create(row, path, bytes):
                let display = Paths.display(path, in: library)
                if dryRun {
                    Output.line("would create \(display)")
                    summary.created += 1
                } else if let failure = create(path, bytes: bytes) {
                    summary.failures.append((row, failure))
                } else {
                    Output.line("created \(display)")
                    summary.created += 1
                }
            case let .update(row, path, result):
                let display = Paths.display(path, in: library)
                let detail = ImportRunner.detail(changed: result.changed, kept: result.kept)
                if dryRun {
                    Output.line("would update \(display)\(detail)")
                    summary.updated += 1
                    continue
                }
                do {
                    let outcome = try library.edit(path, displayPath: display, edits: result.edits)
                    if outcome == .written {
                        Output.line("updated \(display)\(detail)")
                        summary.updated += 1
                    } else {
                        summary.unchanged += 1
                    }
                } catch {
                    summary.failures.append((row, String(describing: error)))
                }
            case let .unchanged(_, path, kept):
                summary.unchanged += 1
                if !kept.isEmpty { Output.line("unchanged \(Paths.display(path, in: library))\(ImportRunner.detail(changed: [], kept: kept))") }
            case let .skipped(row, reason):
                summary.skipped.append((row, reason))
            }
            if showProgress { progress.advance() }
        }
        if showProgress { progress.finish() }
        for line in summary.lines() { Diagnostics.write(line) }
        return summary.failures.isEmpty
    }

    /// Writes a new book, creating its folder (a JSON restore keeps subfolders); the failure, if any.
    private func create(_ path: String, bytes: [UInt8]) -> String? {
        let absolute = library.absolutePath(path)
        let folder = (absolute as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.create(path: absolute, bytes: bytes)
            return nil
        } catch let error as FileError {
            return error.description
        } catch {
            return "\(path): \(error.localizedDescription)"
        }
    }

    /// ` (rating, status; kept yours: tags)`, or nothing.
    static func detail(changed: [String], kept: [String]) -> String {
        let name = { (key: String) in key == ImportBaseline.bodyToken ? "notes" : key }
        var parts: [String] = []
        let written = changed.map(name)
        if !written.isEmpty { parts.append(written.joined(separator: ", ")) }
        if !kept.isEmpty { parts.append("kept yours: " + kept.map(name).joined(separator: ", ")) }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }
}
