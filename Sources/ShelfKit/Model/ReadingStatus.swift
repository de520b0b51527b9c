/// Where the reader is with a book. Written canonically as `to-read`, `reading`, `read`,
/// `abandoned`; read generously from the spellings other apps use.
public enum ReadingStatus: String, Sendable, CaseIterable, Comparable {
    case toRead = "to-read"
    case reading
    case read
    case abandoned

    /// Reads a status or one of its aliases, ignoring case, spaces, `-` and `_`
    /// (`toRead`, `want-to-read`, `currently-reading`, `finished`, `dnf`, …).
    public init?(alias text: String) {
        if let exact = ReadingStatus(rawValue: text) {
            self = exact
            return
        }
        let folded = String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic })
        switch folded {
        case "toread", "wanttoread", "unread", "tbr", "planned", "plantoread", "wishlist", "owned", "notstarted", "queued":
            self = .toRead
        case "reading", "currentlyreading", "inprogress", "started", "current", "now":
            self = .reading
        case "read", "finished", "done", "completed", "complete":
            self = .read
        case "abandoned", "dnf", "didnotfinish", "dropped", "gaveup", "stopped", "quit":
            self = .abandoned
        default:
            return nil
        }
    }

    /// The order of a reading life: to-read, reading, read, abandoned.
    public static func < (lhs: ReadingStatus, rhs: ReadingStatus) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
