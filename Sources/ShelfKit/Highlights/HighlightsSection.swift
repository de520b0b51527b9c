import Foundation

/// The `## Highlights` section of a book's notes: one blockquote per highlight, its place and date
/// on the quote's last line (`> — p. 12 · loc. 170–172 · 2024-03-03`), the reader's note as the
/// paragraph under it, and at the end a hidden comment recording every highlight shelf imported
/// (`<!-- shelf:highlights 1a2b3c4d … -->`, wrapped over several lines so that no line grows past
/// about 80 characters), so that one the reader deleted is not added again.
///
/// Everything else in the notes — the reader's own text around and inside the section — is
/// never touched: new highlights are inserted at the section's end as whole lines.
public struct HighlightsSection {
    /// A highlight as the section holds it, with the lines of its quote.
    struct Entry: Equatable {
        var highlight: Highlight
        /// The quote's lines (a half-open range of line indexes into the body's lines).
        var quoteLines: Range<Int>
    }

    static let heading = "## Highlights"
    static let recordPrefix = "<!-- shelf:highlights"

    /// The body's lines (without their line ends), each with its byte offset in the body.
    let lines: [(text: Substring, start: Int, end: Int)]
    /// Where each line's text ends (before a carriage return).
    var textEnds: [Int] { lines.map { $0.start + $0.text.utf8.count } }
    /// The line of the heading, and the line after the section's last line.
    let headingLine: Int?
    let endLine: Int
    /// The record's first line, and the line after its last.
    let recordLine: Int?
    let recordEnd: Int?
    let recordedIDs: [String]
    let entries: [Entry]
    /// Ids of passages quoted outside the section.
    let quotedElsewhere: Set<String>

