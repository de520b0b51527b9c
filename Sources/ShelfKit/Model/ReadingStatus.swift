/// Where the reader is with a book. Written canonically as `to-read`, `reading`, `read`,
/// `abandoned`; read generously from the spellings other apps use.
public enum ReadingStatus: String, Sendable, CaseIterable, Comparable {
    case toRead = "to-read"
    case reading
    case read
    case abandoned

    /// Reads a status or one of its aliases, ignoring case, spaces, `-` and `_`
    /// (`toRead`, `want-to-read`, `currently-reading`, `finished`, `dnf`, …).
    init?(alias text: String) {
        if let exact = ReadingStatus(rawValue: text) {
            self = exact
            return
        }
        let folded = String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic })
        switch folded {
        // The words of other languages' reading logs too: Chinese, Japanese, Spanish,
        // Portuguese, German and French vaults write their own.
        case "toread", "todo", "wanttoread", "unread", "tbr", "planned", "plantoread", "wishlist", "owned", "notstarted", "queued",
            "想读", "未读", "待读", "将读", "積読", "porleer", "pendiente", "paraler", "ungelesen", "zulesen", "àlire", "alire":
            self = .toRead
        case "reading", "doing", "currentlyreading", "inprogress", "started", "current", "now",
            "在读", "读书中", "読書中", "leyendo", "lendo", "lese", "amlesen", "encours", "enlecture",
            // A book read again is being read: `on second reading`.
            "rereading", "onsecondreading", "secondreading", "onthirdreading":
            self = .reading
        case "read", "finished", "done", "completed", "complete",
            "读过", "已读", "读完", "読了", "leído", "leido", "lido", "gelesen", "lu",
            // The times it was read, said in the status: `read twice`.
            "readtwice", "readthrice", "readthreetimes", "readmanytimes":
            self = .read
        case "abandoned", "dnf", "didnotfinish", "dropped", "gaveup", "stopped", "quit",
            "弃读", "放弃", "abandonado", "abgebrochen", "abandonné":
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
