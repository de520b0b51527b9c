/// Reads the simple shape most front matter has without libyaml, which costs far more per file
/// than the rest of loading a book.
///
/// The shape: at the start of a line, `key: value`, `key:` (null, or a block list of `- item`
/// lines that follows), comment lines and empty lines. A value is a plain scalar on one line
/// (a ` # comment` after it is dropped), a single- or double-quoted scalar on one line without
/// escapes, or a one-line flow list (`[a, 'b', "c"]`) of such scalars. Anything else (anchors,
/// tags, block scalars, nested maps, continued lines, tabs, escapes, control characters, the
/// characters libyaml takes for line breaks or a byte order mark) is declined, and libyaml reads
/// the file. What is accepted reads exactly as libyaml reads it: `LoadPathDifferentialTests` and
/// `SimpleFrontMatterTests` compare the two on generated, mutated and hostile front matter.
enum SimpleFrontMatter {
    /// The top-level entries of front matter `content` (the bytes between the `---` lines), as
    /// `FrontMatterValues` reads them; nil when the content is not of the simple shape.
    static func entries(_ content: UnsafeBufferPointer<UInt8>) -> [FieldEntry]? {
        var reader = SimpleFrontMatterReader(bytes: content)
        return reader.entries()
    }

    /// For a byte at `index` that is neither printable ASCII nor a line feed: true when it is a
    /// carriage return just before a line feed, or part of a character libyaml treats as any
    /// other; false for the other control characters, NEL and the other C1 controls, U+2028,
    /// U+2029, U+FEFF, U+FFFE and U+FFFF. (The bytes are known to be UTF-8.)
    static func isPlainCharacter(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        switch bytes[index] {
        case 0x0D:
            return index + 1 < count && bytes[index + 1] == 0x0A
        case 0xC2:
            return index + 1 < count && bytes[index + 1] >= 0xA0
        case 0xE2:
            return index + 2 < count && !(bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9))
        case 0xEF:
            return index + 2 < count && !(bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF)
                && !(bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE)
        case 0x80...0xBF, 0xC3...0xE1, 0xE3...0xEE, 0xF0...0xF4:
            return true
        default:
            return false
        }
    }
}

/// The line-by-line reading behind `SimpleFrontMatter`; every method returns nil to decline.
struct SimpleFrontMatterReader {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Lists longer than this are left to libyaml (whose reading cuts values at a node budget).
    static let maximumItems = 1_000
    /// Keys longer than this are left to libyaml (which limits a key's length).
    static let maximumKeyLength = 128

    static let space = UInt8(ascii: " ")
    static let hash = UInt8(ascii: "#")
    static let colon = UInt8(ascii: ":")
    static let dash = UInt8(ascii: "-")

    /// The end of the line starting at `start` (before its line break) and where the next begins;
    /// nil when the line holds a character the simple shape does not take.
    private func line(from start: Int) -> (end: Int, next: Int)? {
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte >= 0x20 && byte < 0x7F {
                end += 1
                continue
            }
            if byte == 0x0A { break }
            guard SimpleFrontMatter.isPlainCharacter(at: end, in: bytes) else { return nil }
            end += 1
        }
        let next = end < bytes.count ? end + 1 : end
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return (end, next)
    }

    mutating func entries() -> [FieldEntry]? {
        var entries: [FieldEntry] = []
        entries.reserveCapacity(16)
        var start = 0
        while start < bytes.count {
            guard let (end, next) = line(from: start) else { return nil }
            // Empty lines and comment lines at the start of a line hold nothing.
            if end == start || bytes[start] == SimpleFrontMatterReader.hash {
                start = next
                continue
            }
            guard let colon = keyEnd(from: start, to: end) else { return nil }
            let key = text(start..<colon)
            var cursor = colon + 1
            guard cursor == end || bytes[cursor] == SimpleFrontMatterReader.space else { return nil }
            while cursor < end && bytes[cursor] == SimpleFrontMatterReader.space { cursor += 1 }
            if cursor < end {
                guard let value = value(from: cursor, to: end, allowingList: true) else { return nil }
                entries.append(FieldEntry(key: key, value: value))
                start = next
            } else if let list = blockList(from: next) {
                guard let items = list.items else { return nil }
                entries.append(FieldEntry(key: key, value: .list(items)))
                start = list.next
            } else {
                entries.append(FieldEntry(key: key, value: .null))
                start = next
            }
        }
        return entries
    }

    /// The offset of the `:` ending a plain key of letters, digits, `_`, `.`, `-` and inner spaces
    /// that starts the line.
    private func keyEnd(from start: Int, to end: Int) -> Int? {
        guard isKeyStart(bytes[start]) else { return nil }
        var index = start + 1
        while index < end && index - start <= SimpleFrontMatterReader.maximumKeyLength {
            let byte = bytes[index]
            if byte == SimpleFrontMatterReader.colon {
                return bytes[index - 1] == SimpleFrontMatterReader.space ? nil : index
            }
            guard
                isKeyStart(byte) || byte == SimpleFrontMatterReader.space || byte == UInt8(ascii: ".")
                    || byte == SimpleFrontMatterReader.dash
            else { return nil }
            index += 1
        }
        return nil
    }

    private func isKeyStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "_")
    }

    /// The `- item` lines starting at `start`, all at the indentation of the first: nil when there
    /// are none (the key's value is null), `items` nil when they are not of the simple shape.
    private func blockList(from start: Int) -> (items: [FieldValue]?, next: Int)? {
        var indent = 0
        while start + indent < bytes.count && bytes[start + indent] == SimpleFrontMatterReader.space { indent += 1 }
        guard itemValueStart(at: start, indent: indent) != nil else { return nil }
        var items: [FieldValue] = []
        var lineStart = start
        while lineStart < bytes.count, let cursor = itemValueStart(at: lineStart, indent: indent) {
            guard let (end, next) = line(from: lineStart) else { return (nil, lineStart) }
            if cursor >= end {
                items.append(.null)
            } else {
                guard let item = value(from: cursor, to: end, allowingList: false) else { return (nil, next) }
                items.append(item)
            }
            guard items.count <= SimpleFrontMatterReader.maximumItems else { return (nil, next) }
            lineStart = next
        }
        return (items, lineStart)
    }

    /// Where the value of a `- item` line at exactly `indent` spaces starts (past the spaces after
    /// the dash), or nil when the line is not one.
    private func itemValueStart(at start: Int, indent: Int) -> Int? {
        let dash = start + indent
        guard dash < bytes.count, bytes[dash] == SimpleFrontMatterReader.dash else { return nil }
        for offset in 0..<indent where bytes[start + offset] != SimpleFrontMatterReader.space { return nil }
        var cursor = dash + 1
        guard
            cursor == bytes.count || bytes[cursor] == SimpleFrontMatterReader.space || bytes[cursor] == 0x0A
                || bytes[cursor] == 0x0D
        else { return nil }
        while cursor < bytes.count && bytes[cursor] == SimpleFrontMatterReader.space { cursor += 1 }
        return cursor
    }
}
