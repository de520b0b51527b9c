import ShelfKit

/// The user's editor ($VISUAL, else $EDITOR, else vi) for `shelf edit` and `shelf note`; ShelfKit's
/// `TextEditor` runs it in the terminal's foreground and keeps the note's temporary file.
enum EditorLauncher {
    /// Opens `path` in the editor; returns its exit status (128 plus the signal that ended it).
    @discardableResult
    static func open(_ path: String) throws -> Int32 {
        do {
            return try TextEditor.edit(path).shellStatus
        } catch {
            throw Diagnostics.failure("cannot start the editor (\(TextEditor.command())): \(error)")
        }
    }

    /// Lets the user write text in the editor, in a temporary file outside the library.
    static func compose() throws -> String {
        do {
            return try TextEditor.compose()
        } catch {
            throw Diagnostics.failure(error.description)
        }
    }
}
