import Testing

/// Text with position markers (1️⃣ 2️⃣ 3️⃣ … 9️⃣, 🔟), stripped out: the clean UTF-8 bytes and the
/// byte offset at which each marker stood, so a test can say `range == m[1]..<m[2]`.
///
/// ```
/// let m = MarkedText("---\ntitle: 1️⃣Dune2️⃣  # note\n---\n")
/// m.bytes   // the file without the markers
/// m[1]      // 11, the byte offset of "D"
/// ```
///
/// A marker used twice, or asked for but missing, is a mistake in the test: it is recorded as an
/// issue (and a missing one reads as offset -1, which no range matches).
struct MarkedText {
    /// The text's UTF-8 bytes with every marker removed.
    let bytes: [UInt8]
    /// The byte offset of each marker in `bytes`, by marker number.
    let offsets: [Int: Int]

    init(_ marked: String) {
        var bytes: [UInt8] = []
        var offsets: [Int: Int] = [:]
        let scalars = Array(marked.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            // A keycap: an ASCII digit, VARIATION SELECTOR-16, COMBINING ENCLOSING KEYCAP.
            if ("0"..."9").contains(scalar), index + 2 < scalars.count,
                scalars[index + 1] == "\u{FE0F}", scalars[index + 2] == "\u{20E3}"
            {
                let number = Int(scalar.value) - 0x30
                if offsets[number] != nil { Issue.record("marker \(number) appears twice") }
                offsets[number] = bytes.count
                index += 3
                continue
            }
            if scalar == "\u{1F51F}" {  // 🔟
                if offsets[10] != nil { Issue.record("marker 10 appears twice") }
                offsets[10] = bytes.count
                index += 1
                continue
            }
            bytes.append(contentsOf: String(scalar).utf8)
            index += 1
        }
        self.bytes = bytes
        self.offsets = offsets
    }

    /// The byte offset of marker `number`.
    subscript(_ number: Int) -> Int {
        guard let offset = offsets[number] else {
            Issue.record("no marker \(number) in the text")
            return -1
        }
        return offset
    }

    /// The clean text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
