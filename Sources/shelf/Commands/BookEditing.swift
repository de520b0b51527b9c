import Foundation
import ArgumentParser
import ShelfKit

/// The shared path of every command that edits one book: one action, its report rendered, its
/// error printed in one place.
enum BookEditing {
    /// The action for a library, naming paths relative to the current folder.
    static func action(_ library: Library) -> EditBookAction {
        EditBookAction(writer: library.commandWriter, finder: BookLookup.finder(library))
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
    static func run<Action>(_ options: LibraryOptions, making make: (LibraryWriter, BookFinder) -> Action,
                            _ body: (Action, CommandReporter) throws -> Void) throws {
        let library = try options.open()
        try run(library) { _, reporter in
            try body(make(library.commandWriter, BookLookup.finder(library)), reporter)
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

/// Today's date and the time, for `added`, `started`, `finished` and note headings.
/// `SHELF_TODAY` (YYYY-MM-DD) and `SHELF_NOW` (HH:MM) override them, for tests and scripts.
enum Clock {
    static func today() -> BookDate {
        if let value = getenv("SHELF_TODAY"), let date = BookDate(String(cString: value)), date.day != nil {
            return date
        }
        // The C library's local time (`TZ`, else /etc/localtime), as Foundation's calendar reads
        // it, without loading that calendar at every start.
        let parts = localNow()
        return BookDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }

    static func time() -> String {
        if let value = getenv("SHELF_NOW"), value.pointee != 0 { return String(cString: value) }
        let parts = localNow()
        return String(format: "%02d:%02d", parts.tm_hour, parts.tm_min)
    }

    private static func localNow() -> tm {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        var now = clock.tv_sec
        var parts = tm()
        localtime_r(&now, &parts)
        return parts
    }
}

/// Yes/no questions on a terminal.
enum Prompt {
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 }

    /// Asks on stderr and reads the answer from stdin; anything but y/yes is no.
    static func confirm(_ question: String, defaultYes: Bool = false) -> Bool {
        FileDescriptorWriter.write(question + (defaultYes ? " [Y/n] " : " [y/N] "), to: STDERR_FILENO)
        guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        if answer.isEmpty { return defaultYes }
        return answer == "y" || answer == "yes"
    }
}
