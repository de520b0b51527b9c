import Ink
import ShelfPresentation

/// A book's notes as HTML, rendered from Markdown by Ink and made safe.
///
/// Ink passes raw HTML through and writes any link target as given, so the notes are made safe
/// in two steps: before rendering, `InkInputGuard` turns every `<` into a placeholder, so no tag
/// the reader typed survives as a tag (it shows as text); after rendering, every tag Ink wrote is
/// rebuilt from an allow-list of elements and attributes, with `href`/`src` kept only for safe
/// schemes (no `javascript:`), so no attribute can be smuggled in through a link.
public enum NotesHTML {
    /// Safe HTML for notes written in Markdown.
    public static func render(_ markdown: String) -> String {
        sanitize(MarkdownParser().html(from: InkInputGuard.prepare(HighlightsSection.hidingImportRecord(markdown))))
    }

    private static let allowed: [String: Set<String>] = [
        "a": ["href", "title"], "img": ["src", "alt", "title"], "ol": ["start"],
        "p": [], "br": [], "hr": [], "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [],
        "em": [], "strong": [], "del": [], "s": [], "code": [], "pre": [], "blockquote": [],
        "ul": [], "li": [], "table": [], "thead": [], "tbody": [], "tr": [], "th": [], "td": [],
    ]

    /// Ink's output with every tag rebuilt from the allow-list and the placeholders as text.
    static func sanitize(_ html: String) -> String {
        var output = ""
        let scalars = Array(html.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let (tag, end) = readTag(scalars, from: index) {
                output += tag
                index = end
                continue
            }
            if let restored = InkInputGuard.restore(scalar) {
                output += restored
                index += 1
                continue
            }
            switch scalar {
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            default: output.unicodeScalars.append(scalar)
            }
            index += 1
        }
        return output
    }

    /// The rebuilt tag starting at `start` (empty when the element is not allowed) and the index
    /// after it; nil when no `>` closes it.
    private static func readTag(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int)? {
        var index = start + 1
        let closing = index < scalars.count && scalars[index] == "/"
        if closing { index += 1 }
        var name = ""
        while index < scalars.count, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        name = name.lowercased()
        var attributes: [(String, String)] = []
        var quote: Unicode.Scalar?
        var attributeName = ""
        var value = ""
        var readingValue = false
        func flush() {
            if !attributeName.isEmpty { attributes.append((attributeName.lowercased(), value)) }
            attributeName = ""
            value = ""
            readingValue = false
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if let open = quote {
                if scalar == open { quote = nil; flush() } else { value.unicodeScalars.append(scalar) }
                continue
            }
            switch scalar {
            case ">":
                flush()
                return (rebuild(name, closing: closing, attributes: attributes), index)
            case "\"", "'":
                if readingValue && value.isEmpty { quote = scalar } else if readingValue { value.unicodeScalars.append(scalar) }
            case "=": readingValue = true
            case " ", "\n", "\t", "/": if !readingValue || !value.isEmpty { flush() }
            default:
                if readingValue { value.unicodeScalars.append(scalar) } else { attributeName.unicodeScalars.append(scalar) }
            }
        }
        return nil
    }

    private static func rebuild(_ name: String, closing: Bool, attributes: [(String, String)]) -> String {
        guard let permitted = allowed[name] else { return "" }
        if closing { return ["br", "hr", "img"].contains(name) ? "" : "</\(name)>" }
        var tag = "<" + name
        for (attribute, raw) in attributes where permitted.contains(attribute) {
            var value = HTMLEntities.decode(raw).replacingOccurrences(of: String(InkInputGuard.lessThan), with: "<")
                .replacingOccurrences(of: String(InkInputGuard.bracket), with: "[")
            if attribute == "href" || attribute == "src" {
                guard let safe = HTMLEscaping.safeURL(value) else { continue }
                value = safe
            }
            if attribute == "start" && Int(value) == nil { continue }
            tag += " \(attribute)=\"\(HTMLEscaping.attribute(value))\""
        }
        if name == "a" { tag += " rel=\"noopener noreferrer\"" }
        return tag + (["br", "hr", "img"].contains(name) ? "/>" : ">")
    }
}
