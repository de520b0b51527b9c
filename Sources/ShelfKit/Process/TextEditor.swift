#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's text editor: `$VISUAL`, else `$EDITOR`, else `vi`, run in the terminal's foreground.
public enum TextEditor {
    /// The editor's command line (it may hold arguments, like `code --wait`), from shelf's environment.
    public static func command() -> String {
        command(environment: ChildProcess.currentEnvironment)
    }

    /// The editor's command line `environment` names.
    static func command(environment: [String: String]) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.trimmingSpaces.isEmpty { return value }
        }
        return "vi"
    }

    /// Opens `path` in the editor (`editor`, a command line) and waits until it is closed.
    public static func edit(_ path: String, editor: String = command()) throws(ChildProcessError) -> ChildTermination {
        try TerminalProgram.run(editor, arguments: [path])
    }

    /// Lets the user write a text in the editor, in a new file in a private temporary folder
    /// (mode 0700, outside the library), and returns it; the folder is removed afterwards.
    ///
    /// When the editor fails, nothing is returned (the user gave up, as with `:cq` in vi). When
    /// the text is not UTF-8 the file is kept, and the error says where, so no typed byte is lost.
    public static func compose(editor: String = command()) throws(TextEditorError) -> String {
        let folder = try TemporaryFolder()
        let file = folder.path + "/note.md"
        let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw TextEditorError(String(cString: strerror(errno)) + ": " + file) }
        close(descriptor)
        let termination: ChildTermination
        do {
            termination = try edit(file, editor: editor)
        } catch {
            folder.remove()
            throw TextEditorError(error.description)
        }
        guard termination.succeeded else {
            folder.remove()
            throw TextEditorError("the editor ended with \(termination); nothing written")
        }
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(file)
        } catch {
            folder.remove()
            throw TextEditorError(error.description)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TextEditorError("the text is not UTF-8, so it was not added; it is kept in \(file)")
        }
        folder.remove()
        return text
    }
}

/// Why the editor could not give a text.
public struct TextEditorError: Error, Sendable, CustomStringConvertible {
    /// The message shown to the user.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// A folder made with `mkdtemp` in `$TMPDIR` (else /tmp), readable by the user alone.
private struct TemporaryFolder {
    let path: String

    init() throws(TextEditorError) {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        guard let template = strdup(base + "/shelf-note-XXXXXX") else {
            throw TextEditorError("cannot make a temporary folder in \(base): out of memory")
        }
        defer { free(template) }
        guard let made = mkdtemp(template) else {
            throw TextEditorError("cannot make a temporary folder in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// Removes the folder and what the editor left in it (a backup or swap file).
    func remove() {
        if let folder = opendir(path), let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) {
            while let entry = readdir(folder) {
                // Read where it lies: copying the whole d_name field could read past the entry.
                let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(folder)
        }
        rmdir(path)
    }
}
