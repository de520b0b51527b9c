import Foundation
import ShelfKit
import ShelfPresentation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes text from files harmless on its way to a terminal.
///
/// Every line shelf prints passes through `prepared` (in `Output` and `Diagnostics`). When the
/// destination is a terminal, the control characters a title or a note may hold (ESC, BEL, a
/// lone CR, C1 controls, bidi overrides) are shown as `\u{1B}` and so on (see
/// `ControlCharacters`), so a book file cannot retitle the window, write to the clipboard, move
/// the cursor or hide text. Sent to a pipe or a file, text is written exactly: it is data there
/// (`shelf notes dune > notes.md` must keep every byte), and JSON output escapes controls by
/// JSON's own rules anyway.
///
/// shelf's own colours are not escape characters until this point: `Style` writes them as
/// markers carrying a random tag chosen at start-up, which only `prepared` turns into escape
/// sequences, after the escaping. A file cannot forge a marker without guessing the tag, so
/// even a colour code in a title is shown, not obeyed.
enum InertOutput {
    /// `text` ready for `descriptor`: escaped when it is a terminal, shelf's colours made real.
    static func prepared(_ text: String, for descriptor: Int32) -> String {
        let escaped = isatty(descriptor) == 1 ? ControlCharacters.escaped(text) : text
        return StyleMarker.resolved(escaped)
    }

    /// What makes a table's cells ready to measure: each escaped, when standard output is a
    /// terminal (`\u{1B}` takes six columns where ESC took none, and the columns must still
    /// line up). The terminal is asked once, not once a cell: 50,000 cells were 50,000 `ioctl`s.
    static func cellEscaper() -> @Sendable (String) -> String {
        guard Terminal.isInteractive else { return { $0 } }
        return { ControlCharacters.escaped($0) }
    }
}

/// shelf's own SGR colour codes, written as markers until `InertOutput` resolves them.
enum StyleMarker {
    private static let start = "\u{E000}"
    private static let end: Character = "\u{E001}"
    /// Chosen once per process; a book file cannot know it.
    private static let tag = (0..<4).map { _ in String(UInt64.random(in: 0...UInt64.max), radix: 36) }.joined(separator: "-")

    /// The marker for `ESC [ code m`; `code` holds only digits and `;`.
    static func sgr(_ code: String) -> String {
        start + tag + ":" + code + String(end)
    }

    /// `text` with every genuine marker replaced by its escape sequence. A marker with the
    /// wrong tag is left as text.
    static func resolved(_ text: String) -> String {
        // Most output holds no marker: a byte scan says so without Foundation's search, which
        // compares whole characters and costs more than the rest of `ls` over 10,000 paths.
        guard hasMarkerStart(text) else { return text }
        // Bytes, in one pass: a search by characters from each marker on copied the rest of the
        // text each time (a coloured table of 2,000 results took a minute), and a marker's end
        // followed by a combining mark made one character with it, which was then not found.
        let prefix = Array((start + tag + ":").utf8)
        let close = Array(String(end).utf8)
        var copy = text
        let bytes = copy.withUTF8 { text -> [UInt8] in
            var result: [UInt8] = []
            result.reserveCapacity(text.count)
            var at = 0
            while at < text.count {
                guard text[at] == prefix[0], at + prefix.count <= text.count, text[at..<at + prefix.count].elementsEqual(prefix) else {
                    result.append(text[at])
                    at += 1
                    continue
                }
                var codeEnd = at + prefix.count
                while codeEnd < text.count, text[codeEnd] == UInt8(ascii: ";") || (0x30...0x39).contains(text[codeEnd]) { codeEnd += 1 }
                guard codeEnd + close.count <= text.count, text[codeEnd..<codeEnd + close.count].elementsEqual(close) else {
                    // Not a marker of shelf's: left as text, and looked through from after its start.
                    result += prefix
                    at += prefix.count
                    continue
                }
                result += [0x1B, UInt8(ascii: "[")] + text[(at + prefix.count)..<codeEnd] + [UInt8(ascii: "m")]
                at = codeEnd + close.count
            }
            return result
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when `text` holds U+E000, the first character of every marker (EE 80 80 in UTF-8).
    private static func hasMarkerStart(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            // memchr finds each 0xEE lead byte: a listing of 10,000 paths holds none, and was
            // stepped through byte by byte before.
            guard var base = bytes.baseAddress else { return false }
            var left = bytes.count
            while left >= 3, let found = memchr(base, 0xEE, left) {
                let lead = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                let offset = lead - base
                if offset + 2 < left, lead[1] == 0x80, lead[2] == 0x80 { return true }
                base = lead + 1
                left -= offset + 1
            }
            return false
        }
    }
}
