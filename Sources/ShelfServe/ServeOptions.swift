import ShelfKit

/// What `shelf serve` passed on: `--library DIR --host HOST --port N [--read-only] [--no-cache]
/// [--tls CERT KEY]`.
struct ServeOptions: Sendable {
    var library: Library
    var host = "127.0.0.1"
    var port = 8080
    var readOnly = false
    /// The certificate chain and private key (PEM files) for HTTPS.
    var tls: (certificate: String, key: String)?

    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    init(arguments: [String]) throws {
        var root: String?
        var noCache = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--library": root = rest.popFirst()
            case "--host": host = rest.popFirst() ?? host
            case "--port":
                guard let text = rest.popFirst(), let value = Int(text), (0...65535).contains(value) else {
                    throw Invalid(description: "--port takes 0 to 65535")
                }
                port = value
            case "--read-only": readOnly = true
            case "--no-cache": noCache = true
            case "--tls":
                guard let certificate = rest.popFirst(), let key = rest.popFirst() else {
                    throw Invalid(description: "--tls takes a certificate and a key file")
                }
                tls = (certificate, key)
            default: throw Invalid(description: "unknown argument \(argument)")
            }
        }
        guard let root else { throw Invalid(description: "--library is required") }
        library = try Library(root: root)
        // The library's index, as the command line keeps it (`LibraryOptions.open`): the grid
        // loads unchanged books from it, and a search of the notes is answered from it as
        // `shelf search` answers it, not by reading every file.
        if !noCache, let folder = LibraryCacheFolder.standard() {
            library.cacheFolder = folder.path
            library.cacheLimit = folder.limit
        }
        // A library without shelf.yaml is read in its files' own words, as the command line
        // reads it (`shelf serve` has said so on stderr): the web and the terminal show one
        // library, not the same files read two ways.
        if let inferred = library.inferringVocabulary() { library = inferred.library }
    }
}
