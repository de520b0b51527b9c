import Foundation

/// Applies edits to one book file: read, splice, and replace atomically — only while the file is
/// still what was read. If it changed meanwhile, the same value-level edits are applied to the new
/// content, unless a key being edited itself changed, in which case nothing is written.
public enum BookWriter {
    public enum Outcome: Sendable, Equatable {
        /// The edits changed nothing; the file was not touched.
        case unchanged
        case written
    }

    /// Edits the file at `path` (absolute); `displayPath` names it in errors.
    /// - Parameter beforeReplace: test hook, called after the new bytes are ready and before the
    ///   file is checked and replaced.
    @discardableResult
    public static func edit(
        path linkOrPath: String, displayPath: String, edits: [FieldEdit], vocabulary: Vocabulary = .standard,
        beforeReplace: (() -> Void)? = nil
    ) throws -> Outcome {
        // A link is edited at its target, and stays a link (`Library.edit` refuses links that
        // lead out of the library).
        let path = URL(fileURLWithPath: linkOrPath).resolvingSymlinksInPath().path
        let (original, fingerprint) = try FileFingerprint.read(path)
        let originalDocument = try parse(original, displayPath: displayPath)
        var updated = try apply(edits, to: originalDocument, displayPath: displayPath, vocabulary: vocabulary)
        guard updated != original else { return .unchanged }
        var expected = fingerprint
        for _ in 0..<3 {
            beforeReplace?()
            // Another shelf process checks and replaces under the same lock, so no two writers
            // can both see the old bytes and each replace them (editors and sync tools do not
            // lock; the fingerprint check is what guards against them).
            let lock = FileLock(path: path)
            defer { lock.release() }
            let (current, currentFingerprint) = try FileFingerprint.read(path)
            if currentFingerprint == expected {
                try AtomicFile.replace(path: path, bytes: updated)
                return .written
            }
            // Changed underneath: redo the same edits on what is there now, unless they collide.
            let currentDocument = try parse(current, displayPath: displayPath)
            for key in edits.compactMap(\.key)
            where valueBytes(of: key, in: originalDocument, vocabulary) != valueBytes(of: key, in: currentDocument, vocabulary) {
                throw EditError.changedOnDisk(path: displayPath, key: key)
            }
            updated = try apply(edits, to: currentDocument, displayPath: displayPath, vocabulary: vocabulary)
            guard updated != current else { return .unchanged }
            expected = currentFingerprint
        }
        throw FileError(path: displayPath, reason: "keeps changing on disk; nothing was written")
    }

    /// The bytes after applying `edits` to `document`.
    public static func apply(
        _ edits: [FieldEdit], to document: BookDocument, displayPath: String, vocabulary: Vocabulary = .standard
    ) throws(EditError) -> [UInt8] {
        var editor = FrontMatterEditor(document: document, path: displayPath, vocabulary: vocabulary)
        try editor.apply(edits)
        return editor.document.bytes
    }

    /// The document in `bytes`; an error names `displayPath`.
    static func parse(_ bytes: [UInt8], displayPath: String) throws(DocumentError) -> BookDocument {
        do {
            return try BookDocument(bytes: bytes)
        } catch {
            throw error.at(path: displayPath)
        }
    }

    /// The bytes of a key's whole entry, to tell whether it changed; nil when absent.
    static func valueBytes(of key: String, in document: BookDocument, _ vocabulary: Vocabulary) -> ArraySlice<UInt8>? {
        guard let frontMatter = document.frontMatter, let entry = FrontMatterEditor.target(key, in: frontMatter, vocabulary: vocabulary) else {
            return nil
        }
        return document.bytes[entry.lineRange]
    }
}
