#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `shelf conflicts resolve`: merges every sync conflict copy into its original, then removes the
/// copy (docs/sync.md, "shelf conflicts resolve").
///
/// The copies of one book are merged together, oldest first, so that with `--prefer newer` each
/// field ends with the value of the version modified last that changed it. A copy is only read:
/// the original is written through the library's edit path, and the copy removed only once every
/// change of it is in the original. A file shelf cannot read as a book (not UTF-8, malformed
/// YAML) is left exactly as it is, and so are its copies, with the reason reported.
public struct ResolveConflictsAction {
    /// A differing value to decide by hand.
    public struct Question: Sendable, Equatable {
        /// The original, relative to the library.
        public var path: String
        /// The key whose values differ.
        public var key: String
        /// The value in the original (as merged so far) and in the copy, as written.
        public var original: String
        /// The value in the conflict copy, as written.
        public var copy: String
        /// The side `--prefer` picks.
        public var copyWins: Bool
    }

    /// What a run did.
    public struct Summary: Sendable, Equatable {
        /// Copies merged (or renamed to a missing original) and removed.
        public var merged = 0
        /// Copies left in place because something stopped their merge (reported as warnings).
        public var kept = 0
    }

    let library: Library
    let preference: ConflictResolver.Preference
    let noteHeading: String
    let ask: ((Question) -> Bool)?

    /// - Parameters:
    ///   - noteHeading: the heading of the note that records values set aside (`### 2024-11-02 10:15`).
    ///   - ask: asked about each differing value when given; true keeps the original's value.
    public init(
        library: Library, preference: ConflictResolver.Preference, noteHeading: String,
        ask: ((Question) -> Bool)? = nil
    ) {
        self.library = library
        self.preference = preference
        self.noteHeading = noteHeading
        self.ask = ask
    }

    /// Merges every copy; problems with one book are reported and do not stop the others.
    public func run(reporter: ActionReporter) throws(FileError) -> Summary {
        let resolver = ConflictResolver(library: library)
        let groups = ConflictResolver.grouped(try resolver.copies())
        var summary = Summary()
        for (done, group) in groups.enumerated() {
            resolve(group.original, group.copies, resolver: resolver, into: &summary, reporter: reporter)
            reporter.progress(done + 1, of: groups.count, group.original)
        }
        return summary
    }

    /// A version read for the merge: its bytes (to tell later whether it changed), document and time.
    struct Version {
        var path: String
        var bytes: [UInt8]
        var document: BookDocument
        var modified: ConflictResolver.Time
    }

    private func resolve(
        _ originalPath: String, _ copies: [ConflictCopy], resolver: ConflictResolver,
        into summary: inout Summary, reporter: ActionReporter
    ) {
        var versions: [Version] = []
        for copy in copies {
            var entry = stat()
            if lstat(library.absolutePath(copy.path), &entry) == 0, (entry.st_mode & S_IFMT) == S_IFLNK {
                // Sync tools write conflict copies as files: a link named like one was made by
                // hand, and removing it after a merge would not remove what it leads to.
                reporter.warning(
                    "\(copy.path): is a symbolic link named like a conflict copy, not a copy a sync tool made; "
                        + "shelf merges only files. "
                        + "Compare it with \(originalPath) by hand, then remove the link (rm removes the link only)")
                summary.kept += 1
                continue
            }
            do {
                versions.append(try read(copy.path))
            } catch {
                reporter.warning("\(error); the copy is kept as it is")
                summary.kept += 1
            }
        }
        guard !versions.isEmpty else { return }
        versions.sort { ($0.modified, $0.path) < ($1.modified, $1.path) }
        var original: Version
        if ConflictResolver.exists(library.absolutePath(originalPath)) {
            do {
                original = try read(originalPath)
            } catch {
                reporter.warning(
                    "\(error); " + (versions.count == 1 ? "its copy is kept" : "its \(versions.count) copies are kept")
                        + ", and nothing is written")
                summary.kept += versions.count
                return
            }
        } else {
            // The original was deleted or renamed on the other device: the newest copy takes its name.
            let newest = versions.removeLast()
            do {
                try library.writer.restoreConflictCopy(newest.path, as: originalPath)
            } catch {
                reporter.warning("\(error); the copies are kept")
                summary.kept += versions.count + 1
                return
            }
            reporter.result("\(newest.path): no original; renamed to \(originalPath)")
            summary.merged += 1
            original = newest
            original.path = originalPath
        }
        merge(versions, into: original, resolver: resolver, summary: &summary, reporter: reporter)
    }

