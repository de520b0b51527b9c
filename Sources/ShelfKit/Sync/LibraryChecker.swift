import Foundation

/// One problem `shelf check` found.
public struct CheckFinding: Sendable, Equatable {
    /// How bad a finding is: an error makes `shelf check` fail.
    public enum Severity: String, Sendable {
        case error, warning
    }

    /// An unambiguous repair `--fix` may make.
    public enum Fix: Sendable, Equatable {
        /// Write the status canonically.
        case canonicalStatus(key: String, value: String)
        /// Rename the file to its NFC-normalised name.
        case renameTo(String)
        /// Remove a leftover temporary file.
        case removeFile
    }

    /// The file, relative to the library root.
    public var path: String
    /// The line, 1-based (1 for a finding about the whole file).
    public var line: Int
    /// The column, 1-based.
    public var column: Int
    /// A short stable name for the kind of problem (`conflict-copy`), for scripts.
    public var code: String
    /// Whether it is an error or a warning.
    public var severity: Severity
    /// The problem, said to the user.
    public var message: String
    /// The repair `--fix` makes; nil when it is for the user to mend.
    public var fix: Fix?
}

/// Looks at every file of a library for the problems a reader should know of.
public struct LibraryChecker {
    let library: Library

    /// Checks the files of `library`.
    public init(library: Library) {
        self.library = library
    }

    /// - Parameter progress: called with (files read, files to read), for a progress bar.
    public func run(progress: (Int, Int) -> Void = { _, _ in }) throws(FileError) -> [CheckFinding] {
        let scan = try BookFileScanner.scanAll(root: library.root)
        var findings: [CheckFinding] = []
        for leftover in scan.leftovers {
            findings.append(
                CheckFinding(
                    path: leftover, line: 1, column: 1, code: "leftover-temp", severity: .warning,
                    message: "a temporary file left by an interrupted write", fix: .removeFile))
        }
        for copy in scan.conflicts {
            findings.append(
                CheckFinding(
                    path: copy.path, line: 1, column: 1, code: "conflict-copy", severity: .warning,
                    message: "a \(copy.tool.rawValue) conflict copy of \(copy.originalPath); merge it with `shelf conflicts resolve`"))
        }
        for folder in scan.unlistedFolders {
            let relative = folder.path.hasPrefix(library.root + "/") ? String(folder.path.dropFirst(library.root.count + 1)) : folder.path
            findings.append(
                CheckFinding(
                    path: relative, line: 1, column: 1, code: "unreadable-folder", severity: .warning,
                    message: folder.reason))
        }
        for entry in scan.misnamed {
            let path = entry.problem.path
            let relative = path.hasPrefix(library.root + "/") ? String(path.dropFirst(library.root.count + 1)) : path
            // A book shelf cannot read is an error; a folder may hold no book at all.
            findings.append(
                CheckFinding(
                    path: relative, line: 1, column: 1, code: "non-utf8-name",
                    severity: entry.isFolder ? .warning : .error, message: entry.problem.reason))
        }
        var isbnOwners: [String: String] = [:]
        var mixing = VocabularyMixing()
        var pages: [String] = []
        var bare = NotesWithoutFrontMatter()
        for (done, path) in scan.books.enumerated() {
            // Counted as each file starts: its checks end in several places below.
            progress(done, scan.books.count)
            findings += nameFindings(path)
            let bytes: [UInt8]
            do {
                bytes = try FileIO.read(library.absolutePath(path))
            } catch {
                // A FIFO, socket or device named like a book, or a link to nothing, is skipped
                // with a warning, not an error: there is no book there to be wrong.
                let code = error.isNotRegularFile ? "special-file" : error.isBrokenLink ? "broken-link" : "unreadable"
                findings.append(
                    CheckFinding(
                        path: path, line: 1, column: 1, code: code,
                        severity: code == "unreadable" ? .error : .warning, message: error.reason))
                continue
            }
            findings += fileFindings(path, bytes: bytes, isbnOwners: &isbnOwners, mixing: &mixing, pages: &pages, bare: &bare)
        }
        // A vault's own notes without front matter (an author's page, a dashboard) are no news.
        let quiet = bare.quiet
        if !quiet.isEmpty { findings.removeAll { $0.code == "no-front-matter" && quiet.contains($0.path) } }
        if let first = pages.first {
            // Said once for all: each page is a blog's post, not a problem of its file.
            findings.append(
                CheckFinding(
                    path: first, line: 1, column: 1, code: "not-listed", severity: .warning,
                    message: "\(pages.count == 1 ? "this note is" : "this note and \(pages.count - 1) more are") not listed: "
                        + "a title and only a site page's keys (layout, categories…), where most notes have book values "
                        + "(an author, ISBN, rating, status or reading date); give it one, or set book_values: optional in shelf.yaml"))
        }
        return findings + mixing.findings
    }

