import ArgumentParser
import Foundation
import ShelfKit

/// Adds books: looks them up, merges the user's flags over what was found, checks for
/// duplicates, and writes each new file atomically.
struct BookAdder {
    enum Outcome {
        case added(path: String, pending: Bool)
        case failed(String)
    }

    let library: Library
    var index: LibraryIndex
    let options: NewBookOptions
    let force: Bool
    let refresh: Bool
    let service: BookLookupService

    init(library: Library, index: LibraryIndex, options: NewBookOptions, force: Bool, refresh: Bool, service: BookLookupService) {
        self.library = library
        self.index = index
        self.options = options
        self.force = force
        self.refresh = refresh
        self.service = service
    }

    /// Adds one book; `isbn` nil adds from the flags alone.
    mutating func add(isbn text: String?) throws -> Outcome {
        var file = NewBookFile()
        var pending = false
        if let text {
            let isbn: ISBN
            do {
                isbn = try ISBN(validating: text)
            } catch {
                guard force, options.title != nil else {
                    return .failed("'\(text)' is not a valid ISBN: \(error)" + (options.title == nil ? "" : "; --force adds it as written"))
                }
                // Forced: the ISBN as typed, no lookup, the user's fields.
                file.set("isbn", .string(text))
                try applyFlags(to: &file)
                return try write(file, pending: false)
            }
            do {
                if let found = try service.lookup(isbn, refresh: refresh) {
                    for (key, value) in found.fieldValues { file.set(key, value) }
                } else if options.title == nil {
                    return .failed("\(isbn.isbn13): neither Open Library nor Google Books knows this ISBN; "
                        + "add it by hand with --title (and --author…)")
                } else {
                    file.set("isbn", .string(isbn.isbn13))
                }
            } catch {
                guard error.isConnectivity else {
                    return .failed("\(isbn.isbn13): the lookup failed (\(error)); nothing was added. Try again, or add it by hand with --title")
                }
                Diagnostics.write("shelf: \(error)")
                pending = true
                file.set("title", .string(MetadataFiller.placeholderTitle(for: isbn)))
                file.set("isbn", .string(isbn.isbn13))
                file.set(MetadataFiller.pendingKey, .string(MetadataFiller.pendingValue))
            }
        }
        try applyFlags(to: &file)
        return try write(file, pending: pending)
    }

    /// `--isbn -`: one ISBN a line until end of input, then a summary.
    mutating func addFromStandardInput() throws {
        var added = 0, pending = 0, failed = 0
        while let line = readLine() {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            switch try add(isbn: text) {
            case let .added(path, isPending):
                added += 1
                if isPending { pending += 1 }
                Output.line(Paths.display(path, in: library) + (isPending ? "  (lookup pending)" : ""))
            case .failed(let message):
                failed += 1
                Diagnostics.write("shelf: \(message)")
            }
        }
        var summary = "Added \(added) books"
        if pending > 0 { summary += ", \(pending) waiting for a lookup (shelf lookup --pending)" }
        if failed > 0 { summary += "; \(failed) not added (see above)" }
        Diagnostics.write(summary + ".")
        if failed > 0 && added == 0 { throw ExitCode(1) }
    }

    private func applyFlags(to file: inout NewBookFile) throws {
        if let title = options.title { file.set("title", .string(title)) }
        if !options.authors.isEmpty { file.set("authors", .list(options.authors)) }
        let checked: [(String, String?)] = [
            ("status", options.status ?? (file.fields.contains { $0.key == "status" } ? nil : ReadingStatus.toRead.rawValue)),
            ("rating", options.rating), ("series", options.series), ("series_index", options.seriesIndex),
            ("publisher", options.publisher), ("published", options.published), ("pages", options.pages),
        ]
        for case let (key, text?) in checked { file.set(key, try checkedValue(key, text)) }
        if !options.tags.isEmpty { file.set("tags", .list(options.tags)) }
        file.set("added", .typed(Clock.today().text))
        for assignment in options.extra {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw Diagnostics.failure("--set takes key=value, not '\(assignment)'")
            }
            let key = String(assignment[..<equals]).trimmingCharacters(in: .whitespaces)
            let text = String(assignment[assignment.index(after: equals)...])
            file.set(CanonicalField(key: key)?.rawValue ?? key, try checkedValue(key, text))
        }
        file.notes = options.note
    }

    private mutating func write(_ file: NewBookFile, pending: Bool) throws -> Outcome {
        let bytes = file.render(vocabulary: library.config.vocabulary)
        guard let frontMatter = try? BookDocument(bytes: bytes).frontMatter, let book = Book(path: "", frontMatter: frontMatter, vocabulary: library.config.vocabulary) else {
            return .failed("internal error: the new book does not read back")
        }
        if !force, let existing = DuplicateFinder.duplicate(of: book, in: index) {
            return .failed("looks like a book you have: \(Paths.display(existing.path, in: library)) (\(existing.title)); --force adds it anyway")
        }
        let name = BookFileName.unique(
            BookFileName.name(for: book, template: library.config.filenameTemplate), exists: BookFileName.taken(inLibrary: library.root))
        do {
            try AtomicFile.create(path: library.absolutePath(name), bytes: bytes)
        } catch {
            return .failed(error.description)
        }
        var added = book
        added.path = name
        index = LibraryIndex(books: index.books + [added])
        return .added(path: name, pending: pending)
    }

    private func checkedValue(_ key: String, _ text: String) throws -> NewValue {
        do {
            return try FieldAssignment.checked(text.trimmingCharacters(in: .whitespaces), for: CanonicalField(key: key), key: key, force: force)
        } catch {
            throw Diagnostics.failure(String(describing: error))
        }
    }
}
