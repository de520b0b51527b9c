import ShelfKit

/// The lines that end an import, on stderr: how many books were created, updated, unchanged and
/// skipped, then each skipped row with its reason, and each failure.
struct ImportSummary {
    let report: ImportReport
    let source: ImportSource
    /// The file as the user named it (`-` for standard input).
    let file: String

    func lines() -> [String] {
        let verb = report.dryRun ? "would be " : ""
        var counts = [
            "\(report.created) \(verb)created", "\(report.updated) \(verb)updated", "\(report.unchanged) unchanged",
            "\(report.skipped.count) skipped",
        ]
        if !report.failures.isEmpty { counts.append("\(report.failures.count) failed") }
        let name = file == "-" ? "standard input" : file
        let sourceName = ImportSourceName(source.rawValue).name
        var lines = [
            (report.dryRun ? "Dry run, nothing written. " : "") + "\(sourceName) import of \(name): " + counts.joined(separator: ", ") + "."
        ]
        for skip in report.skipped { lines.append("  row \(skip.row): skipped, \(skip.reason)") }
        for failure in report.failures { lines.append("  row \(failure.row): failed, \(failure.message)") }
        let file = ImportReport.recordFile
        if !report.unrecorded.isEmpty {
            let books =
                report.unrecorded.count == 1
                ? "1 book imported from \(sourceName) has" : "\(report.unrecorded.count) books imported from \(sourceName) have"
            lines.append(
                "  \(books) no record in \(file) of what was imported (the file was removed, or is older than the books): "
                    + "their values unlike the export's were kept, as they may be yours (\"kept, no record\" above). "
                    + "Set any you want from the export by hand; \(file) records them again from now on.")
        }
        if let failure = report.recordFailure {
            lines.append(
                "  \(file) was not written: \(failure). The books above were written; the next import --update "
                    + "keeps every value of theirs unlike the export's.")
        }
        return lines
    }
}

/// The name a summary gives a source.
struct ImportSourceName {
    let name: String

    init(_ raw: String) {
        switch raw {
        case "goodreads": name = "Goodreads"
        case "storygraph": name = "StoryGraph"
        case "librarything": name = "LibraryThing"
        case "calibre": name = "calibre"
        case "json": name = "JSON"
        default: name = raw
        }
    }
}
