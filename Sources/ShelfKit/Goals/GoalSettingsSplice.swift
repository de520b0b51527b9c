/// The change `shelf goal` makes to `shelf.yaml`, as a splice into its bytes: one year's line of
/// the `goals:` map is replaced, inserted (in year order) or removed, or the map is added at the
/// end of the file. Every other byte (comments, other settings, line endings) stays as it is.
struct GoalSettingsSplice {
    let bytes: [UInt8]

    /// Why the settings cannot be changed by shelf. Nothing is written.
    struct Refusal: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// The bytes with `goal` as its year's line.
    func setting(_ goal: ReadingGoal) throws -> [UInt8] {
        let line = "\(goal.year): \(goal.flowMap)"
        guard let root = try parsed() else { return appendingMap(line) }
        guard let (key, value) = entry(ReadingGoal.key, in: root) else { return appendingMap(line) }
        guard case .mapping(let years) = value, !years.isFlow else {
            if case .scalar(let scalar) = value, scalar.range.isEmpty {
                // `goals:` with nothing under it yet: the first line goes below it.
                return splice(lineEnd(after: key.range.upperBound), 0, with: lineEnding + "  " + line)
            }
            throw Refusal(description: "goals: is not a block of `YEAR: {books: N}` lines; edit shelf.yaml by hand")
        }
        let indent = String(repeating: " ", count: years.entries.first.map { column(of: $0.key.range.lowerBound) } ?? 2)
        if let existing = years.entries.first(where: { Int($0.key.scalar?.value ?? "") == goal.year }) {
            return splice(existing.value.range.lowerBound, existing.value.range.count, with: goal.flowMap)
        }
        if let later = years.entries.first(where: { (Int($0.key.scalar?.value ?? "") ?? Int.max) > goal.year }) {
            let start = lineStart(of: later.key.range.lowerBound)
            return splice(start, 0, with: indent + line + lineEnding)
        }
        // After the last year's line, before its line break.
        let end = entryEnd(years.entries.last?.value.range.upperBound ?? years.range.upperBound)
        return splice(end, 0, with: lineEnding + indent + line)
    }

    /// The bytes without `year`'s goal: its line of `goals:`, or for the current year the older
    /// `goal:` line. Nil when there is no such goal.
    func clearing(year: Int, currentYear: Int) throws -> [UInt8]? {
        guard let root = try parsed() else { return nil }
        if case .mapping(let years)? = entry(ReadingGoal.key, in: root)?.value,
            let line = years.entries.first(where: { Int($0.key.scalar?.value ?? "") == year })
        {
            guard !years.isFlow else {
                throw Refusal(description: "goals: is written as a {…} map; edit shelf.yaml by hand")
            }
            return removingLines(from: line.key.range.lowerBound, to: line.value.range.upperBound)
        }
        if year == currentYear, let (key, value) = entry(ReadingGoal.legacyKey, in: root) {
            return removingLines(from: key.range.lowerBound, to: value.range.upperBound)
        }
        return nil
    }

    private func parsed() throws -> YAMLNode? {
        let root = try bytes.withUnsafeBufferPointer { buffer throws(DocumentError) in
            try YAMLTreeParser(baseOffset: 0, firstLine: 0).parse(buffer)
        }
        if let root, root.mapping == nil {
            throw Refusal(description: "shelf.yaml is not a map of settings; edit it by hand")
        }
        return root
    }

    private func entry(_ key: String, in root: YAMLNode) -> (key: YAMLNode, value: YAMLNode)? {
        guard let found = root.mapping?.entries.last(where: { $0.key.scalar?.value == key }) else { return nil }
        return (found.key, found.value)
    }

    /// `goals:` and its first line, at the end of the file.
    private func appendingMap(_ line: String) -> [UInt8] {
        let separator = bytes.isEmpty || bytes.last == 0x0A ? "" : lineEnding
        return bytes + Array((separator + ReadingGoal.key + ":" + lineEnding + "  " + line + lineEnding).utf8)
    }

    private func removingLines(from start: Int, to end: Int) -> [UInt8] {
        let from = lineStart(of: start)
        var to = entryEnd(end)
        if to < bytes.count, bytes[to] == 0x0D { to += 1 }
        if to < bytes.count, bytes[to] == 0x0A { to += 1 }
        return Array(bytes[..<from] + bytes[to...])
    }

    /// Where the line holding the end of a value ends (before its line break).
    private func entryEnd(_ end: Int) -> Int {
        var index = end
        // A block value's range may end after its line break: the line ends before it.
        while index > 0, bytes[index - 1] == 0x0A || bytes[index - 1] == 0x0D { index -= 1 }
        return lineEnd(after: index)
    }

    private func splice(_ start: Int, _ count: Int, with text: String) -> [UInt8] {
        Array(bytes[..<start]) + Array(text.utf8) + Array(bytes[(start + count)...])
    }

    private var lineEnding: String {
        bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D ? "\r\n" : "\n" } ?? "\n"
    }

    private func lineStart(of offset: Int) -> Int {
        var index = offset
        while index > 0, bytes[index - 1] != 0x0A { index -= 1 }
        return index
    }

    /// The offset of the line break ending the line at `offset` (its `\r` for CRLF), or the end.
    private func lineEnd(after offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        if index > offset, index <= bytes.count, index > 0, bytes[index - 1] == 0x0D { index -= 1 }
        return index
    }

    private func column(of offset: Int) -> Int { offset - lineStart(of: offset) }
}
