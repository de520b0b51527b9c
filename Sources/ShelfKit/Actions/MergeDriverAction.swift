import Foundation
import ShelfPresentation

/// `shelf merge-driver %O %A %B %P`: git's merge driver for book files (docs/sync.md, "The merge
/// driver"). The result goes to ours (git's `%A`), which git then puts in the work tree.
///
/// Books merge key by key through the same merge as `conflicts resolve`, in the vocabulary of
/// the library the file belongs to. A version that does not read as a book (not UTF-8, malformed
/// YAML, front matter on one side only) falls back to git's own line merge, on the raw bytes, and
/// the outcome says so: git then reports a conflict and keeps both sides in its index.
public struct MergeDriverAction {
    /// How the merge went. Anything but `.merged` must make git report a conflict.
    public enum Outcome: Sendable, Equatable {
        /// Merged cleanly.
        case merged
        /// Merged, with this many values or note regions both sides changed differently: ours
        /// kept, theirs recorded in the file.
        case conflicts(Int)
        /// Not merged as a book, for this reason; ours holds git's own line merge, with markers
        /// around this many regions.
        case mergedAsText(reason: String, conflicts: Int)
    }

    let basePath: String
    let oursPath: String
    let theirsPath: String
    let displayPath: String
    /// The folder git runs the driver in (the top of the work tree): `displayPath` is relative to it.
    let workingFolder: String

    /// - Parameters:
    ///   - base, ours, theirs: the files git gives (`%O`, `%A`, `%B`); ours receives the result.
    ///   - path: the file's path in the repository (`%P`), for messages and to find its library.
    public init(
        base: String, ours: String, theirs: String, path: String?,
        workingFolder: String = FileManager.default.currentDirectoryPath
    ) {
        basePath = base
        oursPath = ours
        theirsPath = theirs
        displayPath = path ?? ours
        self.workingFolder = workingFolder
    }

    /// Merges, writing ours only when the result differs from it.
    public func run(reporter: ActionReporter) throws(FileError) -> Outcome {
        let base = try FileIO.read(basePath)
        let ours = try FileIO.read(oursPath)
        let theirs = try FileIO.read(theirsPath)
        let result: [UInt8]
        let outcome: Outcome
        do {
            (result, outcome) = try mergeAsBooks(base: base, ours: ours, theirs: theirs)
        } catch {
            let text = TextMerge.merge(base: base, ours: ours, theirs: theirs, labels: ("ours", "theirs"))
            (result, outcome) = (text.bytes, .mergedAsText(reason: "\(error)", conflicts: text.conflicts))
            reporter.warning("\(error)")
            reporter.warning(
                "\(displayPath): not merged as a book; merged line by line as git does, "
                    + (text.conflicts == 0
                        ? "without conflicting lines" : "with markers around " + Plural.count(text.conflicts, "conflicting region"))
                    + "; git keeps both sides (git checkout --ours/--theirs \(displayPath))")
        }
        if result != ours {
            do {
                try AtomicFile.replace(path: oursPath, bytes: result)
            } catch {
                throw FileError(path: displayPath, reason: "cannot write the merge: \(error)")
            }
        }
        return outcome
    }

    /// The key-by-key merge, or why the versions cannot be merged as books.
    private func mergeAsBooks(base: [UInt8], ours: [UInt8], theirs: [UInt8]) throws -> ([UInt8], Outcome) {
        let vocabulary = try libraryVocabulary()
        // Ours first: the error names the side the user is on.
        let documents = try [(ours, "ours"), (theirs, "theirs"), (base, "base")].map { bytes, side in
            try MergedBook.document(bytes, displayPath: "\(displayPath) (\(side))")
        }
        var merge = MergedBook(ours: documents[0], base: documents[2], vocabulary: vocabulary, displayPath: displayPath)
        let step = try merge.merge(documents[1], body: .markers(ours: "ours", theirs: "theirs"), preferTheirs: { _ in false }) {
            conflicts in
            let lines = conflicts.map { "- `\($0.key)`: kept ours, \($0.kept); theirs was \($0.setAside)" }
            return "### MERGE CONFLICT (shelf merge-driver): both sides changed these values\n\n" + lines.joined(separator: "\n")
        }
        let conflicts = step.conflicts.count + step.bodyConflicts
        return (merge.merged.bytes, conflicts == 0 ? .merged : .conflicts(conflicts))
    }

    /// The vocabulary of the library the file belongs to: the nearest folder at or above it that
    /// holds `shelf.yaml`. A file in no library is in shelf's own names, which is what such a
    /// folder's files use.
    func libraryVocabulary() throws -> Vocabulary {
        let relative = displayPath.hasPrefix("/") ? displayPath : workingFolder + "/" + displayPath
        var folder = (URL(fileURLWithPath: relative).standardizedFileURL.path as NSString).deletingLastPathComponent
        while !folder.isEmpty {
            if FileManager.default.fileExists(atPath: folder + "/" + LibraryConfig.fileName) {
                return try Library(root: folder).config.vocabulary
            }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder { break }
            folder = parent
        }
        return .standard
    }
}
