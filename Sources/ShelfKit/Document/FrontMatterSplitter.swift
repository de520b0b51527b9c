#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the front matter of a file.
enum FrontMatterSplitter {
    /// The outcome of looking for front matter.
    enum Outcome: Sendable, Equatable {
        case none(bomLength: Int)
        case found(FrontMatterLayout)
        /// An opening `---` with no closing line.
        case unclosed(bomLength: Int)
    }

    /// Finds the front matter: the file must start (after an optional BOM) with a line that is
    /// exactly `---`, and it ends at the next line that is exactly `---` or `...`.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        let count = bytes.count
        let bom = count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        guard let openingEnd = delimiterLineEnd(bytes, at: bom, marker: UInt8(ascii: "-")) else {
            return .none(bomLength: bom)
        }
        // A lone `---` at the very end of the file opens nothing that could close.
        guard openingEnd < count else { return .unclosed(bomLength: bom) }
        let lineEnding: LineEnding = bytes[openingEnd - 2] == 0x0D ? .crlf : .lf
        var lineStart = openingEnd
        while lineStart < count {
            if let end = delimiterLineEnd(bytes, at: lineStart, marker: UInt8(ascii: "-"))
                ?? delimiterLineEnd(bytes, at: lineStart, marker: UInt8(ascii: "."))
            {
                return .found(
                    FrontMatterLayout(
                        bomLength: bom,
                        openingRange: bom..<openingEnd,
                        contentRange: openingEnd..<lineStart,
                        closingRange: lineStart..<end,
                        lineEnding: lineEnding))
            }
            guard let newline = nextNewline(bytes, from: lineStart) else { break }
            lineStart = newline + 1
        }
        return .unclosed(bomLength: bom)
    }

    /// If the line starting at `start` is exactly three `marker` bytes, the offset just past
    /// its line break (or the end of the file).
    private static func delimiterLineEnd(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, marker: UInt8
    ) -> Int? {
        let count = bytes.count
        guard start + 3 <= count,
            bytes[start] == marker, bytes[start + 1] == marker, bytes[start + 2] == marker
        else { return nil }
        let after = start + 3
        if after == count { return after }
        if bytes[after] == 0x0A { return after + 1 }
        if bytes[after] == 0x0D, after + 1 < count, bytes[after + 1] == 0x0A { return after + 2 }
        return nil
    }

    private static func nextNewline(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count else { return nil }
        guard let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
