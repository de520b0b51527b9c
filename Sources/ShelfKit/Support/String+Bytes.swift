#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// The text of a C character buffer up to its first NUL (all of it when there is none), as
    /// `getcwd`, `mkstemp` or `getnameinfo` leave it; bytes that are not UTF-8 are repaired.
    public init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.lazy.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when one of the text's UTF-8 bytes passes `test`, looked for in the stored bytes:
    /// stepping through `utf8` costs several times more, and every scalar of every book a load
    /// reads is asked such questions.
    func containsByte(where test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.contains(where: test) } ?? utf8.contains(where: test)
    }

    /// True when the text holds `byte` (an ASCII character), found with `memchr`.
    func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        } ?? utf8.contains(byte)
    }

    /// True when the two texts are the same bytes: `==` also holds between texts that differ
    /// only in how their characters are composed (`ï`, or `i` and a combining diaeresis), and a
    /// value stored as "the same as" another must come back with its own bytes.
    func hasSameBytes(as other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
    }
}
