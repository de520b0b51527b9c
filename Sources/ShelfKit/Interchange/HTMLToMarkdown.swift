/// Turns the small HTML of a review (Goodreads writes `<br/>`, `<i>`, `<b>`, `<a href>`) into
/// Markdown for a book's notes: line breaks stay line breaks, emphasis becomes `*`/`**`, links
/// become `[text](url)`, other tags are dropped, and HTML entities are decoded last, so an
/// escaped `&lt;b&gt;` stays the text `<b>`.
enum HTMLToMarkdown {
    /// The Markdown of a review's HTML, tidied (no trailing spaces, one blank line at most).
    static func convert(_ html: String) -> String {
        var output = ""
        var linkStack: [String?] = []
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            guard character == "<", let tag = readTag(in: html, at: index) else {
                output.append(character)
                index = html.index(after: index)
                continue
            }
            index = tag.end
            switch (tag.name, tag.isClosing) {
            case ("br", _): output += "\n"
            case ("p", _), ("div", _), ("blockquote", _): output += "\n\n"
            case ("i", _), ("em", _): output += "*"
            case ("b", _), ("strong", _): output += "**"
            case ("a", false):
                linkStack.append(tag.href)
                if tag.href != nil { output += "[" }
            case ("a", true):
                if let href = linkStack.popLast() ?? nil { output += "](\(href))" }
            default: break
            }
        }
        return tidy(HTMLEntities.decode(output))
    }

    /// Line breaks as `\n`, no trailing spaces, at most one blank line in a row, trimmed.
    static func tidy(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        var result: [String] = []
        for line in lines {
            var trimmed = Substring(line)
            while trimmed.last == " " || trimmed.last == "\t" { trimmed = trimmed.dropLast() }
            if trimmed.isEmpty && (result.last?.isEmpty ?? true) { continue }
            result.append(String(trimmed))
        }
        while result.last?.isEmpty == true { result.removeLast() }
        return result.joined(separator: "\n")
    }

    private struct Tag {
        var name: String
        var isClosing: Bool
        var href: String?
        var end: String.Index
    }

    /// The tag starting at `start` (`<name …>` or `</name>`), or nil when the `<` is text.
    private static func readTag(in html: String, at start: String.Index) -> Tag? {
        var cursor = html.index(after: start)
        var isClosing = false
        if cursor < html.endIndex, html[cursor] == "/" {
            isClosing = true
            cursor = html.index(after: cursor)
        }
        let nameStart = cursor
        while cursor < html.endIndex, html[cursor].isLetter || html[cursor].isNumber { cursor = html.index(after: cursor) }
        guard cursor > nameStart, html[nameStart].isLetter else { return nil }
        let name = html[nameStart..<cursor].lowercased()
        guard let close = html[cursor...].firstIndex(of: ">") else { return nil }
        let attributes = html[cursor..<close]
        guard !attributes.contains("<") else { return nil }
        return Tag(name: name, isClosing: isClosing, href: name == "a" ? href(in: attributes) : nil, end: html.index(after: close))
    }

    private static func href(in attributes: Substring) -> String? {
        guard let range = attributes.range(of: "href=") else { return nil }
        var value = attributes[range.upperBound...]
        guard let quote = value.first, quote == "\"" || quote == "'" else { return nil }
        value = value.dropFirst()
        guard let end = value.firstIndex(of: quote) else { return nil }
        let url = HTMLEntities.decode(String(value[..<end])).trimmingSpaces
        return url.isEmpty || url.contains(")") || url.contains(" ") ? nil : url
    }
}
