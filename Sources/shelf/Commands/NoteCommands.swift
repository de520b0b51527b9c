import ArgumentParser
import Foundation
import ShelfKit
import ShelfPresentation

/// `shelf note BOOK [TEXT]`: append a timestamped note to the end of the body.
struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note",
        abstract: "Append a timestamped note to a book (TEXT, else stdin, else $EDITOR).",
        discussion: """
            The note goes at the very end of the body under a heading '### YYYY-MM-DD HH:MM'; \
            nothing else in the file changes. Markdown is kept as written.

            Examples:
              shelf note dune "The desert as an ecology, not a backdrop."
              pbpaste | shelf note dune
              shelf note dune            # opens $EDITOR
            """)

    @OptionGroup var library: LibraryOptions

    @Argument(
        help: ArgumentHelp("The book: a path, file name, ISBN or title words.", valueName: "book"),
        completion: .custom(CompletionValues.bookNames))
    var book: String

    @Argument(help: ArgumentHelp("The note; read from stdin or $EDITOR when absent.", valueName: "text"))
    var text: [String] = []

    func run() throws {
        let library = try library.open()
        // The book is found before the editor opens: a wrong name never costs a typed note.
        _ = try BookArgument.path(named: book, in: library)
        let note = try noteText()
        guard !note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw Diagnostics.failure("empty note; nothing written")
        }
        try BookEditing.run(library) { action, reporter in
            try action.addNote(note, to: book, date: Clock.today(), time: Clock.time(), reporter: reporter)
        }
    }

    private func noteText() throws -> String {
        if !text.isEmpty { return text.joined(separator: " ") }
        if isatty(STDIN_FILENO) == 0 {
            return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        return try EditorLauncher.compose()
    }
}

/// `shelf notes BOOK`: a book's notes, timestamped ones with their time.
struct NotesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "List a book's notes.",
        discussion: "Example:\n  shelf notes dune --format json")

    @OptionGroup var library: LibraryOptions

    @Argument(
        help: ArgumentHelp("The book: a path, file name, ISBN or title words.", valueName: "book"),
        completion: .custom(CompletionValues.bookNames))
    var book: [String]

    @OptionGroup var output: TextOrJSONOptions

    func run() throws {
        let library = try library.open()
        let path = try BookArgument.path(named: book.joined(separator: " "), in: library)
        let notes = BookNote.notes(in: try BookArgument.document(at: path, in: library).body)
        if output.isJSON {
            let items = notes.map { note in
                JSONValue.object([("timestamp", note.timestamp.map(JSONValue.string) ?? .null), ("text", .string(note.text))])
            }
            Output.line(JSONValue.array(items).serialized(indent: 2))
            return
        }
        guard !notes.isEmpty else {
            Output.line("No notes yet — add one with: shelf note \(Paths.display(path, in: library)) \"…\"")
            return
        }
        Output.write(
            notes.map { note in
                (note.timestamp.map { "── \($0)\n" } ?? "") + note.text + "\n"
            }.joined(separator: "\n"))
    }
}
