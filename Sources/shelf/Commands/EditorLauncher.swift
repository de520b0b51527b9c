import Foundation
import ShelfKit

/// Runs the user's editor ($VISUAL, else $EDITOR, else vi) on a file and waits for it.
enum EditorLauncher {
    static var command: String {
        let environment = ProcessInfo.processInfo.environment
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return "vi"
    }

    /// Opens `path` in the editor; returns its exit status.
    @discardableResult
    static func open(_ path: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The editor may carry arguments (`code --wait`), so the shell splits it; the path is passed
        // as a positional parameter and never interpolated.
        process.arguments = ["-c", command + " \"$1\"", "shelf-editor", path]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Lets the user write text in the editor, in a temporary file outside the library.
    static func compose() throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-note-\(UUID().uuidString).md")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let status = try open(file.path)
        guard status == 0 else { throw Diagnostics.failure("the editor exited with status \(status); nothing written") }
        return String(decoding: try Data(contentsOf: file), as: UTF8.self)
    }
}