    init(body: String) {
        var lines: [(text: Substring, start: Int, end: Int)] = []
        var offset = 0
        // Split on scalars: Swift reads "\r\n" as one Character, which never equals "\n".
        for scalars in body.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = Substring(scalars)
            let length = line.utf8.count
            let text = line.unicodeScalars.last == "\r" ? Substring(line.unicodeScalars.dropLast()) : line
            lines.append((text, offset, offset + length))
            offset += length + 1
        }
        if lines.last?.text.isEmpty == true, body.hasSuffix("\n") || body.isEmpty { lines.removeLast() }
        self.lines = lines
        var headingLine: Int?
        var endLine = lines.count
        var inFence = false
        for (index, line) in lines.enumerated() {
            if HighlightsSection.isFence(line.text) { inFence.toggle(); continue }
            if inFence { continue }
            if headingLine == nil, HighlightsSection.isHighlightsHeading(line.text) {
                headingLine = index
            } else if headingLine != nil, HighlightsSection.headingLevel(line.text).map({ $0 <= 2 }) == true {
                endLine = index
                break
            }
        }
        self.headingLine = headingLine
        self.endLine = headingLine == nil ? lines.count : endLine
        var recordLine: Int?
        var recordEnd: Int?
        var recorded: [String] = []
        var entries: [Entry] = []
        if let headingLine {
            var index = headingLine + 1
            while index < self.endLine {
                let text = lines[index].text
                if text.hasPrefix(HighlightsSection.recordPrefix) {
                    // One line, or several up to the one that closes the comment.
                    let last = HighlightsSection.recordClose(from: index, in: lines.map(\.text), before: self.endLine) ?? index
                    recordLine = index
                    recordEnd = last + 1
                    recorded = lines[index...last].map(\.text).joined(separator: " ").dropFirst(HighlightsSection.recordPrefix.count)
                        .split(whereSeparator: { $0 == " " || $0 == "\r" }).map(String.init).filter { $0 != "-->" }
                    index = last + 1
                } else if text.hasPrefix(">") {
                    let start = index
                    while index < self.endLine, lines[index].text.hasPrefix(">") { index += 1 }
                    var noteLines: [Substring] = []
                    var probe = index
                    while probe < self.endLine, !lines[probe].text.hasPrefix(">"),
                        !lines[probe].text.hasPrefix(HighlightsSection.recordPrefix)
                    {
                        noteLines.append(lines[probe].text)
                        probe += 1
                    }
                    let note = noteLines.joined(separator: "\n").trimmingSpaces
                    entries.append(
                        Entry(
                            highlight: HighlightsSection.highlight(quote: lines[start..<index].map(\.text), note: note),
                            quoteLines: start..<index))
                    index = probe
                } else {
                    index += 1
                }
            }
        }
        // A passage the reader quoted elsewhere in the notes is there already, too.
        var quotedElsewhere: Set<String> = []
        var index = 0
        let sectionEnd = self.endLine
        let sectionLines = headingLine.map { $0 + 1..<sectionEnd } ?? 0..<0
        while index < lines.count {
            let inSection = sectionLines.contains(index)
            guard !inSection, lines[index].text.hasPrefix(">") else { index += 1; continue }
            let start = index
            while index < lines.count, lines[index].text.hasPrefix(">") { index += 1 }
            quotedElsewhere.insert(HighlightsSection.highlight(quote: lines[start..<index].map(\.text), note: "").id)
        }
        self.quotedElsewhere = quotedElsewhere
        self.recordLine = recordLine
        self.recordEnd = recordEnd
        self.recordedIDs = recorded
        self.entries = entries
    }

    /// The highlights the section holds, in order.
    var highlights: [Highlight] { entries.map(\.highlight) }

    // MARK: Reading

    private static func highlight(quote: [Substring], note: String) -> Highlight {
        var lines = quote.map { line -> Substring in
            var rest = line.dropFirst()
            if rest.first == " " { rest = rest.dropFirst() }
            return rest
        }
        var highlight = Highlight(text: "", note: note.isEmpty ? nil : note)
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        if let last = lines.last, last.hasPrefix("— ") {
            readPlace(String(last.dropFirst(2)), into: &highlight)
            lines.removeLast()
            while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        }
        highlight.text = lines.joined(separator: "\n").trimmingSpaces
        return highlight
    }

    private static func readPlace(_ line: String, into highlight: inout Highlight) {
        for part in line.components(separatedBy: " · ") {
            let trimmed = part.trimmingSpaces
            if trimmed.hasPrefix("p. ") {
                highlight.page = String(trimmed.dropFirst(3))
            } else if trimmed.hasPrefix("loc. ") {
                highlight.location = trimmed.dropFirst(5).replacingOccurrences(of: "–", with: "-")
            } else if let date = BookDate(trimmed), trimmed.first?.isNumber == true {
                highlight.date = date
            } else if !trimmed.isEmpty {
                highlight.chapter = trimmed
            }
        }
    }

    /// False when `text` cannot hold the section's heading, because the word `highlights`
    /// appears nowhere in it in any case: a byte scan that spares most notes the section's parse.
    /// (Only ASCII letters fold to the heading's letters, so the scan misses no heading.)
    static func mayHoldHeading(_ text: String) -> Bool {
        let word = Array("highlights".utf8)
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= word.count else { return false }
            var offset = 0
            while offset <= bytes.count - word.count {
                if bytes[offset].asciiFolded == word[0] {
                    var matched = 1
                    while matched < word.count, bytes[offset + matched].asciiFolded == word[matched] { matched += 1 }
                    if matched == word.count { return true }
                }
                offset += 1
            }
            return false
        }
    }

    static func isHighlightsHeading(_ line: Substring) -> Bool {
        guard headingLevel(line) == 2 else { return false }
        var title = Substring(line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces))
        // A closing sequence (`## Highlights ##`): hashes after a space, at the end.
        let hashes = title.reversed().prefix(while: { $0 == "#" }).count
        if hashes > 0, hashes < title.count, title.dropLast(hashes).last?.isWhitespace == true {
            title = title.dropLast(hashes)
            while title.last?.isWhitespace == true { title = title.dropLast() }
        }
        return title.lowercased() == "highlights"
    }

    /// The level of an ATX heading (`## Notes` is 2), or nil for any other line.
    static func headingLevel(_ line: Substring) -> Int? {
        let hashes = line.prefix(while: { $0 == "#" }).count
        guard (1...6).contains(hashes) else { return nil }
        let after = line.dropFirst(hashes)
        return after.isEmpty || after.first == " " || after.first == "\t" ? hashes : nil
    }

    private static func isFence(_ line: Substring) -> Bool {
        let trimmed = line.drop(while: { $0 == " " })
        return trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
    }

    /// The line that closes a record starting at `start` (the first holding `-->`), if any
    /// before `end`.
    static func recordClose<Line: StringProtocol>(from start: Int, in lines: [Line], before end: Int) -> Int? {
        (start..<min(end, lines.count)).first { lines[$0].contains("-->") }
    }

    /// The record of imported highlights: at most 6 ids on its first line and 8 on each next one,
    /// so that no line of it grows past about 80 characters however many highlights a book has.
    static func recordText(_ ids: [String], newline: String) -> String {
        var lines: [String] = []
        var current = recordPrefix
        var count = 0
        for id in ids {
            if count == (lines.isEmpty ? 6 : 8) {
                lines.append(current)
                current = ""
                count = 0
            }
            current += current.isEmpty ? id : " " + id
            count += 1
        }
        lines.append(current + " -->")
        return lines.joined(separator: newline)
    }
}
