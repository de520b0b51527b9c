/// The values of `SimpleFrontMatterReader`: the scalars and one-line lists it takes, read as
/// libyaml reads them.
extension SimpleFrontMatterReader {
    /// A value that fills the rest of the line from `start` (a comment after it aside).
    func value(from start: Int, to end: Int, allowingList: Bool) -> FieldValue? {
        switch bytes[start] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            guard let (value, after) = quoted(from: start, to: end), onlyCommentFollows(after, end) else { return nil }
            return .scalar(value, isPlain: false)
        case UInt8(ascii: "[") where allowingList:
            return flowList(from: start, to: end)
        default:
            return plain(from: start, to: end)
        }
    }

    /// A plain scalar: up to the end of the line or a ` #` comment, trailing spaces dropped.
    func plain(from start: Int, to end: Int) -> FieldValue? {
        guard !isIndicator(bytes[start]) else { return nil }
        var last = start + 1
        var index = start + 1
        while index < end {
            let byte = bytes[index]
            if byte == SimpleFrontMatterReader.space {
                if index + 1 < end && bytes[index + 1] == SimpleFrontMatterReader.hash { break }
            } else {
                // `: ` would start a mapping, which a plain scalar on a key's line cannot hold.
                if byte == SimpleFrontMatterReader.colon && (index + 1 == end || bytes[index + 1] == SimpleFrontMatterReader.space) {
                    return nil
                }
                last = index + 1
            }
            index += 1
        }
        return scalar(start..<last)
    }

    /// `[a, 'b', "c"]` on one line, a comment aside; an item is a quoted scalar or a plain one
    /// without `:`, `#`, `?` or brackets.
    func flowList(from start: Int, to end: Int) -> FieldValue? {
        var items: [FieldValue] = []
        var index = skipSpaces(start + 1, end)
        if index < end && bytes[index] == UInt8(ascii: "]") {
            return onlyCommentFollows(index + 1, end) ? .list([]) : nil
        }
        while index < end {
            let item: FieldValue
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let (value, after) = quoted(from: index, to: end) else { return nil }
                item = .scalar(value, isPlain: false)
                index = skipSpaces(after, end)
            } else {
                guard !isIndicator(byte) else { return nil }
                let itemStart = index
                var last = index + 1
                index += 1
                while index < end && bytes[index] != UInt8(ascii: ",") && bytes[index] != UInt8(ascii: "]") {
                    switch bytes[index] {
                    case SimpleFrontMatterReader.colon, SimpleFrontMatterReader.hash, UInt8(ascii: "?"),
                        UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "}"):
                        return nil
                    case SimpleFrontMatterReader.space: break
                    default: last = index + 1
                    }
                    index += 1
                }
                item = scalar(itemStart..<last)
            }
            items.append(item)
            guard index < end, items.count <= SimpleFrontMatterReader.maximumItems else { return nil }
            if bytes[index] == UInt8(ascii: "]") {
                return onlyCommentFollows(index + 1, end) ? .list(items) : nil
            }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipSpaces(index + 1, end)
            // `[a, ]` and `[a,, b]` are left to libyaml.
            guard index < end, bytes[index] != UInt8(ascii: "]"), bytes[index] != UInt8(ascii: ",") else { return nil }
        }
        return nil
    }

    /// A quoted scalar closed on the same line, and the offset after its closing quote. A double-
    /// quoted one may not hold a backslash; in a single-quoted one `''` is a quote.
    func quoted(from start: Int, to end: Int) -> (String, Int)? {
        let quote = bytes[start]
        var index = start + 1
        if quote == UInt8(ascii: "\"") {
            while index < end && bytes[index] != quote {
                guard bytes[index] != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            guard index < end else { return nil }
            return (text(start + 1..<index), index + 1)
        }
        var value: [UInt8] = []
        var hasEscapedQuote = false
        while index < end {
            if bytes[index] == quote {
                guard index + 1 < end && bytes[index + 1] == quote else {
                    let text = hasEscapedQuote ? String(decoding: value, as: UTF8.self) : text(start + 1..<index)
                    return (text, index + 1)
                }
                hasEscapedQuote = true
                index += 1
            }
            value.append(bytes[index])
            index += 1
        }
        return nil
    }

    /// True when only spaces, or spaces and a comment, follow `index` on the line.
    func onlyCommentFollows(_ index: Int, _ end: Int) -> Bool {
        let after = skipSpaces(index, end)
        return after == end || (after > index && bytes[after] == SimpleFrontMatterReader.hash)
    }

    func skipSpaces(_ index: Int, _ end: Int) -> Int {
        var index = index
        while index < end && bytes[index] == SimpleFrontMatterReader.space { index += 1 }
        return index
    }

    /// Characters that cannot start a plain scalar (or that start one only in some contexts).
    func isIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "&"),
            UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "'"),
            UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: " "):
            return true
        default:
            return false
        }
    }

    /// A plain scalar's value, null for the words a YAML reader takes for null (`~`, `null`,
    /// `Null`, `NULL`; an empty plain scalar never reaches here).
    func scalar(_ range: Range<Int>) -> FieldValue {
        let start = range.lowerBound
        let isNull =
            switch range.count {
            case 1: bytes[start] == UInt8(ascii: "~")
            case 4:
                (bytes[start] == UInt8(ascii: "n") || bytes[start] == UInt8(ascii: "N"))
                    && ((bytes[start + 1] == UInt8(ascii: "u") && bytes[start + 2] == UInt8(ascii: "l")
                        && bytes[start + 3] == UInt8(ascii: "l"))
                        || (bytes[start] == UInt8(ascii: "N") && bytes[start + 1] == UInt8(ascii: "U")
                            && bytes[start + 2] == UInt8(ascii: "L") && bytes[start + 3] == UInt8(ascii: "L")))
            default: false
            }
        return isNull ? .null : .scalar(text(range), isPlain: true)
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
