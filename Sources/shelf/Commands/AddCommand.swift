import ArgumentParser
import Foundation
import ShelfKit

/// `shelf add`: a new book file, named by the library's template, `added` today.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a book: writes a new file and prints its path.",
        discussion: """
            The file name follows the template in shelf.yaml (default {author}-{title}: \
            le-guin-the-left-hand-of-darkness.md), made unique with -2, -3. A likely duplicate \
            (same ISBN, or same title with an author in common) is refused unless --force.

            Examples:
              shelf add --title "The Dispossessed" --author "Ursula K. Le Guin" --tag sci-fi
              shelf add --title Dune --author "Frank Herbert" --isbn 9780441172719 --status reading
              shelf add --title "Piranesi" --author "Susanna Clarke" --set mood=eerie --note "From Sam."
            """)

    @OptionGroup var library: LibraryOptions

    @Option(help: "The title.") var title: String
    @Option(name: .customLong("author"), help: ArgumentHelp("An author (repeatable).", valueName: "name")) var authors: [String] = []
    @Option(help: "The ISBN (10 or 13 digits; the check digit is verified).") var isbn: String?
    @Option(name: .customLong("tag"), help: ArgumentHelp("A tag (repeatable).", valueName: "tag")) var tags: [String] = []
    @Option(help: "to-read (default), reading, read or abandoned.") var status: String?
    @Option(help: "A rating from 1 to 5.") var rating: String?
    @Option(help: "The series.") var series: String?
    @Option(help: ArgumentHelp("The position in the series.", valueName: "N")) var seriesIndex: String?
    @Option(help: "The publisher.") var publisher: String?
    @Option(help: ArgumentHelp("Publication year or date.", valueName: "Y")) var published: String?
    @Option(help: ArgumentHelp("Page count.", valueName: "N")) var pages: String?
    @Option(name: .customLong("set"), help: ArgumentHelp("Any other field (repeatable).", valueName: "key=value")) var extra: [String] = []
    @Option(help: ArgumentHelp("Notes for the body.", valueName: "text")) var note: String?
    @Flag(help: "Add even if it looks like a duplicate, or the ISBN's check digit is wrong.") var force = false

    func run() throws {
        let library = try library.open()
        let file = try newFile()
        guard let frontMatter = try? BookDocument(bytes: file.render()).frontMatter,
              let book = Book(path: "", frontMatter: frontMatter)
        else { throw Diagnostics.failure("internal error: the new book does not read back") }
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        if !force, let existing = DuplicateFinder.duplicate(of: book, in: index) {
            throw Diagnostics.failure("looks like a book you have: \(Paths.display(existing.path, in: library)) (\(existing.title)); --force adds it anyway")
        }
        let name = BookFileName.unique(BookFileName.name(for: book, template: library.config.filenameTemplate)) {
            FileManager.default.fileExists(atPath: library.absolutePath($0))
        }
        do {
            try AtomicFile.create(path: library.absolutePath(name), bytes: file.render())
        } catch {
            throw Diagnostics.failure(error.description)
        }
        Output.line(Paths.display(name, in: library))
    }

    private func newFile() throws -> NewBookFile {
        var file = NewBookFile()
        file.set("title", .string(title))
        if !authors.isEmpty { file.set("authors", .list(authors)) }
        let checked: [(String, String?)] = [
            ("isbn", isbn), ("status", status ?? ReadingStatus.toRead.rawValue), ("rating", rating), ("series", series),
            ("series_index", seriesIndex), ("publisher", publisher), ("published", published), ("pages", pages),
        ]
        for case let (key, text?) in checked {
            file.set(key, try checkedValue(key, text))
        }
        if !tags.isEmpty { file.set("tags", .list(tags)) }
        file.set("added", .typed(Clock.today().text))
        for assignment in extra {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw Diagnostics.failure("--set takes key=value, not '\(assignment)'")
            }
            let key = String(assignment[..<equals]).trimmingCharacters(in: .whitespaces)
            let text = String(assignment[assignment.index(after: equals)...])
            file.set(CanonicalField(key: key)?.rawValue ?? key, try checkedValue(key, text))
        }
        file.notes = note
        return file
    }

    private func checkedValue(_ key: String, _ text: String) throws -> NewValue {
        do {
            return try FieldAssignment.checked(text.trimmingCharacters(in: .whitespaces), for: CanonicalField(key: key), key: key, force: force)
        } catch {
            throw Diagnostics.failure(String(describing: error))
        }
    }
}
