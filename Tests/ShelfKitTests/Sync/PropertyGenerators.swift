import Foundation
@testable import ShelfKit

/// Random book documents of the shapes people write: LF or CRLF, an optional BOM, comments, blank
/// lines, quoted and plain scalars, flow and block lists, block scalars, a body or none.
struct SyncDocumentGenerator {
    struct Generated {
        var text: String
        var bytes: [UInt8]
        /// The top-level keys, in order.
        var keys: [String]
        var crlf: Bool
        /// The entries whose value is a scalar, and those holding a flat list of strings.
        var scalarKeys: [String]
        var listKeys: [String: [String]]
    }

    /// Strings that each need care from a YAML writer.
    static let tricky = [
        "plain", "two words", "Dune: Messiah", "a # b", "a#b", " leading", "trailing ", "1984", "3.14", "Yes", "no",
        "null", "~", "0441478123", "0x1F", "2024-03-02", "[x]", "{y}", "*star", "&amp", "!bang", "%pct", "@at",
        "`tick", "quote\"d", "it's", "'", "\"", "\\back\\", "multi\nline", "tab\there", "ünïcödé", "日本語",
        "emoji 📚", "", "- dash", "? q", "#hash", "key: value", "...", "---", "a  b", "ends:", "|", ">", "=", "<<",
    ]
    static let words = ["calm", "cozy", "Frank Herbert", "Ace Books", "living room", "sci-fi", "Le Guin", "über"]
    static let tagPool = ["sci-fi", "classics", "desert", "epic", "space", "to-reread", "favourite", "série"]
    static let customKeys = ["mood", "place", "publisher", "series", "shelf mark", "Source", "x_note", "language"]

    static func make(_ random: inout SyncRandom) -> Generated {
        let crlf = random.chance(25)
        let eol = crlf ? "\r\n" : "\n"
        var lines: [String] = []
        var keys: [String] = []
        var scalarKeys: [String] = []
        var listKeys: [String: [String]] = [:]

        func comment() -> String { random.chance(20) ? "  # " + random.pick(words) : "" }
        func scalar(_ value: String) -> String {
            switch random.next(upTo: 3) {
            case 0 where YAMLScalarWriter.isPlainSafe(value, context: .block): return value
            case 1 where !value.contains("'"): return "'" + value + "'"
            default: return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            }
        }

        lines.append("title: " + scalar(random.pick(["Dune", "The Left Hand of Darkness", "Kindred", "Piranesi"])) + comment())
        keys.append("title")
        scalarKeys.append("title")
        var pool = customKeys + ["rating", "status", "tags", "authors"]
        for _ in 0..<random.next(upTo: 7) {
            let key = pool.remove(at: random.next(upTo: pool.count))
            if random.chance(15) { lines.append(random.chance(50) ? "" : "# a comment line") }
            switch key {
            case "rating":
                lines.append("rating: \(1 + random.next(upTo: 5))" + comment())
                scalarKeys.append(key)
            case "status":
                lines.append("status: " + random.pick(["to-read", "reading", "read", "finished", "dnf"]) + comment())
                scalarKeys.append(key)
            case "tags", "authors":
                let items = (0..<random.next(upTo: 4)).map { _ in random.pick(key == "tags" ? tagPool : words) }
                let unique = items.reduce(into: [String]()) { list, item in
                    if !list.contains(where: { TextFolding.foldTag($0) == TextFolding.foldTag(item) }) { list.append(item) }
                }
                if random.chance(50) || unique.isEmpty {
                    lines.append("\(key): [" + unique.joined(separator: ", ") + "]" + comment())
                } else {
                    let indent = random.pick(["", "  ", "    "])
                    lines.append("\(key):")
                    lines += unique.map { indent + "- " + $0 }
                }
                listKeys[key] = unique
            default:
                if random.chance(15) {
                    lines.append(key + ": |")
                    lines += ["  " + random.pick(words), "  " + random.pick(words)]
                } else {
                    lines.append(key + ": " + scalar(random.pick(words + tricky.filter { !$0.contains("\n") && !$0.isEmpty })) + comment())
                }
                scalarKeys.append(key)
            }
            keys.append(key)
        }
        let close = random.chance(10) ? "..." : "---"
        var body: [String] = []
        if random.chance(70) {
            body = (0..<random.next(upTo: 4)).map { _ in random.pick(["Notes.", "", "---", "### 2024-03-02 21:14", "key: not yaml"]) }
        }
        var text = (random.chance(10) ? "\u{FEFF}" : "") + (["---"] + lines + [close]).joined(separator: eol)
        if !body.isEmpty || random.chance(80) { text += eol }
        text += body.joined(separator: eol)
        if !body.isEmpty && random.chance(70) { text += eol }
        return Generated(text: text, bytes: Array(text.utf8), keys: keys, crlf: crlf, scalarKeys: scalarKeys, listKeys: listKeys)
    }
}

