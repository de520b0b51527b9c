import Foundation
import ShelfKit

/// ANSI styling for terminals; plain text when disabled.
struct Highlighter {
    var enabled: Bool

    // Markers that `InertOutput` turns into escape sequences (see `StyleMarker`).
    func bold(_ text: String) -> String { enabled ? StyleMarker.sgr("1") + text + StyleMarker.sgr("0") : text }
    func dim(_ text: String) -> String { enabled ? StyleMarker.sgr("2") + text + StyleMarker.sgr("0") : text }
    func match(_ text: String) -> String { enabled ? StyleMarker.sgr("1;33") + text + StyleMarker.sgr("0") : text }

    /// `text` with the words matching the terms highlighted.
    func highlight(_ terms: [[String]], prefixWord: String?, in text: String) -> String {
        guard enabled else { return text }
        return Snippet.marked(terms, prefixWord: prefixWord, in: text, plain: { String($0) }, match: { match(String($0)) })
    }
}

extension Highlighter {
    /// The highlighter for standard output under the run's colour settings.
    static var standard: Highlighter { Highlighter(enabled: Style.standard.enabled) }
}

extension Terminal {
    /// Colour is off when NO_COLOR is set to anything non-empty.
    static var colorEnabled: Bool {
        (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }
}
