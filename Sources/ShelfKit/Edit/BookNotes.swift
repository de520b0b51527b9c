import Foundation

/// The notes in a book's body: timestamped ones (`### 2024-03-02 21:14`, as `shelf note` writes
/// them) and the free text before the first of them.
public struct BookNote: Sendable, Equatable {
    /// The heading's timestamp text, or nil for the free text before the first timestamped note.
    public var timestamp: String?
    /// The note's text, without its heading.
    public var text: String

    /// Splits a body into notes.
    public static func notes(in body: String) -> [BookNote] {
        var notes: [BookNote] = []
        var current = BookNote(timestamp: nil, text: "")
        var lines: [Substring] = []
        func flush() {
            current.text = lines.joined(separator: "\n").trimmingSpaces
            if current.timestamp != nil || !current.text.isEmpty { notes.append(current) }
            lines = []
        }
        // "\r\n" is one Character in Swift, so CRLF bodies are split after normalising.
        for line in body.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### "), let stamp = timestamp(in: line.dropFirst(4)) {
                flush()
                current = BookNote(timestamp: stamp, text: "")
                continue
            }
            lines.append(line)
        }
        flush()
        return notes
    }

    /// The heading of a new note written at `date` and `time` (`HH:MM`).
    static func heading(date: BookDate, time: String) -> String {
        "### \(date.text) \(time)"
    }

    private static func timestamp(in text: Substring) -> String? {
        let trimmed = String(text).trimmingSpaces
        guard let date = BookDate(trimmed), date.day != nil else { return nil }
        return trimmed
    }
}
