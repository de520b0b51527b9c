/// A book file's bytes, parsed and edited in memory: the part of an edit that needs no file.
/// Nothing here reads or writes one; files are changed only through `LibraryWriter`.
enum BookBytes {
    /// The bytes after applying `edits` to `document`, in `vocabulary`'s key names.
    static func apply(
        _ edits: [FieldEdit], to document: BookDocument, displayPath: String, vocabulary: Vocabulary
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
