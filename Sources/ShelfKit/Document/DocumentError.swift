/// A file that cannot be read as a book document: where it went wrong, and why.
///
/// Rendered as `path:line:column: message`, the form editors and terminals link to.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user would name it; empty until the loader knows it.
    public var path: String
    /// 1-based line in the file.
    var line: Int
    /// 1-based column, counted in Unicode scalars.
    var column: Int
    var message: String
    /// A short code for `shelf check`: `malformed-yaml`, `invalid-utf8`, `unclosed-front-matter`,
    /// `not-a-mapping`.
    var code: String

    init(path: String = "", line: Int, column: Int, message: String, code: String = "malformed-yaml") {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.code = code
    }

    /// The same error, named by `path`.
    public func at(path: String) -> DocumentError {
        var copy = self
        copy.path = path
        return copy
    }

    /// `path:line:column: message`, or `line:column: message` without a path.
    public var description: String {
        path.isEmpty ? "\(line):\(column): \(message)" : "\(path):\(line):\(column): \(message)"
    }
}
