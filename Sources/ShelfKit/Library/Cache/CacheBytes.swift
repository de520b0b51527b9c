/// Appends the cache's primitive values to a growing byte array: unsigned LEB128 varints,
/// fixed little-endian 64-bit words, and length-prefixed UTF-8 strings.
struct CacheByteWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func count(_ value: Int) {
        varint(UInt64(max(value, 0)))
    }

    /// A signed number, zig-zag encoded so that small negatives stay short.
    mutating func signed(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func word(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            count(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// A file's stamp, as five words.
    mutating func stamp(_ stamp: FileStamp) {
        for value in [
            stamp.device, stamp.inode, UInt64(bitPattern: stamp.size),
            UInt64(bitPattern: stamp.modified), UInt64(bitPattern: stamp.changed),
        ] {
            word(value)
        }
    }

    mutating func raw(_ source: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: source)
    }
}

/// A cache file that does not decode: it is ignored, and rewritten from the books.
struct CacheCorruption: Error {}

/// Reads what `CacheByteWriter` wrote, checking every length against the end of the buffer, so
/// a damaged file gives `CacheCorruption`, never a crash or a read out of bounds.
struct CacheByteReader {
    let base: UnsafeRawBufferPointer
    var offset: Int

    init(_ base: UnsafeRawBufferPointer, offset: Int = 0) {
        self.base = base
        self.offset = offset
    }

    var isAtEnd: Bool { offset >= base.count }

    mutating func byte() throws(CacheCorruption) -> UInt8 {
        guard offset < base.count else { throw CacheCorruption() }
        defer { offset += 1 }
        return base[offset]
    }

    mutating func varint() throws(CacheCorruption) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw CacheCorruption() }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
            shift += 7
        }
    }

    /// A count or length, which must fit in what is left of the buffer.
    mutating func count() throws(CacheCorruption) -> Int {
        let value = try varint()
        guard value <= UInt64(base.count - offset) else { throw CacheCorruption() }
        return Int(value)
    }

    mutating func signed() throws(CacheCorruption) -> Int64 {
        let value = try varint()
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    mutating func word() throws(CacheCorruption) -> UInt64 {
        guard base.count - offset >= 8 else { throw CacheCorruption() }
        defer { offset += 8 }
        return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The next `length` bytes, as a slice of the buffer.
    mutating func bytes(_ length: Int) throws(CacheCorruption) -> UnsafeRawBufferPointer {
        guard length >= 0, base.count - offset >= length else { throw CacheCorruption() }
        defer { offset += length }
        return UnsafeRawBufferPointer(rebasing: base[offset..<offset + length])
    }

    mutating func stamp() throws(CacheCorruption) -> FileStamp {
        FileStamp(
            device: try word(), inode: try word(), size: Int64(bitPattern: try word()),
            modified: Int64(bitPattern: try word()), changed: Int64(bitPattern: try word()))
    }

    mutating func string() throws(CacheCorruption) -> String {
        let utf8 = try bytes(count())
        return String(decoding: utf8, as: UTF8.self)
    }
}

/// A 64-bit checksum of a cache section, eight bytes at a time: it catches a damaged or
/// truncated file, which would otherwise decode into wrong books.
///
/// `of` names things (a cache file by its library's path) and must never change; `ofSection`
/// checks a cache's sections, whose format version changes with it.
enum CacheChecksum {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        return mix(hash, tail(bytes, from: offset))
    }

    /// A section's checksum. Four lanes take the words in turn and are mixed together at the
    /// end: each lane's multiplies wait only on its own, so the processor runs the four side by
    /// side (a single chain spent longer checking a warm index than answering from it).
    static func ofSection(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count), 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63
        )
        var offset = 0
        while offset + 32 <= bytes.count {
            lanes.0 = mix(lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            lanes.1 = mix(lanes.1, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            lanes.2 = mix(lanes.2, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            lanes.3 = mix(lanes.3, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            offset += 32
        }
        var hash = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
        while offset + 8 <= bytes.count {
            hash = mix(hash, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        return mix(hash, tail(bytes, from: offset))
    }

    /// The last bytes, fewer than eight, as one word.
    private static func tail(_ bytes: UnsafeRawBufferPointer, from start: Int) -> UInt64 {
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        for offset in start..<bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
        }
        return tail
    }

    static func of(_ text: String) -> UInt64 {
        var copy = text
        return copy.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        var value = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
        value ^= value >> 31
        return value &* 0x94D0_49BB_1331_11EB
    }
}
