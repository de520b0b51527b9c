extension FrontMatterEditor {
    /// Splices highlights into the notes' `## Highlights` section, against the document as it
    /// is now: an edit re-applied after the file changed on disk sees the new text.
    mutating func addHighlights(_ highlights: [Highlight]) throws(EditError) {
        let section = HighlightsSection(body: document.body)
        guard let change = section.splices(adding: highlights, lineEnding: document.lineEnding) else { return }
        if let newSection = change.newSection {
            let end = document.bytes.count
            // After the front matter's closing line, a blank line before the heading.
            let text = document.bodyRange.isEmpty && document.frontMatter != nil ? "\n" + newSection : newSection
            try replace(end..<end, with: BodyAppender.bytes(appending: text, to: document))
            return
        }
        let bodyStart = document.bodyRange.lowerBound
        // Splices come last first, so the earlier offsets stay valid.
        for splice in change.splices {
            try replace(bodyStart + splice.range.lowerBound..<bodyStart + splice.range.upperBound, with: splice.bytes)
        }
    }
}