/// One random edit of a generated document, with the bytes it may touch and what it must leave.
struct SyncEditGenerator {
    enum Shape {
        case unchanged, removedLines, sameLineCount, oneLineAdded, anyLines
    }

    /// What the edited key must read back as.
    enum Expectation: Equatable {
        case text(String)
        case texts([String])
        case gone
        case same(FieldValue)
    }

    var edit: FieldEdit
    /// The byte range of the original that the edit may replace.
    var touched: Range<Int>
    var shape: Shape
    var key: String?
    var expected: Expectation

    static func make(
        _ random: inout SyncRandom, for document: BookDocument, generated: SyncDocumentGenerator.Generated
    ) -> SyncEditGenerator {
        let frontMatter = document.frontMatter!
        let end = frontMatter.layout.contentRange.upperBound
        func entry(_ key: String) -> FrontMatterEntry { frontMatter.entry(key)! }
        var choice = random.next(upTo: 6)
        let list = generated.listKeys.sorted { $0.key < $1.key }.first
        if (choice == 3 || choice == 4) && list == nil { choice = 0 }
        switch choice {
        case 0:
            // Set an existing scalar to a new string: its lines only, as many as before unless
            // the old value was a block scalar or the same text.
            let key = random.pick(generated.scalarKeys)
            let value = random.pick(SyncDocumentGenerator.tricky.filter { !$0.contains("\n") })
            let old = entry(key)
            let isBlock = old.value.scalar.map { $0.style == .literal || $0.style == .folded } ?? true
            let same = old.value.scalar?.value == value
            return SyncEditGenerator(
                edit: .set(key, .string(value)), touched: old.lineRange,
                shape: same || isBlock ? .anyLines : .sameLineCount, key: key, expected: .text(value))
        case 1:
            // A new key: one line at the end of the front matter.
            let key = random.pick(["gift from", "mood2", "Borrowed By", "copies_owned"])
            let value = random.pick(SyncDocumentGenerator.tricky)
            return SyncEditGenerator(
                edit: .set(key, .string(value)), touched: end..<end, shape: .oneLineAdded,
                key: key, expected: .text(value))
        case 2:
            // Remove a key: exactly its lines.
            let key = random.pick(generated.keys)
            return SyncEditGenerator(edit: .unset(key), touched: entry(key).lineRange, shape: .removedLines, key: key, expected: .gone)
        case 3, 4:
            // Add an item, or remove one, in whichever list the document has.
            let (key, items) = list!
            let old = entry(key)
            let isFlow = old.value.sequence?.isFlow ?? true
            if random.chance(50), !items.isEmpty {
                let item = random.pick(items)
                let remaining = items.filter { $0 != item }
                return SyncEditGenerator(
                    edit: .remove(key, item), touched: old.lineRange,
                    shape: isFlow ? .sameLineCount : .anyLines, key: key, expected: .texts(remaining))
            }
            let item = random.pick(SyncDocumentGenerator.tagPool + ["new one", "Dune: Messiah", "1984", "a, b"])
            let present = items.contains { TextFolding.foldTag($0) == TextFolding.foldTag(item) }
            let shape: Shape = present ? .unchanged : (isFlow ? .sameLineCount : .oneLineAdded)
            return SyncEditGenerator(
                edit: .add(key, item), touched: old.lineRange, shape: shape, key: key,
                expected: .texts(present ? items : items + [item]))
        default:
            // Set a string to what it already holds: nothing changes.
            let key = random.pick(generated.scalarKeys)
            let old = entry(key)
            guard let scalar = old.value.scalar, scalar.style != .plain || !YAMLScalarWriter.looksTyped(scalar.value) else {
                return SyncEditGenerator(edit: .unset("never-there"), touched: end..<end, shape: .unchanged, key: nil, expected: .gone)
            }
            return SyncEditGenerator(
                edit: .set(key, .string(scalar.value)), touched: old.lineRange, shape: .unchanged,
                key: key, expected: .same(FieldValue(old.value)))
        }
    }

    /// True when `value` is what the edited key must read back as.
    func isMet(by value: FieldValue?) -> Bool {
        switch expected {
        case .text(let text): return value?.text == text
        case .texts(let texts): return value.map { if case .list = $0 { $0.texts == texts } else { false } } ?? false
        case .gone: return value == nil
        case .same(let old): return value == old
        }
    }
}
