import Foundation
import ArgumentParser
import ShelfKit

/// The shared path of every command that edits one book: one action, its report rendered, its
/// error printed in one place.
enum BookEditing {
    /// The action for a library, naming paths relative to the current folder.
    static func action(_ library: Library) -> EditBookAction {
        EditBookAction(library: library.namingPathsFromHere, finder: BookArgument.finder(library))
    }

    /// Runs `body` with the action and a reporter; an error ends the command with exit code 1.
    static func run(_ library: Library, _ body: (EditBookAction, CommandReporter) throws -> Void) throws {
        let reporter = CommandReporter()
        defer { reporter.finish() }
        do {
            try body(action(library), reporter)
        } catch {
            throw Diagnostics.failure(for: error, library: library)
        }
    }

    /// Opens the library and runs `body` with an action made for it (`ReadingAction`,
    /// `LoanAction`) and a reporter, as `run(_:_:)` does.
    static func run<Action>(
        _ options: LibraryOptions, making make: (Library, BookNameResolver) -> Action,
        _ body: (Action, CommandReporter) throws -> Void
    ) throws {
        let library = try options.open()
        try run(library) { _, reporter in
            try body(make(library.namingPathsFromHere, BookArgument.finder(library)), reporter)
        }
    }

    /// Applies `edits` to the book `name` names.
    static func edit(_ name: String, library: Library, edits: [FieldEdit], force: Bool = false) throws {
        try run(library) { action, reporter in
            try action.run(book: name, edits: edits, force: force, reporter: reporter)
        }
    }

    /// Turns a checked value's failure into a clear message and exit code 1.
    static func checked<Checked>(_ body: () throws -> Checked) throws -> Checked {
        do {
            return try body()
        } catch {
            throw Diagnostics.failure(String(describing: error))
        }
    }
}

/// Yes/no questions on a terminal.
enum Prompt {
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 }

    /// Asks on stderr and reads the answer from stdin; anything but y/yes is no.
    static func confirm(_ question: String, defaultYes: Bool = false) -> Bool {
        DescriptorOutput.write(question + (defaultYes ? " [Y/n] " : " [y/N] "), to: STDERR_FILENO)
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        if answer.isEmpty { return defaultYes }
        return answer == "y" || answer == "yes"
    }
}
