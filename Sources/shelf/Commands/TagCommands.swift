import ArgumentParser
import ShelfKit
import ShelfPresentation

/// `shelf tag BOOK TAG…`: add tags (case-insensitively: `Sci-Fi` where `sci-fi` is changes nothing).
struct TagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tag",
        abstract: "Add tags to a book.",
        discussion: "Tags compare case-insensitively.\n\nExample:\n  shelf tag dune classics favorites")

    @OptionGroup var library: LibraryOptions

    @Argument(
        help: ArgumentHelp("The book: a path, file name, ISBN or title words.", valueName: "book"),
        completion: .custom(CompletionValues.bookNames))
    var book: String

    @Argument(help: ArgumentHelp("Tags to add.", valueName: "tag"), completion: .custom(CompletionValues.tags))
    var tags: [String]

    func validate() throws {
        if tags.isEmpty { throw ValidationError("name at least one tag") }
    }

    func run() throws {
        let edits = try tags.map { tag in try BookEditing.checked { FieldEdit.add("tags", try FieldAssignment.checkedItem(tag)) } }
        try BookEditing.edit(book, library: library.open(), edits: edits)
    }
}

/// `shelf untag BOOK TAG…`: remove tags, whatever their case.
struct UntagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "untag",
        abstract: "Remove tags from a book.",
        discussion: "Removing classics also removes Classics.\n\nExample:\n  shelf untag dune to-reread")

    @OptionGroup var library: LibraryOptions

    @Argument(
        help: ArgumentHelp("The book: a path, file name, ISBN or title words.", valueName: "book"),
        completion: .custom(CompletionValues.bookNames))
    var book: String

    @Argument(help: ArgumentHelp("Tags to remove.", valueName: "tag"), completion: .custom(CompletionValues.tags))
    var tags: [String]

    func validate() throws {
        if tags.isEmpty { throw ValidationError("name at least one tag") }
    }

    func run() throws {
        let edits = try tags.map { tag in try BookEditing.checked { FieldEdit.remove("tags", try FieldAssignment.checkedItem(tag)) } }
        try BookEditing.edit(book, library: library.open(), edits: edits)
    }
}

/// `shelf tags`: every tag with its count; `shelf tags rename OLD NEW` across the library.
struct TagsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "List tags with counts, or rename one across the library.",
        discussion: "Case variants count together.\n\nExamples:\n  shelf tags\n  shelf tags rename scifi sci-fi --yes",
        subcommands: [TagsListCommand.self, TagsRenameCommand.self],
        defaultSubcommand: TagsListCommand.self)
}

struct TagsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List tags with counts.")

    @OptionGroup var library: LibraryOptions

    @OptionGroup var output: TextOrJSONOptions

    func run() throws {
        let library = try library.open()
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        let counts = index.tagCounts()
        if output.isJSON {
            Output.line(
                JSONValue.array(counts.map { .object([("tag", .string($0.tag)), ("count", .integer($0.count))]) })
                    .serialized(indent: 2))
            return
        }
        let width = counts.map { String($0.count).count }.max() ?? 1
        for (tag, count) in counts {
            Output.line(String(repeating: " ", count: width - String(count).count) + "\(count)  \(tag)")
        }
    }
}
