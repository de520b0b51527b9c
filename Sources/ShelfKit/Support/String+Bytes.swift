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
}
