/// `shelf-imports.txt`, beside shelf.yaml: what the last import from each service wrote into
/// each book (`ImportBaseline`'s fingerprint), a line a book, so that the book itself keeps only
/// `imported: goodreads 2026-11-28`.
///
///     goodreads 42 2026-11-28 v2.hQaeIIgEFUhAAAEIg5SUAgIIFBASIABAYKiIgWAA3QEjAlQg lem-solaris.md
///
/// The words: the service; the book's id there (`isbn:` and the ISBN when the row had no id, `-`
/// when it had neither); the day of the book's `imported:` line the record belongs to (`-` when
/// none); the fingerprint; the book's path when it was written, a hint (a book is found by its id,
/// so a renamed or moved file keeps its record). A space, `%` or control character in the id or
/// the path is written `%XX`. The file lives in the library, so it syncs and versions with the
/// books; its lines are sorted and one book is one line, so two machines importing different
/// books change different lines, which git merges. A line shelf cannot read is kept as it is.
struct ImportBaselineFile: Sendable, Equatable {
    /// The file's name, in the library's folder.
    static let name = "shelf-imports.txt"
    /// The comment the file starts with, written anew each time.
    static let header = """
        # shelf import: what the last import from each service wrote into each book, so that
        # `shelf import --update` can tell a change at the source from your own (docs/import.md).
        # A line a book: service, the book's id there, the day, the fingerprint, the file.

        """

    /// One book's record.
    struct Entry: Sendable, Equatable {
        var source: String
        /// The book's id at the service (`isbn:…`, `-`), `%`-encoded as written.
        var key: String
        /// The day of the book's `imported:` line this record goes with.
        var date: String?
        /// `v2.` and 48 characters (`ImportBaseline.token`).
        var token: String
        /// The book's path (relative to the library) when the record was written.
        var path: String

        /// The written line.
        var line: String {
            [source, key, date ?? "-", token, ImportBaselineFile.encode(path)].joined(separator: " ")
        }

        /// The baseline the record holds; nil when its fingerprint does not read.
        var baseline: ImportBaseline? {
            ImportBaseline(text: ([source] + (date.map { [$0] } ?? []) + [token]).joined(separator: " "))
        }

        /// What the file holds one record for: a book at a service (by path when it has no id).
        var slot: String { ImportBaselineFile.slot(source: source, key: key, path: path) }
    }

    private(set) var entries: [String: Entry] = [:]
    /// Further records of a book the file already has one for (a merge that kept both sides,
    /// git's `merge=union`): read like a conflict copy's, and dropped when the book is recorded.
    private(set) var others: [Entry] = []
    /// Lines shelf cannot read (a later format, a hand edit), kept as they are.
    private(set) var unread: [String] = []
    /// The numbers of the lines kept unread, for a warning.
    private(set) var unreadLines: [Int] = []

    init() {}

    /// Reads the file's bytes; a line that is not a record shelf wrote is kept, not read.
    init(bytes: [UInt8]) {
        for (number, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard !raw.isEmpty, raw.first != UInt8(ascii: "#") else { continue }
            guard let text = String(validating: raw, as: UTF8.self), let entry = ImportBaselineFile.entry(text) else {
                unread.append(String(decoding: raw, as: UTF8.self))
                unreadLines.append(number + 1)
                continue
            }
            if entries[entry.slot] == nil { entries[entry.slot] = entry } else { others.append(entry) }
        }
    }

    /// The record for the book with `key` at `source` (a `-` key is looked up with `path`).
    func entry(source: String, key: String, path: String) -> Entry? {
        entries[ImportBaselineFile.slot(source: source, key: key, path: path)]
    }

    /// Every record of the book in `slot`: the first, then any further ones.
    func records(in slot: String) -> [Entry] {
        (entries[slot].map { [$0] } ?? []) + others.filter { $0.slot == slot }
    }

