/// The spellings of the canonical keys in a small open-addressing table of packed bytes, so that
/// reading a key (every key of every book a library loads) neither hashes a `String` nor
/// allocates one.
///
/// It answers exactly as `CanonicalField.lookUpHashing` does: the key as written first, then the
/// key folded (`_`, `-` and spaces dropped, ASCII letters lowercased).
struct CanonicalKeyTable: Sendable {
    /// Up to 15 bytes and their count, in two words: equal keys, and only they, pack equal.
    private struct Packed: Equatable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        static let capacity = 15

        mutating func set(_ byte: UInt8, at index: Int) {
            if index < 8 {
                low |= UInt64(byte) << (8 * UInt64(index))
            } else {
                high |= UInt64(byte) << (8 * UInt64(index - 8))
            }
        }

        func counted(_ count: Int) -> Packed {
            Packed(low: low, high: high | UInt64(count) << 56)
        }

        var hash: Int {
            Int(truncatingIfNeeded: ((low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xFF51_AFD7_ED55_8CCD) >> 32)
        }
    }

    private struct Slot {
        var key: Packed
        var field: CanonicalField?
    }

    private let slots: [Slot]
    private let mask: Int
    /// False when some spelling is longer than `Packed.capacity` (then longer keys go to the dictionary).
    private let holdsEverySpelling: Bool

    init(_ table: [String: CanonicalField]) {
        var size = 16
        while size < table.count * 4 { size *= 2 }
        var slots = [Slot](repeating: Slot(key: Packed(), field: nil), count: size)
        var holdsEverySpelling = true
        for (key, field) in table {
            let bytes = Array(key.utf8)
            guard bytes.count <= Packed.capacity else {
                holdsEverySpelling = false
                continue
            }
            var packed = Packed()
            for (index, byte) in bytes.enumerated() { packed.set(byte, at: index) }
            packed = packed.counted(bytes.count)
            var index = packed.hash & (size - 1)
            while slots[index].field != nil { index = (index + 1) & (size - 1) }
            slots[index] = Slot(key: packed, field: field)
        }
        self.slots = slots
        self.mask = size - 1
        self.holdsEverySpelling = holdsEverySpelling
    }

    /// What the table knows of a key.
    enum Answer: Equatable {
        case field(CanonicalField)
        /// The key stands for no canonical field.
        case none
        /// The key is not plain ASCII, or too long to be told here: ask the dictionary.
        case unknown
    }

    /// The field `key` stands for.
    func field(forKey key: String) -> Answer {
        let answer = key.utf8.withContiguousStorageIfAvailable { written -> Answer in
            // Most keys are written as a spelling is (`title`, `authors`): their bytes, packed as
            // they lie, are looked up before any byte is looked at alone.
            if let packed = Self.packedASCII(written), let field = find(packed) { return .field(field) }
            var exact = Packed()
            var folded = Packed()
            var foldedCount = 0
            var foldingChanges = false
            for (index, byte) in written.enumerated() {
                guard byte < 0x80 else { return .unknown }
                if index < Packed.capacity { exact.set(byte, at: index) }
                switch byte {
                case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: " "):
                    foldingChanges = true
                    continue
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    foldingChanges = true
                    if foldedCount < Packed.capacity { folded.set(byte + 32, at: foldedCount) }
                default:
                    if foldedCount < Packed.capacity { folded.set(byte, at: foldedCount) }
                }
                foldedCount += 1
            }
            // No spelling is longer than the packed capacity: a longer key is none of them.
            guard holdsEverySpelling || (written.count <= Packed.capacity && foldedCount <= Packed.capacity) else {
                return .unknown
            }
            if written.count <= Packed.capacity, let field = find(exact.counted(written.count)) { return .field(field) }
            // A key that folding leaves as it is was just looked up.
            if foldingChanges, foldedCount <= Packed.capacity, let field = find(folded.counted(foldedCount)) { return .field(field) }
            return .none
        }
        return answer ?? .unknown
    }

    /// The bytes packed as `Packed.set` packs them, when they are ASCII and short enough.
    private static func packedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Packed? {
        guard bytes.count <= Packed.capacity else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        guard (words.0 | words.1) & 0x8080_8080_8080_8080 == 0 else { return nil }
        return Packed(low: UInt64(littleEndian: words.0), high: UInt64(littleEndian: words.1)).counted(bytes.count)
    }

    private func find(_ key: Packed) -> CanonicalField? {
        var index = key.hash & mask
        while true {
            let slot = slots[index]
            guard let field = slot.field else { return nil }
            if slot.key == key { return field }
            index = (index + 1) & mask
        }
    }
}
