/// Prepares notes for Ink 0.6, which passes raw HTML through, traps on some inputs and takes
/// exponential time on others, so that rendering a note is always safe and quick:
///
/// - every `<` becomes a private-use placeholder, so no tag typed in the notes reaches the HTML
///   as a tag (it comes back as the text `&lt;`);
/// - every line loses its trailing spaces and tabs (Ink traps on an empty list item followed by a
///   line of spaces, `- ` then ` `);
/// - a `[` that does not open a flat, closed `[…]` in its paragraph becomes a placeholder too
///   (Ink's link parser backtracks exponentially on nested or unclosed brackets: thirty of them
///   take minutes). Links `[text](url)`, `![alt](src)` and `[text][ref]` are flat and closed, so
///   they still render; the other brackets come back as the text `[`.
enum InkInputGuard {
    static let lessThan: Unicode.Scalar = "\u{E000}"
    static let bracket: Unicode.Scalar = "\u{E001}"

    static func prepare(_ markdown: String) -> String {
        let scalars = markdown.unicodeScalars.map { scalar -> Unicode.Scalar in
            scalar == lessThan || scalar == bracket ? "\u{FFFD}" : scalar == "<" ? lessThan : scalar
        }
        var lines = withoutTrailingSpaces(scalars)
        flattenBrackets(&lines)
        var text = lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
        // Ink reads a leading `---` block as its own metadata and drops it: keep it as notes.
        if text.trimmingSpaces.hasPrefix("---") { text = "\u{200B}\n" + text }
        return text
    }

    /// The text after rendering, with the placeholders back as text.
    static func restore(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case lessThan: return "&lt;"
        case bracket: return "["
        default: return nil
        }
    }

    /// Lines (split on LF) without trailing spaces, tabs or carriage returns.
    private static func withoutTrailingSpaces(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        scalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var end = line.endIndex
            while end > line.startIndex, [" ", "\t", "\r"].contains(line[end - 1]) { end -= 1 }
            return Array(line[..<end])
        }
    }

    /// Keeps a `[` only when the next unescaped bracket in its paragraph is a `]`.
    private static func flattenBrackets(_ lines: inout [[Unicode.Scalar]]) {
        var start = 0
        while start < lines.count {
            var end = start
            while end < lines.count, !lines[end].isEmpty { end += 1 }
            // One paragraph: lines start..<end, positions as (line, column).
            var positions: [(Int, Int)] = []
            for line in start..<end {
                for column in lines[line].indices where lines[line][column] == "[" || lines[line][column] == "]" {
                    if column > 0 && lines[line][column - 1] == "\\" { continue }
                    positions.append((line, column))
                }
            }
            for (index, (line, column)) in positions.enumerated() where lines[line][column] == "[" {
                let next = index + 1 < positions.count ? positions[index + 1] : nil
                if next.map({ lines[$0.0][$0.1] }) != "]" { lines[line][column] = bracket }
            }
            start = end + 1
        }
    }
}
