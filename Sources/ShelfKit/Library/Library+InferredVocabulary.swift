#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A library without `shelf.yaml` is read in the vocabulary its files use: what `shelf detect`
/// would propose, so that `shelf ls` works before any set-up. A library with `shelf.yaml` is
/// read by it alone, at no cost.
///
/// The inference reads every file; it is kept beside the library's index in the cache folder
/// (`<index>.vocabulary`), with a fingerprint of every book file's path and stamp, and used
/// while the fingerprint is the same.
extension Library {
    /// What was inferred: the settings the library is now read with, and the mappings to say.
    public struct InferredVocabulary: Sendable {
        /// The `fields:`/`statuses:` settings, as `shelf detect --write` would add them.
        var settings: String
        /// `key for field` for each mapping (`author_name for authors`).
        public var mappings: [String]
    }

    /// This library read with the vocabulary its files use, and what was inferred; nil when it
    /// has `shelf.yaml`, or its files use shelf's own names.
    public func inferringVocabulary() -> (library: Library, inferred: InferredVocabulary)? {
        guard !hasSettingsFile, let paths = try? BookFileScanner.scan(root: root) else { return nil }
        let fingerprint = inferenceFingerprint(paths)
        let stored = cacheLocation.map { $0.file.replacingOccurrences(of: ".cache", with: ".vocabulary") }
        var settings: String?
        if let stored, let fingerprint, let bytes = try? FileIO.read(stored) {
            let text = String(decoding: bytes, as: UTF8.self)
            let header = "# fingerprint \(fingerprint)\n"
            if text.hasPrefix(header) { settings = String(text.dropFirst(header.count)) }
        }
        if settings == nil {
            guard let report = try? VocabularyDetector(library: self).run() else { return nil }
            settings = report.proposed.isStandard ? "" : VocabularyPreset.settings(for: report.proposed, comment: "Inferred from the files")
            if let stored, let fingerprint, let settings {
                // The cache folder is made as the index makes it: private to the user.
                try? AtomicFile.makeFolders(AtomicFile.folderOf(stored), mode: 0o700)
                try? AtomicFile.replace(path: stored, bytes: Array("# fingerprint \(fingerprint)\n\(settings)".utf8))
            }
        }
        guard let settings, !settings.isEmpty, let config = try? LibraryConfig(bytes: Array(settings.utf8)) else { return nil }
        var library = self
        library.config = config
        library.configBytes = Array(settings.utf8)
        let mappings = CanonicalField.allCases.compactMap { field in config.vocabulary.keys[field].map { "\($0) for \(field.rawValue)" } }
        return (library, InferredVocabulary(settings: settings, mappings: mappings))
    }

    /// A hash of every book file's path and stamp, and of the running binary; nil when a file
    /// changed so lately that a change within the same tick could go unseen (then nothing is kept).
    private func inferenceFingerprint(_ paths: [String]) -> String? {
        var parts = CacheByteWriter()
        parts.word(LibraryCacheLocation(folder: "", root: root, configBytes: []).identity)
        let recent = FileStamp.now() - LibraryCache.racyWindow
        for path in paths {
            guard let stamp = FileStamp.of(path: absolutePath(path)), stamp.latest < recent else { return nil }
            parts.string(path)
            parts.stamp(stamp)
        }
        return String(parts.bytes.withUnsafeBytes { CacheChecksum.of($0) }, radix: 16)
    }
}