    private func fileFindings(
        _ path: String, bytes: [UInt8], isbnOwners: inout [String: String],
        mixing: inout VocabularyMixing, pages: inout [String], bare: inout NotesWithoutFrontMatter
    ) -> [CheckFinding] {
        let document: BookDocument
        do {
            document = try BookDocument(bytes: bytes)
        } catch {
            return [
                CheckFinding(path: path, line: error.line, column: error.column, code: error.code, severity: .error, message: error.message)
            ]
        }
        guard let frontMatter = document.frontMatter else {
            // A note whose book fields are all inline (`rating:: 4`) is a book, and fine.
            if library.book(at: path, in: document) != nil { return [] }
            bare.record(path: path, bytes: bytes, vocabulary: library.config.vocabulary)
            return [
                CheckFinding(
                    path: path, line: 1, column: 1, code: "no-front-matter", severity: .warning,
                    message: "no front matter, so not a book (shelf leaves it alone)")
            ]
        }
        guard let book = library.book(at: path, in: document) else {
            // A site's page left out beside the books (`book_values: required`) is counted, and said once.
            var listing = library.config.vocabulary
            listing.requiresBookValues = false
            if library.config.vocabulary.requiresBookValues, Book(path: path, document: document, vocabulary: listing) != nil {
                pages.append(path)
                return []
            }
            // Only front matter that looks like a book's is worth a word: a vault's daily notes
            // have front matter too, and are simply not books; so are notes with a title that are
            // a template's (`title: "{{title}}"`) or a person's page (`_authors/ukl.md`).
            let vocabulary = library.config.vocabulary
            let bookish =
                frontMatter.entries.contains { vocabulary.field(forKey: $0.key) != nil }
                && !frontMatter.entries.contains { vocabulary.field(forKey: $0.key) == .title }
            return bookish
                ? [
                    CheckFinding(
                        path: path, line: 1, column: 1, code: "missing-title", severity: .warning,
                        message: "front matter without a title, so not a book")
                ] : []
        }
        var findings: [CheckFinding] = []
        func position(of key: String) -> (line: Int, column: Int) {
            guard let entry = frontMatter.entry(key) else { return (1, 1) }
            return bytes.withUnsafeBufferPointer { UTF8Validation.lineAndColumn(of: entry.value.range.lowerBound, in: $0) }
        }
        func keyPosition(of key: String) -> (line: Int, column: Int) {
            guard let entry = frontMatter.entry(key) else { return (1, 1) }
            return bytes.withUnsafeBufferPointer { UTF8Validation.lineAndColumn(of: entry.keyRange.lowerBound, in: $0) }
        }
        for problem in book.problems {
            let at = position(of: problem.key)
            findings.append(
                CheckFinding(
                    path: path, line: at.line, column: at.column, code: problem.code, severity: .error,
                    message: problem.description))
        }
        let vocabulary = library.config.vocabulary
        if let statusEntry = FrontMatterEditor.target("status", in: frontMatter, vocabulary: vocabulary), let status = book.status,
            let written = statusEntry.value.scalar?.value, written != vocabulary.word(for: status),
            // A word saying there is none (`未标记`) is no spelling of the status the dates give.
            !Book.meansNoStatus(written),
            // A word shelf.yaml declares (`statuses: {completed: read}`) is the vault's own, not a misspelling.
            !vocabulary.statuses.keys.contains(where: { $0.lowercased() == written.trimmingSpaces.lowercased() })
        {
            let at = position(of: statusEntry.key)
            findings.append(
                CheckFinding(
                    path: path, line: at.line, column: at.column, code: "status-spelling", severity: .warning,
                    message: "status '\(written)' is read as \(status.rawValue)",
                    fix: .canonicalStatus(key: statusEntry.key, value: vocabulary.word(for: status))))
        }
        mixing.record(book, path: path, vocabulary: vocabulary, position: keyPosition)
        if let isbn = book.isbn13 {
            if let owner = isbnOwners[isbn] {
                let at = position(of: FrontMatterEditor.target("isbn", in: frontMatter, vocabulary: vocabulary)?.key ?? "isbn")
                findings.append(
                    CheckFinding(
                        path: path, line: at.line, column: at.column, code: "duplicate-isbn", severity: .error,
                        message: "ISBN \(isbn) is also \(owner)'s"))
            } else {
                isbnOwners[isbn] = path
            }
        }
        return findings
    }

    /// Names that another system would mangle: not NFC (macOS sync), or unsafe on Windows.
    private func nameFindings(_ path: String) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let normalized = name.precomposedStringWithCanonicalMapping
        if Array(normalized.utf8) != Array(name.utf8) {
            let folder = String(path.dropLast(name.utf8.count))
            findings.append(
                CheckFinding(
                    path: path, line: 1, column: 1, code: "non-nfc-name", severity: .warning,
                    message: "the file name is not NFC-normalised; sync between macOS and others may duplicate it",
                    fix: .renameTo(folder + normalized)))
        }
        let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        let reserved = Set(["con", "prn", "aux", "nul"] + (1...9).flatMap { ["com\($0)", "lpt\($0)"] })
        if name.contains(where: { "\\:*?\"<>|".contains($0) || ($0.asciiValue ?? 32) < 32 })
            || stem.hasSuffix(".") || stem.hasSuffix(" ") || reserved.contains(stem.lowercased())
        {
            findings.append(
                CheckFinding(
                    path: path, line: 1, column: 1, code: "unsafe-name", severity: .warning,
                    message: "the file name cannot exist on Windows (\\ : * ? \" < > |, a reserved name, or a trailing dot or space)"))
        }
        return findings
    }
}
