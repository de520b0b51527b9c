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

    /// A URL for an `href` or `src`, when its scheme is safe to follow (http, https, mailto, file,
    /// or a relative path); nil for `javascript:`, `data:`, `vbscript:` and the like. Entities are
    /// decoded first, as a browser would, so `javascript&#58;` is caught too.
    static func safeURL(_ url: String) -> String? {
        let decoded = HTMLEntities.decode(url)
        let compact = String(decoded.unicodeScalars.filter { $0.value > 0x20 && $0 != "\u{7F}" }).lowercased()
        guard !compact.isEmpty else { return nil }
        if let colon = compact.firstIndex(of: ":") {
            let scheme = compact[..<colon]
            let isScheme = !scheme.contains("/") && !scheme.contains("?") && !scheme.contains("#")
            if isScheme && !["http", "https", "mailto", "file"].contains(String(scheme)) { return nil }
        }
        return decoded.trimmingSpaces
    }
}
