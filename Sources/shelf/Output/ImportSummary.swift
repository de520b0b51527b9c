import ShelfKit

/// The lines that end an import: how many books were created, updated, unchanged and skipped,
/// then each skipped row with its reason, and each failure.
struct ImportSummary {
    let source: ImportSourceName
    let file: String
    let dryRun: Bool
    var created = 0
    var updated = 0
    var unchanged = 0
    var skipped: [(row: Int, reason: String)] = []
    var failures: [(row: Int, message: String)] = []

    init(source: ImportSource, file: String, dryRun: Bool) {
        self.source = ImportSourceName(source.rawValue)
        self.file = file
        self.dryRun = dryRun
    }

    func lines() -> [String] {
        let verb = dryRun ? "would be " : ""
        var counts = [
            "\(created) \(verb)created", "\(updated) \(verb)updated", "\(unchanged) unchanged", "\(skipped.count) skipped",
        ]
        if !failures.isEmpty { counts.append("\(failures.count) failed") }
        let name = file == "-" ? "standard input" : file
        var lines = [(dryRun ? "Dry run, nothing written. " : "") + "\(source.name) import of \(name): " + counts.joined(separator: ", ") + "."]
        for skip in skipped { lines.append("  row \(skip.row): skipped, \(skip.reason)") }
        for failure in failures { lines.append("  row \(failure.row): failed, \(failure.message)") }
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
