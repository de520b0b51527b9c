import Foundation

/// Merges a sync tool's conflict copy into its original and removes the copy: equal values stay,
/// lists become their union, the body merges line by line (three-way when git holds a common
/// ancestor), and a scalar that differs takes the preferred side while the other value is written
/// into the body as a dated note.
public struct ConflictResolver {
    public enum Preference: String, Sendable, CaseIterable {
        /// The file modified last.
        case newer
        case original
        case copy
    }

    public let library: Library
    private let repository: GitRepository
    /// Asked once: outside git there is no ancestor to look for, and no process to start per copy.
    private let isVersioned: Bool

    public init(library: Library) {
        self.library = library
        repository = GitRepository(folder: library.root)
        isVersioned = repository.exists
    }

    /// What merging a copy would do.
    public struct Plan: Sendable {
        public var copy: ConflictCopy
        public var edits: [FieldEdit]
        public var conflicts: [BookMerger.Conflict]
        public var copyIsNewer: Bool
    }

    /// Works out the merge of `copy` into its original.
    /// - Parameter preferCopy: decides each differing scalar, by key.
    public func plan(_ copy: ConflictCopy, preferCopy: (String) -> Bool, noteHeading: String) throws -> Plan {
        let original = try document(copy.originalPath)
        let other = try document(copy.path)
        let ancestor = isVersioned ? repository.committedBytes(of: copy.originalPath).flatMap { try? BookDocument(bytes: $0) } : nil
        let merger = BookMerger(ours: original, theirs: other, base: ancestor)
        var (edits, conflicts) = merger.fieldEdits(preferTheirs: preferCopy)
        let body = merger.mergedBody(markers: nil)
        if body.lines != BookMerger.lines(original.body) {
            edits.append(.replaceBody(body.lines.joined(separator: "\n")))
        }
        if !conflicts.isEmpty {
            let name = copy.path.split(separator: "/").last.map(String.init) ?? copy.path
            let lines = conflicts.map { "- `\($0.key)`: kept \($0.kept); the other version had \($0.setAside)" }
            edits.append(.appendToBody(noteHeading + " sync conflict with \(name)\n\n" + lines.joined(separator: "\n")))
        }
        return Plan(copy: copy, edits: edits, conflicts: conflicts, copyIsNewer: modified(copy.path) > modified(copy.originalPath))
    }

    /// Applies a plan: the original is written (atomically, checked), and only then the copy removed.
    public func apply(_ plan: Plan) throws {
        try library.edit(plan.copy.originalPath, displayPath: plan.copy.originalPath, edits: plan.edits)
        try BookFileMover.remove(library.absolutePath(plan.copy.path))
    }

    /// The keys whose values differ between the copy and its original, and whether the notes differ.
    public func differences(_ copy: ConflictCopy) -> (fields: [String], notes: Bool) {
        guard let original = try? document(copy.originalPath), let other = try? document(copy.path) else { return ([], false) }
        let mine = original.frontMatter?.entries ?? []
        let theirs = other.frontMatter?.entries ?? []
        var keys = mine.map(\.key)
        for entry in theirs where !keys.contains(entry.key) { keys.append(entry.key) }
        let differing = keys.filter { key in
            !BookMerger.same(mine.last { $0.key == key }.map { FieldValue($0.value) }, theirs.last { $0.key == key }.map { FieldValue($0.value) })
        }
        return (differing, BookMerger.lines(original.body) != BookMerger.lines(other.body))
    }

    /// True when the copy was modified after the original.
    public func copyIsNewer(_ copy: ConflictCopy) -> Bool {
        modified(copy.path) > modified(copy.originalPath)
    }

    private func document(_ path: String) throws -> BookDocument {
        do {
            return try BookDocument(bytes: FileIO.read(library.absolutePath(path)))
        } catch let error as DocumentError {
            throw error.at(path: path)
        }
    }

    private func modified(_ path: String) -> Date {
        let attributes = try? FileManager.default.attributesOfItem(atPath: library.absolutePath(path))
        return attributes?[.modificationDate] as? Date ?? .distantPast
    }
}