    private func merge(
        _ copies: [Version], into original: Version, resolver: ConflictResolver,
        summary: inout Summary, reporter: ActionReporter
    ) {
        guard !copies.isEmpty else { return }
        let base = resolver.ancestor(of: original.path)
        var merge = MergedBook(ours: original.document, base: base, vocabulary: library.config.vocabulary, displayPath: original.path)
        // The time of the version each key's value comes from: the original's, until a copy's wins.
        var valueTimes: [String: ConflictResolver.Time] = [:]
        var merged: [(copy: Version, conflicts: Int)] = []
        for copy in copies {
            let name = copy.path.split(separator: "/").last.map(String.init) ?? copy.path
            do {
                let step = try merge.merge(
                    copy.document, reference: original.document, body: .union,
                    preferTheirs: { difference in
                        let copyWins = prefersCopy(copy.modified, over: valueTimes[difference.key] ?? original.modified)
                        guard let ask else { return copyWins }
                        return !ask(
                            Question(
                                path: original.path, key: difference.key, original: difference.ours,
                                copy: difference.theirs, copyWins: copyWins))
                    },
                    note: { conflicts in
                        let lines = conflicts.map { "- `\($0.key)`: kept \($0.kept); the other version had \($0.setAside)" }
                        return noteHeading + " sync conflict with \(name)\n\n" + lines.joined(separator: "\n")
                    })
                for key in step.taken { valueTimes[key] = copy.modified }
                merged.append((copy, step.conflicts.count))
            } catch {
                reporter.warning("\(copy.path): cannot merge into \(original.path): \(error); the copy is kept as it is")
                summary.kept += 1
            }
        }
        guard !merged.isEmpty else { return }
        do {
            // The edits were worked out on the bytes read: if the original changed since, they
            // could undo that change.
            guard try FileIO.read(library.absolutePath(original.path)) == original.bytes else {
                throw FileError(
                    path: original.path, reason: "changed while its copies were merged; nothing was written, run the command again")
            }
            try library.edit(original.path, displayPath: original.path, edits: merge.edits)
        } catch {
            for (copy, _) in merged {
                reporter.warning("\(copy.path): cannot merge into \(original.path): \(error); the copy is kept as it is")
            }
            summary.kept += merged.count
            return
        }
        for (copy, conflicts) in merged {
            do {
                try library.writer.removeConflictCopy(copy.path, ifStill: copy.bytes)
            } catch {
                reporter.warning("\(error)")
                summary.kept += 1
                continue
            }
            summary.merged += 1
            reporter.result(
                "merged \(copy.path) into \(original.path)"
                    + (conflicts == 0 ? "" : " (\(conflicts) differing value\(conflicts == 1 ? "" : "s") noted in the body)"))
        }
    }

    /// Whether a copy's value wins over one from a version modified at `current`.
    private func prefersCopy(_ copy: ConflictResolver.Time, over current: ConflictResolver.Time) -> Bool {
        switch preference {
        case .original: return false
        case .copy: return true
        case .newer: return copy > current
        }
    }

    /// Reads a version; an error names the file, and the line and column where there is one.
    private func read(_ path: String) throws -> Version {
        let absolute = library.absolutePath(path)
        let modified = ConflictResolver.modified(absolute)
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(absolute)
        } catch {
            throw FileError(path: path, reason: error.reason)
        }
        let document = try MergedBook.document(bytes, displayPath: path)
        return Version(path: path, bytes: bytes, document: document, modified: modified)
    }
}
