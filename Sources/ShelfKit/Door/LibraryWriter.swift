#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one door through which shelf changes a library's files. Every write that passes it:
/// - goes only to a file the library lists as a book (or, for `writeFile`, to a plain
///   file of shelf's own inside the library), never through a link out of the library, and
///   relative to folder descriptors opened without following links;
/// - splices the edit into the file's own bytes (a no-op edit writes nothing) and replaces the
///   file atomically, from a temporary file in the same folder, flushed before the rename;
/// - reads a settled version of the file and checks, right before the rename, that it still
///   holds exactly those bytes (an edit made meanwhile is merged or refused, never lost);
/// - keeps the file's permission bits, owner, group and extended attributes; refuses read-only
///   files and files with several hard links rather than replace them;
/// - never rewrites a malformed or non-UTF-8 file, and never replaces a value it cannot read
///   unless forced.
///
/// Internal: the actions are given a `Library` and take its door (`Library.writer`) themselves,
/// so no caller outside ShelfKit holds a writer.
struct LibraryWriter: Sendable {
    /// The library written to; its `pathDisplay` is this writer's `display`, so an action that
    /// hands `library` on to another keeps the names its messages use.
    let library: Library
    /// How paths are named in messages (relative to the current folder, on the command line).
    let display: @Sendable (String) -> String

    /// - Parameter display: turns a library-relative path into the name messages use; nil keeps
    ///   the library's own (`Library.namingPaths`).
    init(library: Library, display: (@Sendable (String) -> String)? = nil) {
        self.library = display.map { library.namingPaths($0) } ?? library
        self.display = self.library.pathDisplay
    }

    /// What an edit did.
    typealias Outcome = WriteOutcome

    /// Applies `edits` to the book at `relative` in one atomic write. It looks at no other file
    /// of the folder: the temporary files an interrupted write left are for `shelf check --fix`
    /// (and `tags rename`, which lists its folders anyway) to remove, so that the cost of an edit
    /// does not grow with its folder (listing a folder of 10,000 books took 4 ms, half an edit).
    /// - Parameters:
    ///   - force: replace values shelf cannot read (a date it does not understand, a map).
    @discardableResult
    func edit(_ relative: String, edits: [FieldEdit], force: Bool = false) throws -> Outcome {
        try edit(relative, edits: edits, force: force, beforeReplace: nil)
    }

    /// - Parameters:
    ///   - beforeReplace: test hook, called before each new version is written and checked.
    ///   - afterCheck: test hook, called between the last check and the rename.
    func edit(
        _ relative: String, edits: [FieldEdit], force: Bool, beforeReplace: (() -> Void)?, afterCheck: (() -> Void)? = nil
    ) throws -> Outcome {
        let target = try BookTarget.resolve(relative, in: library, followLink: true)
        let shown = display(relative)
        var snapshot = try FileSnapshot.read(target.name, in: target.folder, displayPath: shown)
        let original = try readBook(snapshot, path: target.relative, displayPath: shown)
        let edits = withoutShownTitle(edits, of: original, at: target.relative)
        var updated = try apply(edits, to: original, displayPath: shown, force: force)
        guard updated != snapshot.bytes else { return .unchanged }
        try Replaceability.check(snapshot.info, name: target.name, in: target.folder, displayPath: shown)
        for _ in 0..<3 {
            beforeReplace?()
            let replacement = try ReplacementFile.write(
                updated, in: target.folder, for: target.name, like: (snapshot.info, target.name), displayPath: shown)
            if try CheckedReplace.replace(replacement, over: snapshot, name: target.name, displayPath: shown, afterCheck: afterCheck) {
                return .written
            }
            replacement.discard()
            // Changed underneath: redo the same edits on what is there now, unless they collide.
            let current = try FileSnapshot.read(target.name, in: target.folder, displayPath: shown)
            let currentDocument = try readBook(current, path: target.relative, displayPath: shown)
            for key in edits.compactMap(\.key) where valueBytes(of: key, in: original) != valueBytes(of: key, in: currentDocument) {
                throw EditError.changedOnDisk(path: shown, key: key)
            }
            try checkWholeParts(of: edits, original: original, current: currentDocument, displayPath: shown)
            updated = try apply(edits, to: currentDocument, displayPath: shown, force: force)
            guard updated != current.bytes else { return .unchanged }
            try Replaceability.check(current.info, name: target.name, in: target.folder, displayPath: shown)
            snapshot = current
        }
        throw FileError(path: shown, reason: "keeps changing on disk; nothing was written, try again")
    }

