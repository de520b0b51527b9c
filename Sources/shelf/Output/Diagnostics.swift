import ArgumentParser
import ShelfKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one voice for messages on stderr: `shelf: message`, or `path:line:column: message` for a
/// problem with a file.
enum Diagnostics {
    /// Writes a line to stderr; on a terminal, control characters from files are shown escaped.
    static func write(_ line: String) {
        DescriptorOutput.write(InertOutput.prepared(line + "\n", for: STDERR_FILENO), to: STDERR_FILENO)
    }

    /// Reports files that failed to load; the command goes on with the rest.
    static func report(_ problems: [LibraryProblem], library: Library) {
        for problem in problems {
            switch problem {
            case .malformed(let error):
                write(error.at(path: Paths.display(error.path, in: library)).description)
            case .unreadable(var error):
                // Loaders name files by absolute path; a file inside the library is shown as the user can open it.
                if error.path.hasPrefix(library.root + "/") {
                    error.path = Paths.display(String(error.path.dropFirst(library.root.count + 1)), in: library)
                }
                write(error.description)
            case .conflictCopies:
                write("shelf: " + problem.description)
            }
        }
    }

    /// Prints an action's error in the one place errors are printed, and ends the command with
    /// exit code 1. A name that did not lead to one book lists the candidates (and the files that
    /// failed to load); a broken file is named with its line and column.
    static func failure(for error: any Error, library: Library) -> ExitCode {
        switch error {
        case let exit as ExitCode:
            return exit
        case BookNameResolver.Failure.unmatched(.ambiguous(let name, let candidates)):
            report(LoadedProblems.latest, library: library)
            let list = candidates.prefix(20).map { "  \(Paths.display($0.path, in: library))  \($0.title)" }
            let more = candidates.count > 20 ? ["  … and \(candidates.count - 20) more"] : []
            return failure((["'\(name)' matches \(candidates.count) books; name one by path:"] + list + more).joined(separator: "\n"))
        case BookNameResolver.Failure.broken(let name, let problem):
            report([problem], library: library)
            // A malformed file can be mended in an editor; a link to nowhere or a FIFO cannot.
            guard case .malformed = problem else {
                return failure("'\(name)' names that file, which shelf cannot read; nothing was changed")
            }
            return failure(
                "'\(name)' names that file, which shelf cannot read; nothing was changed. Fix it (shelf edit) and run the command again")
        case BookNameResolver.Failure.unmatched:
            report(LoadedProblems.latest, library: library)
            return failure(String(describing: error))
        case let document as DocumentError:
            write(document.description)
            return ExitCode(1)
        default:
            return failure(String(describing: error))
        }
    }

    /// An error that ends the command with exit code 1 after printing `shelf: message`.
    static func failure(_ message: String, code: Int32 = 1) -> ExitCode {
        write("shelf: " + message)
        return ExitCode(code)
    }
}

/// Standard output. On a terminal it is held until the command ends, so that output taller than
/// the screen can go through a pager, as git does; elsewhere it is written at once.
/// On a terminal, control characters from files are shown escaped (see `InertOutput`).
enum Output {
    static func write(_ text: String) {
        let text = InertOutput.prepared(text, for: STDOUT_FILENO)
        if Pager.holdsOutput {
            Pager.hold(text)
        } else {
            DescriptorOutput.write(text, to: STDOUT_FILENO)
        }
    }

    static func line(_ text: String) {
        write(text + "\n")
    }

    /// UTF-8 text without colour markers (a listing of paths), written from its bytes unless
    /// standard output is a terminal, where it is escaped and may be paged as `write` does:
    /// 10,000 paths are then not copied into a string and checked again on the way out.
    static func write(utf8 bytes: [UInt8]) {
        guard !Terminal.isInteractive else { return write(String(decoding: bytes, as: UTF8.self)) }
        DescriptorOutput.write(bytes, to: STDOUT_FILENO)
    }
}

/// The files that failed to load when a command last loaded the library to find a book.
enum LoadedProblems {
    nonisolated(unsafe) static var latest: [LibraryProblem] = []
}
