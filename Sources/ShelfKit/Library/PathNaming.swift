/// How a library-relative path is named for the user: after `prefix`, unless it lies `within`
/// a folder (the current one, inside the library), when it is named from there.
public struct PathNaming: Sendable {
    /// What a path gets in front: empty, the way down or up to the root, or the root itself.
    public var prefix: String
    /// The current folder's path from the root, ending in `/`, when it is inside the library.
    /// Compared byte for byte, as the file system compares names.
    public var within: String?

    public init(prefix: String, within: String? = nil) {
        self.prefix = prefix
        self.within = within
    }

    /// `relative` as the user names it.
    public func display(_ relative: String) -> String {
        if let within, relative.utf8.starts(with: within.utf8) {
            return String(decoding: relative.utf8.dropFirst(within.utf8.count), as: UTF8.self)
        }
        return prefix + relative
    }
}
