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
        let path = try BookLookup.path(named: book, in: library)
        let display = Paths.display(path, in: library)
        if !yes {
            guard Prompt.isInteractive else { throw Diagnostics.failure("removing \(display) needs --yes") }
            guard Prompt.confirm("Remove \(display)?") else { return }
        }
        do {
            try BookFileMover.remove(library.absolutePath(path))
        } catch {
            throw Diagnostics.failure(error.description)
        }
        Output.line("removed \(display)")
    }
}

/// `shelf mv BOOK [NAME]` and `shelf mv --all`: file names from the template, or your own.
struct MoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mv",
        abstract: "Rename a book's file (to the template's name when no NAME), or every book's with --all.",
        discussion: """
            Never replaces an existing file. NAME without a folder stays in the book's folder; \
            .md is added when missing.

            Examples:
              shelf mv dune                       # to the template's name
              shelf mv dune herbert-dune-1965
              shelf mv --all --dry-run
            """)

    @OptionGroup var library: LibraryOptions
    @Argument(help: ArgumentHelp("The book (not with --all).", valueName: "book"), completion: .custom(CompletionValues.bookNames)) var book: String?
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
        if all { return try moveAll(library) }
        guard let book else { return }
        let path = try BookLookup.path(named: book, in: library)
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) + "/" : ""
        var target: String
        if let name {
            target = name.contains("/") ? name : folder + name
            if !target.hasSuffix(".md") { target += ".md" }
        } else {
            let document = try BookLookup.document(at: path, in: library)
            guard let frontMatter = document.frontMatter, let found = Book(path: path, frontMatter: frontMatter, vocabulary: library.config.vocabulary) else {
                throw Diagnostics.failure("\(path): not a book")
            }
            let wanted = folder + BookFileName.name(for: found, template: library.config.filenameTemplate)
            if wanted == path { return Output.line("unchanged \(Paths.display(path, in: library))") }
            target = folder + BookFileName.unique(String(wanted.dropFirst(folder.count))) {
                FileManager.default.fileExists(atPath: library.absolutePath(folder + $0))
            }
        }
        try move(path, to: target, in: library)
    }

    private func moveAll(_ library: Library) throws {
        let (index, problems) = try LoadLibrary.load(library, withNotes: false)
        Diagnostics.report(problems, library: library)
        let plan = BookFileMover.planRenames(index: index, template: library.config.filenameTemplate) {
            FileManager.default.fileExists(atPath: library.absolutePath($0))
        }
        for (from, to) in plan {
            if dryRun {
                Output.line("\(Paths.display(from, in: library)) -> \(Paths.display(to, in: library))")
            } else {
                try move(from, to: to, in: library)
            }
        }
        if plan.isEmpty { Output.line("Every file name already follows the template.") }
    }

    private func move(_ from: String, to: String, in library: Library) throws {
        let name = to.split(separator: "/").last.map(String.init) ?? to
        guard BookFileScanner.isCandidate(name), !name.contains(where: { "\\:*?\"<>|".contains($0) }) else {
            throw Diagnostics.failure("'\(to)': a book's file name ends in .md, does not start with a dot and holds none of \\ : * ? \" < > |")
        }
        do {
            try BookFileMover.rename(from: library.absolutePath(from), to: library.absolutePath(to))
        } catch {
            throw Diagnostics.failure(error.description)
        }
        Output.line("\(Paths.display(from, in: library)) -> \(Paths.display(to, in: library))")
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
        let path = try BookLookup.path(named: book.joined(separator: " "), in: library)
        let display = Paths.display(path, in: library)
        while true {
            let status = try EditorLauncher.open(library.absolutePath(path))
            if status != 0 { throw Diagnostics.failure("the editor exited with status \(status)") }
            do {
                let document = try BookDocument(bytes: FileIO.read(library.absolutePath(path)))
                if let frontMatter = document.frontMatter, Book(path: path, frontMatter: frontMatter, vocabulary: library.config.vocabulary) == nil {
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
