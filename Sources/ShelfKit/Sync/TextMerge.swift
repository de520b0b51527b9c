/// git's own line merge, on raw bytes: what git writes when it has no merge driver, and what
/// shelf's driver falls back to for a file it cannot read as a book (not UTF-8, malformed YAML).
///
/// Bytes are never decoded, so a Latin-1 line comes out exactly as it went in. Regions only one
/// side changed take that side; regions both changed differently get git's markers around both.
enum TextMerge {
    /// The merged bytes, and how many regions conflict.
    static func merge(
        base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: (ours: String, theirs: String)
    )
        -> (bytes: [UInt8], conflicts: Int)
    {
        let newline: [UInt8] = ours.firstRange(of: [0x0D, 0x0A]) != nil ? [0x0D, 0x0A] : [0x0A]
        let merged = LineMerge.merge(base: lines(base), ours: lines(ours), theirs: lines(theirs)) { mine, other in
            [Array("<<<<<<< \(labels.ours)".utf8) + newline] + terminated(mine, newline)
                + [Array("=======".utf8) + newline] + terminated(other, newline)
                + [Array(">>>>>>> \(labels.theirs)".utf8) + newline]
        }
        return (merged.lines.flatMap { $0 }, merged.conflicts)
    }

    /// The lines of a file, each with its own line feed (the last may have none), so that joining
    /// them gives back the very bytes.
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(Array(bytes[start...index]))
            start = index + 1
        }
        if start < bytes.count { result.append(Array(bytes[start...])) }
        return result
    }

    /// A side of a conflict, its last line ended so that the marker after it starts a line.
    private static func terminated(_ lines: [[UInt8]], _ newline: [UInt8]) -> [[UInt8]] {
        guard let last = lines.last, last.last != 0x0A else { return lines }
        return lines.dropLast() + [last + newline]
    }
}
