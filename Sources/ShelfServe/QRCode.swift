/// A QR code (ISO/IEC 18004) of a short text in byte mode, versions 1 to 10, error correction
/// level M (L when M does not fit): enough for the access URL `shelf serve` prints for a phone.
/// Made here rather than taken from a package: no QR package is among the local ones, and the
/// part needed is small. Checked by decoding what it draws with zbar (ServeAccessTests).
struct QRCode {
    /// `modules[y][x]`, true for dark.
    let modules: [[Bool]]
    var size: Int { modules.count }

    enum Level: Int { case low = 1, medium = 0 }

    /// nil when the text is too long for version 10 at level L (271 bytes).
    init?(_ text: String) {
        let data = Array(text.utf8)
        for level in [Level.medium, .low] {
            for version in 1...10 {
                let layout = QRCode.blocks(version, level)
                let capacity = layout.reduce(0) { $0 + $1.count * $1.data }
                let countBits = version < 10 ? 8 : 16
                guard 4 + countBits + data.count * 8 <= capacity * 8 else { continue }
                modules = QRCode.draw(version: version, level: level, codewords: QRCode.codewords(data, version: version, level: level))
                return
            }
        }
        return nil
    }

    // MARK: Codewords

    /// Per version and level: (EC codewords per block, [(blocks, data codewords in each)]).
    private static let table: [Level: [(ec: Int, groups: [(count: Int, data: Int)])]] = [
        .low: [
            (7, [(1, 19)]), (10, [(1, 34)]), (15, [(1, 55)]), (20, [(1, 80)]), (26, [(1, 108)]),
            (18, [(2, 68)]), (20, [(2, 78)]), (24, [(2, 97)]), (30, [(2, 116)]), (18, [(2, 68), (2, 69)]),
        ],
        .medium: [
            (10, [(1, 16)]), (16, [(1, 28)]), (26, [(1, 44)]), (18, [(2, 32)]), (24, [(2, 43)]),
            (16, [(4, 27)]), (18, [(4, 31)]), (22, [(2, 38), (2, 39)]), (22, [(3, 36), (2, 37)]), (26, [(4, 43), (1, 44)]),
        ],
    ]

    private static func blocks(_ version: Int, _ level: Level) -> [(count: Int, data: Int)] {
        table[level]?[version - 1].groups ?? []
    }

