import Foundation

/// The bytes that append text to the end of a document's body: a blank line before it, the
/// file's own line endings inside it, and a final newline only when the file had one.
enum BodyAppender {
    static func bytes(appending text: String, to document: BookDocument) -> [UInt8] {
        let bytes = document.bytes
        let lineEnding = document.lineEnding
        let hadFinalNewline = bytes.last == 0x0A
        let body = document.bodyRange
        var output: [UInt8] = []
        if !body.isEmpty {
            if !hadFinalNewline { output += lineEnding.bytes }
            let endsWithBlankLine =
                body.count >= 2 && bytes[body.upperBound - 1] == 0x0A
                && (bytes[body.upperBound - 2] == 0x0A
                    || (bytes[body.upperBound - 2] == 0x0D && body.count >= 3 && bytes[body.upperBound - 3] == 0x0A))
            if !endsWithBlankLine { output += lineEnding.bytes }
        } else if !hadFinalNewline && !bytes.isEmpty {
            output += lineEnding.bytes
        }
        // Split on scalars: Swift reads "\r\n" as one Character, which would never equal "\n".
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        for (position, line) in lines.enumerated() {
            output += Array(line.utf8)
            if position < lines.count - 1 || hadFinalNewline || bytes.isEmpty { output += lineEnding.bytes }
        }
        return output
    }
}
