import Foundation

extension Library {
    /// Why shelf will not write a file.
    public struct OutsideLibrary: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var target: String

        public var description: String {
            "\(path) is a link to \(target), outside the library; shelf does not write through it"
        }
    }

    /// Applies edits to the book at a library-relative path. A symbolic link is followed when it
    /// points inside the library (the target is edited and the link kept), and refused when it
    /// points outside: shelf never writes through a link out of the library.
    @discardableResult
    public func edit(_ relative: String, displayPath: String, edits: [FieldEdit]) throws -> BookWriter.Outcome {
        try BookWriter.edit(path: writablePath(relative), displayPath: displayPath, edits: edits, vocabulary: config.vocabulary)
    }

    /// The real file a write to `relative` must go to.
    public func writablePath(_ relative: String) throws -> String {
        let path = absolutePath(relative)
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return path }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(root + "/") else { throw OutsideLibrary(path: relative, target: destination) }
        return resolved
    }
}
