/// Adding highlights to a book's notes, as splices into the body's bytes.
extension HighlightsSection {
    /// A change to the body: bytes replacing a range (offsets within the body).
    struct Splice: Equatable {
        var range: Range<Int>
        var bytes: [UInt8]
    }

    /// What adding `incoming` changes, or nil when every highlight is already there or was
    /// imported before (and perhaps deleted by the reader since).
    ///
    /// A highlight the device extended or trimmed since the last import replaces its earlier
    /// quote, if shelf imported that one; every other highlight goes at the section's end.
    /// - Parameter appendSection: called when the notes have no section yet, with its text.
    func splices(
        adding incoming: [Highlight], lineEnding: LineEnding
    ) -> (splices: [Splice], added: Int, replaced: Int, newSection: String?)? {
        var known = Set(recordedIDs).union(entries.map(\.highlight.id)).union(quotedElsewhere)
        var record = recordedIDs
        var appended: [Highlight] = []
        var replacements: [(entry: Entry, highlight: Highlight)] = []
        var recordedSet = Set(recordedIDs)
        for highlight in incoming {
            let id = highlight.id
            guard !known.contains(id) else { continue }
            known.insert(id)
            record.append(id)
            if let earlier = entries.first(where: { entry in
                recordedSet.contains(entry.highlight.id) && !replacements.contains(where: { $0.entry == entry })
                    && HighlightsSection.isRevision(of: entry.highlight.text, by: highlight.text)
            }) {
                var revised = highlight
                revised.note = nil
                replacements.append((earlier, revised))
            } else {
                appended.append(highlight)
            }
            recordedSet.insert(id)
        }
        guard !appended.isEmpty || !replacements.isEmpty else { return nil }
        let newline = lineEnding == .crlf ? "\r\n" : "\n"
        let recordText = HighlightsSection.recordText(record, newline: newline)
        let block = appended.map { HighlightsSection.render($0).joined(separator: newline) + newline + newline }.joined()
        guard let headingLine else {
            return ([], appended.count, 0, HighlightsSection.heading + newline + newline + block + recordText)
        }
        var splices: [Splice] = []
        let ends = textEnds
        for (entry, highlight) in replacements {
            let range = lines[entry.quoteLines.lowerBound].start..<ends[entry.quoteLines.upperBound - 1]
            splices.append(Splice(range: range, bytes: Array(HighlightsSection.quoteLines(highlight).joined(separator: newline).utf8)))
        }
        if let recordLine, let recordEnd {
            let previousIsBlank = recordLine > 0 && lines[recordLine - 1].text.trimmingCharacters(in: .whitespaces).isEmpty
            let text = (previousIsBlank || block.isEmpty ? "" : newline) + block + recordText
            splices.append(Splice(range: lines[recordLine].start..<ends[recordEnd - 1], bytes: Array(text.utf8)))
        } else {
            var last = endLine - 1
            while last > headingLine, lines[last].text.trimmingCharacters(in: .whitespaces).isEmpty { last -= 1 }
            let text = newline + newline + block + recordText
            splices.append(Splice(range: ends[last]..<ends[last], bytes: Array(text.utf8)))
        }
        return (splices.sorted { $0.range.lowerBound > $1.range.lowerBound }, appended.count, replacements.count, nil)
    }

    /// Whether `newer` is the same passage as `older`, extended or trimmed on the device.
    static func isRevision(of older: String, by newer: String) -> Bool {
        let old = fold(older)
        let new = fold(newer)
        guard !old.isEmpty, !new.isEmpty, old != new else { return false }
        let (short, long) = old.count < new.count ? (old, new) : (new, old)
        return short.count * 2 >= long.count && long.contains(short)
    }

    private static func fold(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// A highlight's lines as the section writes them: the quote, then the note.
    static func render(_ highlight: Highlight) -> [String] {
        var lines = quoteLines(highlight)
        if let note = highlight.note?.trimmingSpaces, !note.isEmpty {
            lines.append("")
            lines += note.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map {
                line in
                // A note line starting with `>` would read as part of a quote, one with `#` as a
                // heading ending the section, and shelf's record comment as the record.
                line.hasPrefix(">") || line.hasPrefix("#") || line.hasPrefix("<!--") ? "\\" + line : String(line)
            }
        }
        return lines
    }

    static func quoteLines(_ highlight: Highlight) -> [String] {
        var lines: [String] = []
        let text = highlight.text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        if !text.isEmpty {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? ">" : "> " + $0 }
        }
        let place = highlight.placeLine
        if !place.isEmpty {
            if !lines.isEmpty { lines.append(">") }
            lines.append("> — " + place)
        } else if lines.isEmpty {
            lines.append("> — note")
        }
        return lines
    }
}
