import ArgumentParser
import Foundation
import ShelfKit

/// `shelf rm BOOK`: deletes a book file, after asking.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove a book's file (asks on a terminal; needs --yes otherwise).",
        discussion: "Example:\n  shelf rm dune --yes")

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String
    @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false

    func run() throws {
        let library = try library.open()
        let path = try BookArgument.path(named: book, in: library)
        let display = Paths.display(path, in: library)
        if !yes {
            guard Prompt.isInteractive else { throw Diagnostics.failure("removing \(display) needs --yes") }
            guard Prompt.confirm("Remove \(display)?") else { return }
        }
        let reporter = CommandReporter()
        do {
            try BookFileActions(library: library.namingPathsFromHere, finder: BookArgument.finder(library)).remove(path, reporter: reporter)
        } catch {
            throw Diagnostics.failure(for: error, library: library)
        }
    }
}

/// `shelf mv BOOK [NAME]` and `shelf mv --all`: file names from the template, or your own.
struct MoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mv",
        abstract: "Rename a book's file (to the template's name when no NAME), or every book's with --all.",
        discussion: """
            Never replaces an existing file and never leaves the library. NAME without a folder \
            stays in the book's folder; a NAME with a folder is a path from the library root \
            (missing folders are made); .md is added when missing.

            Examples:
              shelf mv dune                       # to the template's name
              shelf mv dune herbert-dune-1965
              shelf mv --all --dry-run
            """)

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book (not with --all).", valueName: "book"), completion: .custom(CompletionValues.bookNames))
    var book: String?
    @Argument(help: ArgumentHelp("The new file name.", valueName: "name")) var name: String?
    @Flag(help: "Rename every book whose name differs from the template.") var all = false
    @Flag(help: "With --all: show the renames, make none.") var dryRun = false

    func validate() throws {
        if all && book != nil { throw ValidationError("--all renames every book; name none") }
        if !all && book == nil { throw ValidationError("name a book, or pass --all") }
        if dryRun && !all { throw ValidationError("--dry-run goes with --all") }
    }

    func run() throws {
        let library = try library.open()
        let reporter = CommandReporter()
        defer { reporter.finish() }
        let actions = BookFileActions(library: library.namingPathsFromHere, finder: BookArgument.finder(library))
        do {
            if all {
                try actions.moveAll(dryRun: dryRun, reporter: reporter) { Diagnostics.report($0, library: library) }
            } else if let book {
                try actions.move(book, to: name, reporter: reporter)
            }
        } catch {
            throw Diagnostics.failure(for: error, library: library)
        }
    }
}

/// `shelf edit BOOK`: opens the file in $VISUAL or $EDITOR, then checks it still reads.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Open a book in $VISUAL or $EDITOR; afterwards, say where it is broken, if it is.",
        discussion: "shelf never rewrites what you typed.\n\nExample:\n  EDITOR=nano shelf edit dune")

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book.", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: [String]

    func run() throws {
        let library = try library.open()
        let path = try BookArgument.path(named: book.joined(separator: " "), in: library)
        let display = Paths.display(path, in: library)
        while true {
            let status = try EditorLauncher.open(library.absolutePath(path))
            if status != 0 { throw Diagnostics.failure("the editor exited with status \(status)") }
            do {
                let document = try library.document(at: path)
                if document.hasFrontMatter, library.book(at: path, in: document) == nil {
                    Diagnostics.write("\(display): the front matter has no title, so shelf no longer lists it as a book")
                }
                return
            } catch let error as DocumentError {
                Diagnostics.write(error.at(path: display).description)
                guard Prompt.isInteractive, Prompt.confirm("Open it again to fix it?", defaultYes: true) else {
                    throw ExitCode(1)
                }
            }
        }
    }
}
