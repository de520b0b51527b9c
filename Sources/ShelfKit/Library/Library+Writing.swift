extension Library {
    /// Why shelf will not write a file.
    struct OutsideLibrary: Error, Sendable, CustomStringConvertible {
        var path: String
        var target: String

        var description: String {
            "\(path) leads to \(target), outside the library; shelf does not write through it"
        }
    }

    /// The door every change to this library's files goes through; the actions take it from
    /// the library they are given.
    var writer: LibraryWriter { LibraryWriter(library: self) }

    /// This library with its paths named in messages (reports and errors of the actions given
    /// it) by `display`, which turns a library-relative path into the name to show.
    public func namingPaths(_ display: @escaping @Sendable (String) -> String) -> Library {
        var named = self
        named.pathDisplay = display
        return named
    }

    /// Applies edits to the book at a library-relative path, through `writer`. A symbolic link
    /// is followed when it points to a book inside the library (the target is edited and the
    /// link kept), and refused when it points outside.
    @discardableResult
    func edit(_ relative: String, displayPath: String, edits: [FieldEdit], force: Bool = false) throws -> LibraryWriter.Outcome {
        try LibraryWriter(library: self, display: { $0 == relative ? displayPath : $0 }).edit(relative, edits: edits, force: force)
    }
}
