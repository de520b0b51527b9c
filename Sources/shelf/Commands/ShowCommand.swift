import ArgumentParser
import ShelfKit
import ShelfPresentation

/// `shelf show BOOK`: every field and the notes of one book.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one book: every field and the notes.",
        discussion: """
            BOOK is a path (absolute, relative to here or to the library), a file name without \
            .md, an ISBN, or words matching exactly one title. When several books match, shelf \
            lists them and exits with status 1.

            Examples:
              shelf show le-guin-the-left-hand-of-darkness
              shelf show 9780441478125
              shelf show "left hand" --format json
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(
        help: ArgumentHelp("The book: a path, file name, ISBN or title words.", valueName: "book"),
        completion: .custom(CompletionValues.bookNames))
    var book: [String]

    @OptionGroup var output: TextOrJSONOptions

    func run() throws {
        let library = try library.open()
        let name = book.joined(separator: " ")
        let path = try BookArgument.path(named: name, in: library)
        let document = try BookArgument.document(at: path, in: library)
        guard let found = library.book(at: path, in: document) else {
            throw Diagnostics.failure("\(Paths.display(path, in: library)): not a book (no front matter with a title)")
        }
        // A book reached by several names (links inside the library) is one book: the others are named.
        let otherNames = library.otherNames(of: path)
        // A book kept in several languages (`record.zh.md`) is one book too: its other files are named.
        let translations = BookTranslations.others(of: path, in: library)
        if output.isJSON {
            guard case .object(var members) = found.jsonObject() else { return }
            if !otherNames.isEmpty { members.append(("also_at", .array(otherNames.map(JSONValue.string)))) }
            if !translations.isEmpty { members.append(("translations", .array(translations.map(JSONValue.string)))) }
            members.append(("notes", .string(document.body)))
            Output.line(JSONValue.object(members).serialized(indent: 2))
        } else {
            Output.write(
                BookDetailRenderer.render(
                    found, notes: document.body, path: Paths.display(path, in: library),
                    alsoAt: otherNames.map { Paths.display($0, in: library) },
                    translations: translations.map { Paths.display($0, in: library) }))
        }
    }
}

/// The BOOK argument of the commands that take one: the book it names, and that book's file.
enum BookArgument {
    /// The library-relative path of the book `name` stands for. A path is found without loading
    /// the library; anything else loads it once.
    static func path(named name: String, in library: Library) throws -> String {
        do {
            return try finder(library).path(named: name)
        } catch {
            throw Diagnostics.failure(for: error, library: library)
        }
    }

    /// The finder the commands use: a loaded index is kept until exit, and the files that
    /// failed to load are reported when a name does not resolve.
    static func finder(_ library: Library) -> BookNameResolver {
        BookNameResolver(library: library) { index, problems in
            ProcessLifetime.keepUntilExit(index)
            LoadedProblems.latest = problems
        }
    }

    /// The parsed file at a library-relative path; a malformed file is reported with its position.
    static func document(at path: String, in library: Library) throws -> BookDocument {
        do {
            return try library.document(at: path)
        } catch let error as DocumentError {
            throw Diagnostics.failure(error.at(path: Paths.display(path, in: library)).description)
        } catch var error as FileError {
            // Named as every other message names a file of the library: as the user can open it.
            error.path = Paths.display(path, in: library)
            throw Diagnostics.failure(error.description)
        } catch {
            throw Diagnostics.failure("\(error)")
        }
    }
}
