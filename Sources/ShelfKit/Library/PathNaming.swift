/// How a library-relative path is named for the user: after `prefix`, unless it lies `within`
/// a folder (the current one, inside the library), when it is named from there.
public struct PathNaming: Sendable {
    /// What a path gets in front: empty, the way down or up to the root, or the root itself.
    var prefix: String
    /// The current folder's path from the root, ending in `/`, when it is inside the library.
    /// Compared byte for byte, as the file system compares names.
    var within: String?

    init(prefix: String, within: String? = nil) {
        self.prefix = prefix
        self.within = within
    }

    /// How the paths of the library at `root` are named from the folder `current` (both absolute,
    /// links resolved):
    /// - at the root: as they are;
    /// - from a folder above it: after the way down;
    /// - from a folder inside it: a path under that folder without the folder's own part, any
    ///   other after the way up (`../`);
    /// - from anywhere else: after the root (absolute).
    ///
    /// Folders are compared byte for byte, as the file system compares names: `café` written
    /// with a combining accent is another folder than `café` written with one character.
    public init(root: String, current: String) {
        let slash = UInt8(ascii: "/")
        let here = Array(current.utf8)
        // The root's bytes without a closing slash, so that `/` itself is the empty path.
        var base = Array(root.utf8)
        while base.last == slash { base.removeLast() }
        let text = { (bytes: ArraySlice<UInt8>) in String(decoding: bytes, as: UTF8.self) }
        if here == base || (base.isEmpty && here == [slash]) {
            self.init(prefix: "")
        } else if here == [slash] {
            self.init(prefix: text(base.dropFirst()) + "/")
        } else if base.count > here.count, base.starts(with: here), base[here.count] == slash {
            self.init(prefix: text(base[(here.count + 1)...]) + "/")
        } else if here.count > base.count, here.starts(with: base), here[base.count] == slash {
            let inside = here[(base.count + 1)...]
            let depth = inside.split(separator: slash).count
            self.init(prefix: String(repeating: "../", count: depth), within: text(inside) + "/")
        } else {
            self.init(prefix: text(base[...]) + "/")
        }
    }

    /// `relative` as the user names it.
    public func display(_ relative: String) -> String {
        if let within, relative.utf8.starts(with: within.utf8) {
            return String(decoding: relative.utf8.dropFirst(within.utf8.count), as: UTF8.self)
        }
        return prefix + relative
    }
}
