extension String {
    /// The text of a C character buffer up to its first NUL (all of it when there is none), as
    /// `getcwd`, `mkstemp` or `getnameinfo` leave it; bytes that are not UTF-8 are repaired.
    public init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.lazy.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
