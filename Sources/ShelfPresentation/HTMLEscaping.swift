/// Escaping of text for HTML, so that book text always shows as text: a title `<script>` is
/// the eight characters, never an element.
public enum HTMLEscaping {
    /// Text for an element's content: `&`, `<` and `>` escaped.
    public static func text(_ text: String) -> String {
        escape(text, quotes: false)
    }

    /// Text for a double- or single-quoted attribute value: quotes escaped too.
    public static func attribute(_ text: String) -> String {
        escape(text, quotes: true)
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where quotes: output += "&quot;"
            case "'" where quotes: output += "&#39;"
            case "\u{0}": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
