/// Turns libyaml's marks into byte offsets in the file.
///
/// libyaml counts Unicode scalars, not bytes, relative to the buffer it was given. Front
/// matter is usually ASCII, where the two agree; otherwise one pass records where every
/// scalar starts.
struct ScalarOffsetMap {
    private let base: Int
    /// Byte offset (relative to the slice) of each scalar, plus one past the end; nil for ASCII.
    private let starts: [Int32]?

    init(_ slice: UnsafeBufferPointer<UInt8>, base: Int) {
        self.base = base
        var isASCII = true
        for byte in slice where byte >= 0x80 {
            isASCII = false
            break
        }
        if isASCII {
            starts = nil
            return
        }
        var starts: [Int32] = []
        starts.reserveCapacity(slice.count + 1)
        for (offset, byte) in slice.enumerated() where byte & 0xC0 != 0x80 {
            starts.append(Int32(offset))
        }
        starts.append(Int32(slice.count))
        self.starts = starts
    }

    /// The file byte offset of libyaml's scalar index.
    func byteOffset(ofScalarIndex index: Int) -> Int {
        guard let starts else { return base + index }
        return base + Int(starts[min(index, starts.count - 1)])
    }
}