    /// The data bits (mode, count, bytes, terminator, padding) cut in blocks, each with its
    /// Reed–Solomon codewords, interleaved as the standard lays them out.
    private static func codewords(_ data: [UInt8], version: Int, level: Level) -> [UInt8] {
        guard let entry = table[level]?[version - 1] else { return [] }
        let capacity = entry.groups.reduce(0) { $0 + $1.count * $1.data }
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
        }
        append(0b0100, 4)
        append(data.count, version < 10 ? 8 : 16)
        for byte in data { append(Int(byte), 8) }
        append(0, min(4, capacity * 8 - bits.count))
        while bits.count % 8 != 0 { bits.append(false) }
        var bytes = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<(start + 8)].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while bytes.count < capacity { bytes.append(pad); pad = pad == 0xEC ? 0x11 : 0xEC }
        var dataBlocks: [[UInt8]] = []
        var offset = 0
        for group in entry.groups {
            for _ in 0..<group.count { dataBlocks.append(Array(bytes[offset..<(offset + group.data)])); offset += group.data }
        }
        let divisor = ReedSolomon.divisor(degree: entry.ec)
        let ecBlocks = dataBlocks.map { ReedSolomon.remainder($0, divisor: divisor) }
        var result: [UInt8] = []
        for index in 0..<(dataBlocks.map(\.count).max() ?? 0) {
            for block in dataBlocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<entry.ec { for block in ecBlocks { result.append(block[index]) } }
        return result
    }

    // MARK: Matrix

    private static let alignment: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
    ]

    private struct Matrix {
        var dark: [[Bool]]
        var function: [[Bool]]
        init(size: Int) {
            dark = Array(repeating: Array(repeating: false, count: size), count: size)
            function = dark
        }
        mutating func set(_ x: Int, _ y: Int, _ value: Bool) { dark[y][x] = value; function[y][x] = true }
    }

    private static func draw(version: Int, level: Level, codewords: [UInt8]) -> [[Bool]] {
        let size = version * 4 + 17
        var matrix = Matrix(size: size)
        for index in 0..<size { matrix.set(6, index, index % 2 == 0); matrix.set(index, 6, index % 2 == 0) }
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(cx + dx) && (0..<size).contains(cy + dy) {
                    let distance = max(abs(dx), abs(dy))
                    matrix.set(cx + dx, cy + dy, distance != 2 && distance != 4)
                }
            }
        }
        let centers = alignment[version - 1]
        for (i, cy) in centers.enumerated() {
            for (j, cx) in centers.enumerated() {
                let last = centers.count - 1
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 { for dx in -2...2 { matrix.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) } }
            }
        }
        drawFormat(&matrix, level: level, mask: 0)
        if version >= 7 { drawVersion(&matrix, version) }
        placeData(&matrix, codewords)
        var best: [[Bool]] = []
        var bestPenalty = Int.max
        for mask in 0..<8 {
            var candidate = matrix
            applyMask(&candidate, mask)
            drawFormat(&candidate, level: level, mask: mask)
            let score = penalty(candidate.dark)
            if score < bestPenalty { bestPenalty = score; best = candidate.dark }
        }
        return best
    }

    private static func drawFormat(_ matrix: inout Matrix, level: Level, mask: Int) {
        let data = level.rawValue << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }
        let size = matrix.dark.count
        for i in 0...5 { matrix.set(8, i, bit(i)) }
        matrix.set(8, 7, bit(6)); matrix.set(8, 8, bit(7)); matrix.set(7, 8, bit(8))
        for i in 9..<15 { matrix.set(14 - i, 8, bit(i)) }
        for i in 0..<8 { matrix.set(size - 1 - i, 8, bit(i)) }
        for i in 8..<15 { matrix.set(8, size - 15 + i, bit(i)) }
        matrix.set(8, size - 8, true)
    }

    private static func drawVersion(_ matrix: inout Matrix, _ version: Int) {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        let size = matrix.dark.count
        for i in 0..<18 {
            let value = (bits >> i) & 1 == 1
            let a = size - 11 + i % 3, b = i / 3
            matrix.set(a, b, value); matrix.set(b, a, value)
        }
    }

    /// The codewords' bits in the two-column zigzag from the bottom right, around the patterns.
    private static func placeData(_ matrix: inout Matrix, _ codewords: [UInt8]) {
        let size = matrix.dark.count
        var index = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for column in 0..<2 {
                    let x = right - column
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    if !matrix.function[y][x], index < codewords.count * 8 {
                        matrix.dark[y][x] = (codewords[index >> 3] >> (7 - UInt8(index & 7))) & 1 == 1
                        index += 1
                    }
                }
            }
            right -= 2
        }
    }

    private static func applyMask(_ matrix: inout Matrix, _ mask: Int) {
        for y in 0..<matrix.dark.count {
            for x in 0..<matrix.dark.count where !matrix.function[y][x] {
                let flip: Bool
                switch mask {
                case 0: flip = (x + y) % 2 == 0
                case 1: flip = y % 2 == 0
                case 2: flip = x % 3 == 0
                case 3: flip = (x + y) % 3 == 0
                case 4: flip = (x / 3 + y / 2) % 2 == 0
                case 5: flip = x * y % 2 + x * y % 3 == 0
                case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
                default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if flip { matrix.dark[y][x].toggle() }
            }
        }
    }

    /// The standard's four penalty rules: long runs, 2×2 blocks, finder-like patterns, balance.
    private static func penalty(_ dark: [[Bool]]) -> Int {
        let size = dark.count
        let columns = (0..<size).map { x in dark.map { $0[x] } }
        var score = 0
        let finderLike: [[Bool]] = [
            [true, false, true, true, true, false, true, false, false, false, false],
            [false, false, false, false, true, false, true, true, true, false, true],
        ]
        for line in dark + columns {
            var run = 1
            for index in 1..<size {
                if line[index] == line[index - 1] { run += 1 } else { run = 1 }
                if run == 5 { score += 3 } else if run > 5 { score += 1 }
            }
            for start in 0...(size - 11) {
                for pattern in finderLike where line[start..<(start + 11)].elementsEqual(pattern) { score += 40 }
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let value = dark[y][x]
                if dark[y][x + 1] == value, dark[y + 1][x] == value, dark[y + 1][x + 1] == value { score += 3 }
            }
        }
        let darkCount = dark.reduce(0) { $0 + $1.filter { $0 }.count }
        score += abs(darkCount * 20 - size * size * 10) / (size * size) * 10
        return score
    }

    // MARK: Drawing

    /// The code as text for a terminal, two rows of modules a line, with a quiet zone of four.
    /// With `colors`, each cell is set black on white explicitly (a dark terminal would invert a
    /// code drawn with blocks alone); without, `█▀▄` are dark and a space is light.
    func terminalText(colors: Bool) -> String {
        let quiet = 4
        let span = size + quiet * 2
        func dark(_ x: Int, _ y: Int) -> Bool {
            let mx = x - quiet, my = y - quiet
            return (0..<size).contains(mx) && (0..<size).contains(my) && modules[my][mx]
        }
        var lines: [String] = []
        for y in stride(from: 0, to: span, by: 2) {
            var line = ""
            for x in 0..<span {
                let top = dark(x, y), bottom = y + 1 < span && dark(x, y + 1)
                if colors {
                    // ▀ in the top module's colour on the bottom module's background.
                    line += "\u{1B}[\(top ? 30 : 97);\(bottom ? 40 : 107)m▀"
                } else {
                    line += top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
                }
            }
            lines.append(colors ? line + "\u{1B}[0m" : line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Reed–Solomon error correction codewords over GF(256) with the QR polynomial 0x11D.
private enum ReedSolomon {
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var result = 0
        for shift in stride(from: 7, through: 0, by: -1) {
            result = (result << 1) ^ ((result >> 7) * 0x11D)
            if (y >> UInt8(shift)) & 1 == 1 { result ^= Int(x) }
        }
        return UInt8(result & 0xFF)
    }

    static func divisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for j in 0..<degree {
                result[j] = multiply(result[j], root)
                if j + 1 < degree { result[j] ^= result[j + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in 0..<divisor.count { result[index] ^= multiply(divisor[index], factor) }
        }
        return result
    }
}