    /// The line that reports an edit of `relative`: `updated PATH` or `unchanged PATH`. An edit
    /// through a link changes the book the link leads to, and the line names both.
    func report(_ outcome: Outcome, of relative: String) -> String {
        let line = (outcome == .written ? "updated " : "unchanged ") + display(relative)
        guard let target = try? BookTarget.linkTarget(relative, in: library), target != relative else { return line }
        return line + " (a link; the book it leads to is \(display(target)))"
    }

    /// Edits computed from a whole part of the file — a merged body, entries merged into the
    /// front matter — would undo a change made to that part meanwhile: they are refused then.
    /// (Appending to the body and adding highlights are worked out again on the new text.)
    func checkWholeParts(of edits: [FieldEdit], original: BookDocument, current: BookDocument, displayPath: String) throws(EditError) {
        for edit in edits {
            switch edit {
            case .replaceBody where original.bytes[original.bodyRange] != current.bytes[current.bodyRange]:
                throw .changedOnDisk(path: displayPath, key: "notes")
            case .insertEntries where original.bytes[..<original.bodyRange.lowerBound] != current.bytes[..<current.bodyRange.lowerBound]:
                throw .changedOnDisk(path: displayPath, key: "front matter")
            default:
                continue
            }
        }
    }

    /// The book in a snapshot; a malformed file or one that is not a book is refused.
    func readBook(_ snapshot: FileSnapshot, path: String, displayPath: String) throws -> BookDocument {
        let document = try BookBytes.parse(snapshot.bytes, displayPath: displayPath)
        guard library.book(at: path, in: document) != nil else {
            throw LibraryPath.NotABook(path: displayPath, reason: "has no front matter with a title, so it is not a book")
        }
        return document
    }

    /// The bytes after `edits`, in the library's own vocabulary.
    func apply(_ edits: [FieldEdit], to document: BookDocument, displayPath: String, force: Bool) throws(EditError) -> [UInt8] {
        var editor = FrontMatterEditor(document: document, path: displayPath, vocabulary: library.config.vocabulary)
        editor.replacesUnreadableValues = force
        try editor.apply(edits)
        return editor.document.bytes
    }

    /// `edits` without a title set to the one shelf already shows for a book whose front matter
    /// has no title (from its first heading or its file name): writing it would add a line the
    /// note never had, though nothing changes (the web form sends the title with every save).
    func withoutShownTitle(_ edits: [FieldEdit], of document: BookDocument, at path: String) -> [FieldEdit] {
        let vocabulary = library.config.vocabulary
        guard let frontMatter = document.frontMatter,
            !frontMatter.entries.contains(where: { vocabulary.field(forKey: $0.key) == .title }),
            let shown = library.book(at: path, in: document)?.title
        else { return edits }
        return edits.filter { edit in
            guard case .set(let key, .string(let text)) = edit, vocabulary.field(forKey: key) == .title else { return true }
            return !text.hasSameBytes(as: shown)
        }
    }

    func valueBytes(of key: String, in document: BookDocument) -> ArraySlice<UInt8>? {
        BookBytes.valueBytes(of: key, in: document, library.config.vocabulary)
    }
}

/// Whether a file may be replaced by a new version at all.
enum Replaceability {
    /// Throws for a file shelf must not replace: read-only, or with several hard links (a new
    /// version would split them: the other names would keep the old bytes).
    static func check(_ info: stat, name: String, in folder: OpenFolder, displayPath: String) throws(FileError) {
        if info.st_mode & 0o222 != 0, faccessat(folder.descriptor, name, W_OK, AT_EACCESS) != 0, errno == EPERM {
            // Writable by its mode, yet refused: the file is immutable or append-only (`chattr +i`, `+a`).
            throw FileError(
                path: displayPath,
                reason: "is immutable or append-only (a file attribute, see lsattr); shelf leaves it as it is. "
                    + "Remove the attribute (chattr -i, or -a) to change it")
        }
        if info.st_mode & 0o222 == 0 || faccessat(folder.descriptor, name, W_OK, AT_EACCESS) != 0 {
            throw FileError(
                path: displayPath,
                reason: "is read-only (mode \(String(info.st_mode & 0o7777, radix: 8))); shelf leaves it as it is. "
                    + "Make it writable (chmod u+w) to change it")
        }
        if info.st_nlink > 1 {
            throw FileError(
                path: displayPath,
                reason: "has \(info.st_nlink) hard links; replacing it would split them (the other names would keep "
                    + "the old text), so shelf leaves it as it is. Edit it in your editor, or break the link (cp it over itself) first")
        }
    }
}
