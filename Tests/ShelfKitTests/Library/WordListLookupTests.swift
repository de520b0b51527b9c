import Testing
@testable import ShelfKit

/// `LibraryCache.list(_:holds:prefix:)` steps through a stored word list by hand. It must
/// answer as reading the list with `CacheByteReader` does, for whole and damaged lists alike.
@Suite struct WordListLookupTests {
    /// The reading it replaced.
    static func reference(_ bytes: UnsafeRawBufferPointer, holds wanted: [UInt8], prefix: Bool) -> Bool {
        var reader = CacheByteReader(bytes)
        guard let count = try? reader.count() else { return false }
        for _ in 0..<count {
            guard let length = try? reader.count(), let item = try? reader.bytes(length) else { return false }
            guard prefix ? length >= wanted.count : length == wanted.count else { continue }
            if Array(item.prefix(wanted.count)) == wanted { return true }
        }
        return false
    }

    @Test func aTenByteCountReadsAsTheReaderReadsIt() {
        // 1, written in ten bytes: the reader drops the bits past 64 and reads it as 1.
        let long: [UInt8] = [0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00]
        let overlong: [UInt8] = [0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00]
        for (count, expected) in [(long, true), (overlong, false)] {
            for bytes in [count + [0x01, 0x61], [0x01] + count + [0x61]] {
                bytes.withUnsafeBytes { raw in
                    Array("a".utf8).withUnsafeBytes { want in
                        #expect(LibraryCache.list(raw, holds: want, prefix: false) == expected, "\(bytes)")
                        #expect(Self.reference(raw, holds: Array("a".utf8), prefix: false) == expected, "\(bytes)")
                    }
                }
            }
        }
    }

    @Test func answersAsTheReaderDoesForWholeAndDamagedLists() {
        var random = CorpusRandom(seed: 46)
        let alphabet = Array("abcé".utf8)
        func word() -> [UInt8] {
            // Mostly short words; now and then one past 127 bytes, whose length takes two bytes.
            let length = random.chance(0.05) ? 120 + random.below(20) : random.below(6)
            return (0..<length).map { _ in random.pick(alphabet) }
        }
        for round in 0..<4000 {
            let words = (0..<random.below(12)).map { _ in word() }
            var writer = CacheByteWriter()
            writer.count(words.count)
            for word in words {
                writer.count(word.count)
                writer.bytes += word
            }
            var bytes = writer.bytes
            // Damage: cut short, or a byte changed.
            if random.chance(0.2), !bytes.isEmpty { bytes = Array(bytes.prefix(random.below(bytes.count))) }
            if random.chance(0.2), !bytes.isEmpty { bytes[random.below(bytes.count)] = UInt8(random.below(256)) }
            let wanted: [UInt8]
            switch random.below(4) {
            case 0: wanted = words.isEmpty ? word() : random.pick(words)
            case 1: wanted = words.isEmpty ? [] : Array(random.pick(words).prefix(random.below(4)))
            case 2: wanted = []
            default: wanted = word()
            }
            let prefix = random.chance(0.5)
            bytes.withUnsafeBytes { raw in
                wanted.withUnsafeBytes { want in
                    #expect(
                        LibraryCache.list(raw, holds: want, prefix: prefix) == Self.reference(raw, holds: wanted, prefix: prefix),
                        "round \(round): \(words.count) words, wanted \(wanted), prefix \(prefix)")
                }
            }
        }
    }
}