    /// What one record stands for: a book at a service, by its key, or by its path when it has none.
    static func slot(source: String, key: String, path: String) -> String {
        source + " " + (key == "-" ? "- " + path : key)
    }

    /// Records `entry`, replacing the book's earlier record.
    mutating func record(_ entry: Entry) {
        entries[entry.slot] = entry
        others.removeAll { $0.slot == entry.slot }
    }

    /// The file's bytes: the header, then every line sorted byte by byte.
    var bytes: [UInt8] {
        let lines = (entries.values.map(\.line) + others.map(\.line) + unread).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return Array((ImportBaselineFile.header + lines.map { $0 + "\n" }.joined()).utf8)
    }

    /// A record read from a line; nil when the line is not one.
    static func entry(_ line: String) -> Entry? {
        let words = line.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
        guard words.count == 5, !words[0].isEmpty, !words[1].isEmpty, !words[4].isEmpty, let path = decode(words[4]) else { return nil }
        let entry = Entry(source: words[0], key: words[1], date: words[2] == "-" ? nil : words[2], token: words[3], path: path)
        guard let baseline = entry.baseline, baseline.token == entry.token, baseline.source == entry.source else { return nil }
        return entry
    }

    /// The key of `record`'s book at `source`: its id there, else its ISBN, else `-`.
    static func key(for record: ImportRecord, source: ImportSource) -> String {
        if let id = record.text(of: source.rawValue)?.trimmingSpaces, !id.isEmpty { return encode(id) }
        if let isbn = record.text(of: CanonicalField.isbn.rawValue)?.trimmingSpaces, !isbn.isEmpty { return "isbn:" + encode(isbn) }
        return "-"
    }

    /// `%XX` for `%`, a space and control characters, so that a word holds no space or line break.
    static func encode(_ text: String) -> String {
        var written: [UInt8] = []
        for byte in text.utf8 {
            if byte == UInt8(ascii: "%") || byte == UInt8(ascii: " ") || byte < 0x20 || byte == 0x7F {
                let hex = String(byte, radix: 16, uppercase: true)
                written += Array(("%" + (hex.count == 1 ? "0" + hex : hex)).utf8)
            } else {
                written.append(byte)
            }
        }
        // Only ASCII bytes were replaced, so the rest is the text's own UTF-8.
        return String(decoding: written, as: UTF8.self)
    }

    /// The text `encode` wrote; nil when a `%` is not followed by two hex digits.
    static func decode(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next(), let low = utf8.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// The records `import --update` reads: `shelf-imports.txt`, and any conflict copies a sync tool
/// made of it (two machines that imported before syncing).
struct ImportBaselines: Sendable {
    var file = ImportBaselineFile()
    var copies: [ImportBaselineFile] = []

    init(file: ImportBaselineFile = ImportBaselineFile(), copies: [ImportBaselineFile] = []) {
        self.file = file
        self.copies = copies
    }

    /// The baseline of the book at `path` whose `imported:` line has `date`, found by any of
    /// `keys`; nil when no record goes with that line.
    ///
    /// A record counts only when its day is the line's: one from before the book's last import
    /// (a file restored from a backup, a sync that lost a version) is stale, and treated as none.
    /// The file is asked first; its further records of the book and the conflict copies' only
    /// when it has no record that fits, and only when those that fit agree.
    func baseline(source: String, keys: [String], path: String, date: String?) -> ImportBaseline? {
        for key in keys {
            if let entry = file.entry(source: source, key: key, path: path), entry.date == date { return entry.baseline }
        }
        for key in keys {
            let slot = ImportBaselineFile.slot(source: source, key: key, path: path)
            let fitting = (file.others.filter { $0.slot == slot } + copies.flatMap { $0.records(in: slot) }).filter { $0.date == date }
            if let first = fitting.first, fitting.allSatisfy({ $0.token == first.token }) { return first.baseline }
            if !fitting.isEmpty { return nil }
        }
        return nil
    }
}
