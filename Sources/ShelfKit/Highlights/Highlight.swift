/// A passage a reader marked on an e-reader, with what the device recorded about it.
public struct Highlight: Sendable, Equatable {
    /// The highlighted text (empty for a note the reader wrote without highlighting anything).
    public var text: String
    /// The note the reader typed on the device for this passage.
    public var note: String?
    /// The chapter the passage is in, when the device says.
    public var chapter: String?
    /// The printed or device page, as the device numbers it.
    public var page: String?
    /// The Kindle location or other in-book position (`170-172`).
    public var location: String?
    /// The day it was highlighted, when the device says.
    public var date: BookDate?

    init(
        text: String, note: String? = nil, chapter: String? = nil, page: String? = nil,
        location: String? = nil, date: BookDate? = nil
    ) {
        self.text = text
        self.note = note
        self.chapter = chapter
        self.page = page
        self.location = location
        self.date = date
    }

    /// A short, stable name for the passage, from its text alone: the same passage exported by
    /// the Kindle and by Readwise gets the same id, so a second import never adds it twice.
    public var id: String {
        let basis = text.isEmpty ? "note " + (note ?? "") : text
        return HighlightID.of(basis)
    }

    /// `p. 233 · loc. 3540–3542 · 2024-03-03`: where and when, as the book's section shows it.
    var placeLine: String {
        var parts: [String] = []
        if let chapter, !chapter.isEmpty { parts.append(chapter) }
        if let page, !page.isEmpty { parts.append("p. " + page) }
        if let location, !location.isEmpty { parts.append("loc. " + location.replacingDashes) }
        if let date { parts.append(date.text) }
        return parts.joined(separator: " · ")
    }
}

/// Ids of highlights: 8 hex digits of a hash of the folded text.
enum HighlightID {
    static func of(_ text: String) -> String {
        // FNV-1a over the text with runs of white space made one space and case folded, so that
        // re-wrapping or a device's changed line ends do not make a passage new.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var pendingSpace = false
        var started = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = started
                continue
            }
            if pendingSpace {
                hash = (hash ^ 0x20) &* 0x100_0000_01b3
                pendingSpace = false
            }
            started = true
            for byte in String(scalar).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        let folded = UInt32(truncatingIfNeeded: hash ^ (hash >> 32))
        let hex = String(folded, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}

/// A book as an e-reader or service knows it, with the highlights it holds for it.
struct HighlightedBook: Sendable, Equatable {
    var title: String
    var authors: [String]
    var isbn: String?
    var highlights: [Highlight]
    /// What the device says of the reading, when it says anything.
    var reading: DeviceReading?

    init(
        title: String, authors: [String] = [], isbn: String? = nil, highlights: [Highlight] = [],
        reading: DeviceReading? = nil
    ) {
        self.title = title
        self.authors = authors
        self.isbn = isbn
        self.highlights = highlights
        self.reading = reading
    }
}

/// The reading state an e-reader keeps for a book.
struct DeviceReading: Sendable, Equatable {
    enum Status: String, Sendable {
        case reading, finished
        /// Put aside for now: KOReader's `abandoned`, which its menus call *On hold*. A read
        /// paused, not given up.
        case onHold
    }
    var status: Status?
    /// 0...100.
    var percent: Double?
    var page: Int?
    var pages: Int?
    /// When the book was last opened or its status last changed.
    var lastRead: BookDate?
    /// Time spent reading, in seconds (KOReader's statistics).
    var secondsRead: Int?
    /// The first day the device records reading the book (a page turned, a passage marked).
    var started: BookDate?

    init(
        status: Status? = nil, percent: Double? = nil, page: Int? = nil, pages: Int? = nil,
        lastRead: BookDate? = nil, secondsRead: Int? = nil
    ) {
        self.status = status
        self.percent = percent
        self.page = page
        self.pages = pages
        self.lastRead = lastRead
        self.secondsRead = secondsRead
    }

    /// What two sources say of one book (a KOReader sidecar and its statistics): `newer`'s
    /// word where it has one, this one's where it has none, the earlier start.
    func merged(with newer: DeviceReading) -> DeviceReading {
        var merged = newer
        merged.status = newer.status ?? status
        merged.percent = newer.percent ?? percent
        merged.page = newer.page ?? page
        merged.pages = newer.pages ?? pages
        merged.lastRead = [newer.lastRead, lastRead].compactMap { $0 }.max()
        merged.secondsRead = newer.secondsRead ?? secondsRead
        merged.started = [newer.started, started].compactMap { $0 }.min()
        return merged
    }
}

extension String {
    /// `170-172` as `170–172`.
    var replacingDashes: String { replacingOccurrences(of: "-", with: "–") }
}
