/// A fixed-size set of (field, value) pairs — a Bloom filter of 264 bits, 8 bits set per pair —
/// written as 44 base64url characters, however many fields a book has. It answers "is this the
/// value imported for this field?" with no false "no" and a rare false "yes" (about 1 in 1,500
/// for 17 pairs, 1 in 40,000 for 10). See `ImportBaseline`.
struct ImportFingerprints: Sendable, Equatable {
    static let bits = 264
    static let probes = 8
    private(set) var bytes: [UInt8]

    init(_ pairs: [(String, String)]) {
        bytes = [UInt8](repeating: 0, count: ImportFingerprints.bits / 8)
        for (field, text) in pairs {
            for bit in ImportFingerprints.positions(field, text) { bytes[bit / 8] |= 1 << UInt8(bit % 8) }
        }
    }

    /// Reads the written form; nil when it is not 44 base64url characters.
    init?(base64 text: String) {
        guard let decoded = ImportFingerprints.decode(text), decoded.count == ImportFingerprints.bits / 8 else { return nil }
        bytes = decoded
    }

    /// The written form: base64url, without padding (264 bits are 44 characters exactly).
    var base64: String { ImportFingerprints.encode(bytes) }

    /// Bytes (a multiple of 3) as base64url.
    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array(ImportFingerprints.alphabet)
        var text = ""
        for group in stride(from: 0, to: bytes.count - 2, by: 3) {
            let word = UInt32(bytes[group]) << 16 | UInt32(bytes[group + 1]) << 8 | UInt32(bytes[group + 2])
            for shift in [18, 12, 6, 0] { text.append(alphabet[Int(word >> UInt32(shift) & 0x3F)]) }
        }
        return text
    }

    /// base64url (a multiple of 4 characters, no padding) as bytes; nil for anything else.
    static func decode(_ text: String) -> [UInt8]? {
        let alphabet = Array(ImportFingerprints.alphabet.utf8)
        var values: [UInt8] = []
        for byte in text.utf8 {
            guard let index = alphabet.firstIndex(of: byte) else { return nil }
            values.append(UInt8(index))
        }
        guard values.count % 4 == 0 else { return nil }
        var bytes: [UInt8] = []
        for group in stride(from: 0, to: values.count, by: 4) {
            let word =
                UInt32(values[group]) << 18 | UInt32(values[group + 1]) << 12 | UInt32(values[group + 2]) << 6 | UInt32(values[group + 3])
            bytes += [UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF)]
        }
        return bytes
    }

    /// 24 bits naming a set of fields (in base64url, 4 characters): which fields were imported,
    /// told without listing them.
    static func fieldSet(_ fields: Set<String>) -> String {
        let hash = hash(fields.sorted().joined(separator: "\u{1F}"))
        return encode([UInt8(hash >> 16 & 0xFF), UInt8(hash >> 8 & 0xFF), UInt8(hash & 0xFF)])
    }

    /// True when the pair may have been added (false: it certainly was not).
    func contains(_ field: String, _ text: String) -> Bool {
        ImportFingerprints.positions(field, text).allSatisfy { bytes[$0 / 8] & (1 << UInt8($0 % 8)) != 0 }
    }

    /// 64-bit FNV-1a, finished with MurmurHash3's mixer (FNV-1a mixes the last bytes weakly into
    /// the high bits). Also the first format's per-field hash.
    static func hash(_ text: String, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = seed
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        hash ^= hash >> 33
        hash = hash &* 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash = hash &* 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }

    private static let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

    /// The bits of a pair: double hashing of the field and value joined by U+001E.
    private static func positions(_ field: String, _ text: String) -> [Int] {
        let joined = field + "\u{1E}" + text
        let first = hash(joined)
        let step = hash(joined, seed: 0x9e37_79b9_7f4a_7c15) | 1
        return (0..<UInt64(probes)).map { Int((first &+ $0 &* step) % UInt64(bits)) }
    }
}
