/// The check every path read from an index file passes before it is used. The index lives
/// outside the library, where another program (or a damaged disk) may have changed it, and its
/// checksums guard against damage, not against a file written to look right: a path recorded
/// as `../out/foundation.md` would have a query list, and read, a file outside the library.
///
/// The scanner records only paths below the root made of names that are not hidden, so a path
/// that is absolute, or has an empty, `.`, `..` or hidden component, or a NUL, was never
/// written by shelf: the whole index is then foreign and is not used.
enum CachedPath {
    /// Whether `bytes` could be a path the scanner recorded: one or more components, none
    /// empty, none starting with a dot, no NUL.
    static func isPlausible(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !bytes.isEmpty else { return false }
        var atComponentStart = true
        for byte in bytes {
            switch byte {
            case 0: return false
            case UInt8(ascii: "/"):
                if atComponentStart { return false }
                atComponentStart = true
            case UInt8(ascii: "."):
                if atComponentStart { return false }
            default:
                atComponentStart = false
            }
        }
        return !atComponentStart
    }

    /// `isPlausible` for a path decoded as a string; a folder's path may also be `""`, the root.
    static func isPlausible(_ path: String, rootAllowed: Bool = false) -> Bool {
        if path.isEmpty { return rootAllowed }
        var copy = path
        return copy.withUTF8 { isPlausible(UnsafeRawBufferPointer($0)) }
    }
}
