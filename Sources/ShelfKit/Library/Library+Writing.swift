extension Library {
    /// Why shelf will not write a file.
    struct OutsideLibrary: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var target: String

        public var description: String {
            "\(path) leads to \(target), outside the library; shelf does not write through it"
        }
    }

    /// The door every change to this library's files goes through.
    public var writer: LibraryWriter { LibraryWriter(library: self) }

    /// Applies edits to the book at a library-relative path, through `writer`. A symbolic link
    /// is followed when it points to a book inside the library (the target is edited and the
    /// link kept), and refused when it points outside.
    @discardableResult
    public func edit(_ relative: String, displayPath: String, edits: [FieldEdit], force: Bool = false) throws -> LibraryWriter.Outcome {
        try LibraryWriter(library: self, display: { $0 == relative ? displayPath : $0 }).edit(relative, edits: edits, force: force)
    }
}
