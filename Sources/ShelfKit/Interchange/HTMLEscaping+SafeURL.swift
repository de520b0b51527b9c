import ShelfPresentation

extension HTMLEscaping {
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
