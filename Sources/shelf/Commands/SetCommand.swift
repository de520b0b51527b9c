import ArgumentParser
import ShelfKit

/// `shelf set BOOK key=value…`: set, append to and remove from fields in one write.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set fields of a book (key=value, key+=value, key-=value), in one write.",
        discussion: """
            Only the changed values' bytes change: comments, key order, quoting and line endings \
            stay. Values are checked by key: rating is 0.5 to 5 (half stars allowed), status one of to-read, reading, read, \
            abandoned (aliases are written canonically), dates YYYY-MM-DD, an ISBN's check digit \
            must be right (unless --force). A value shelf cannot read (a date like \
            "April 21, 2025", a wiki-link, a nested map) is never replaced without --force. Any \
            other key takes a string. key= (empty) removes \
            the key. tags=a,b sets a list; tags+=x appends; tags-=x removes.

            Examples:
              shelf set dune rating=5 status=read finished=2024-03-02
              shelf set dune tags+=favorites mood=cozy
              shelf set dune "series=Dune Chronicle" series_index=1
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("The book: a path, file name, ISBN or title words.", valueName: "book"), completion: .custom(CompletionValues.bookNames))
    var book: String

    @Argument(help: ArgumentHelp("Assignments: key=value, key+=value, key-=value.", valueName: "key=value"))
    var assignments: [String]

    @Flag(
        help: ArgumentHelp(
            "Accept an ISBN whose check digit is wrong, and replace values shelf cannot read "
                + "(a date it does not parse, a wiki-link, a map)."))
    var force = false

    func validate() throws {
        if assignments.isEmpty { throw ValidationError("give at least one key=value") }
    }

    func run() throws {
        let edits = try assignments.flatMap { text in
            try BookEditing.checked { try FieldAssignment(parsing: text).edits(force: force) }
        }
        try BookEditing.edit(book, library: library.open(), edits: edits, force: force)
    }
}

/// `shelf unset BOOK key…`: remove keys and exactly their lines.
struct UnsetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset",
        abstract: "Remove keys from a book (exactly their lines).",
        discussion: "Example:\n  shelf unset dune location shelf")

    @OptionGroup var library: LibraryOptions

    @Argument(help: ArgumentHelp("The book: a path, file name, ISBN or title words.", valueName: "book"), completion: .custom(CompletionValues.bookNames))
    var book: String

    @Argument(help: ArgumentHelp("Keys to remove.", valueName: "key"))
    var keys: [String]

    func validate() throws {
        if keys.isEmpty { throw ValidationError("name at least one key") }
        if keys.contains(where: { CanonicalField(key: $0) == .title }) {
            throw ValidationError("a book needs its title; set a new one with shelf set BOOK title=…")
        }
    }

    func run() throws {
        try BookEditing.edit(book, library: library.open(), edits: keys.map(FieldEdit.unset))
    }
}
