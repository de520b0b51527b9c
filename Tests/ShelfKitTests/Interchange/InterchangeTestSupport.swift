import Foundation
import Testing
@testable import ShelfKit

// Helpers shared by the Interchange tests. Every name starts with `interchange` / `Interchange`
// so that nothing here clashes with helpers of other test folders in the same target.

/// The exports written for these tests, in each service's real shape (see Fixtures/).
enum InterchangeFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// The rows `source` reads from the fixture `name`.
    static func rows(_ source: ImportSource, _ name: String) throws -> [ImportRow] {
        try source.read(bytes(name))
    }
}

/// The records among `rows`, skipped rows left out.
func interchangeRecords(_ rows: [ImportRow]) -> [ImportRecord] {
    rows.compactMap { row in
        if case .record(let record) = row { return record }
        return nil
    }
}

/// The record whose title is `title`.
func interchangeRecord(
    _ rows: [ImportRow], titled title: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> ImportRecord {
    try #require(interchangeRecords(rows).first { $0.title == title }, "no record titled \(title)", sourceLocation: sourceLocation)
}

/// A record's fields as `key: value` lines (lists as `[a, b]`, strings quoted when typed
/// values could be confused with them), for one assertion on everything an importer read.
func interchangeLines(_ record: ImportRecord) -> [String] {
    record.fields.map { field in
        switch field.value {
        case .string(let text): return "\(field.key): \"\(text)\""
        case .typed(let text): return "\(field.key): \(text)"
        case .list(let items): return "\(field.key): [" + items.joined(separator: ", ") + "]"
        case .json(let json): return "\(field.key): \(json.serialized())"
        case .items(let items): return "\(field.key):" + items.map { " - " + $0 }.joined()
        }
    }
}

/// The book a new file's bytes read as.
func interchangeBook(_ bytes: [UInt8], path: String = "book.md") throws -> Book {
    let frontMatter = try #require(try BookDocument(bytes: bytes).frontMatter)
    return try #require(Book(path: path, frontMatter: frontMatter))
}

/// The book files a plan creates, read back as books at their planned paths.
func interchangeCreatedBooks(_ actions: [ImportStep]) throws -> [Book] {
    try actions.compactMap { action -> Book? in
        guard case let .create(_, path, bytes, _) = action else { return nil }
        return try interchangeBook(bytes, path: path)
    }
}

/// What a plan's new books record in `shelf-imports.txt`, as an update would read it.
func interchangeBaselines(_ actions: [ImportStep]) -> ImportBaselines {
    var file = ImportBaselineFile()
    for case let .create(_, _, _, record?) in actions { file.record(record) }
    return ImportBaselines(file: file)
}

/// A planner over an in-memory library: `files` are the paths that exist, `notes` the bodies.
func interchangePlanner(
    _ source: ImportSource, update: Bool = false, files: Set<String> = [], notes: [String: String] = [:]
) -> ImportPlanner {
    ImportPlanner(
        source: source, update: update, naming: FileNameTemplate(template: LibraryConfig.defaultFilenameTemplate), vocabulary: .standard,
        exists: { files.contains($0) }, notes: { notes[$0.path] })
}

/// Counts of each kind of action, as `created 3, updated 1, unchanged 2, skipped 1`.
func interchangeCounts(_ actions: [ImportStep]) -> String {
    var counts = [0, 0, 0, 0]
    for action in actions {
        switch action {
        case .create: counts[0] += 1
        case .update: counts[1] += 1
        case .unchanged: counts[2] += 1
        case .skipped: counts[3] += 1
        }
    }
    return "created \(counts[0]), updated \(counts[1]), unchanged \(counts[2]), skipped \(counts[3])"
}
