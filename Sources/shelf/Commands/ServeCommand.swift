import ArgumentParser
import Foundation
import ShelfKit

/// `shelf serve`: the web UI, for the desktop browser and a phone on the home network.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a web UI over the library: covers, search, book pages, a dashboard, editing.",
        discussion: """
            Opens a small web server over the same files: the library as a grid of covers with \
            facets and the query language in the search box, a page per book with its reads, \
            progress, notes and highlights, a dashboard with charts, forms to rate, tag, start, \
            finish, edit fields and add a note, and adding a book by ISBN, title search or a \
            photo of its barcode. Every change is \
            written the way the command line writes it (only the lines that change, atomically). \
            A change made elsewhere (an editor, sync, the command line) shows on the next page \
            load; a form sent from a page older than the file is shown as a conflict, not saved.

            By default only this computer can connect (--host 127.0.0.1). To use it from a phone \
            on your home network, --host 0.0.0.0: shelf then prints a link holding a random \
            access token, as text and as a QR code to scan with the phone's camera. Opening it \
            signs that browser in (a cookie); anyone without the link is refused. The link \
            changes at every start. --read-only shows without allowing changes. Ctrl-C stops it.

            --tls CERT KEY serves HTTPS with that certificate and private key (PEM files): a \
            phone's browser then allows live scanning with the camera.

            Examples:
              shelf serve
              shelf serve --port 9000 --read-only
              shelf serve --host 0.0.0.0
              shelf serve --host 0.0.0.0 --tls cert.pem key.pem
            """)

    @OptionGroup var library: LibraryOptions

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "The address to listen on: 127.0.0.1 (this computer only) or 0.0.0.0 (the network).")
    var host: String = "127.0.0.1"

    @Flag(help: "Show the library; allow no changes.")
    var readOnly = false

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("Serve HTTPS with this certificate and private key (PEM files).", valueName: "cert> <key"))
    var tls: [String] = []

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535, not \(port)") }
        guard tls.isEmpty || tls.count == 2 else { throw ValidationError("--tls takes two files: the certificate and its private key") }
        for file in tls where !FileManager.default.isReadableFile(atPath: file) {
            throw ValidationError("--tls: cannot read \(file)")
        }
    }

    func run() throws {
        let library = try library.open()
        guard let program = ServeProgram.find() else {
            throw Diagnostics.failure(
                "serve needs its program shelf-serve beside shelf (or in lib/shelf/); it was not found. "
                    + "Build it with `swift build --product shelf-serve` or `make install`")
        }
        var arguments = [program, "--library", library.root, "--host", host, "--port", String(port)]
        if readOnly { arguments.append("--read-only") }
        if self.library.noCache { arguments.append("--no-cache") }
        if tls.count == 2 {
            // Absolute: the server reads them after the library's folder is opened.
            arguments += ["--tls"] + tls.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        }
        // The server takes this process's place: Ctrl-C, the terminal and the exit status are its.
        let argv = arguments.map { strdup($0) } + [nil]
        execv(program, argv)
        throw Diagnostics.failure("cannot run \(program): \(String(cString: strerror(errno)))")
    }
}

/// Where the web UI's program is: `SHELF_SERVE_PROGRAM`, else beside `shelf`, else in
/// `../lib/shelf/` (where `make install` puts it).
enum ServeProgram {
    static func find() -> String? {
        if let explicit = ProcessInfo.processInfo.environment["SHELF_SERVE_PROGRAM"], !explicit.isEmpty { return explicit }
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let candidates = [
            folder.appendingPathComponent("shelf-serve").path,
            folder.deletingLastPathComponent().appendingPathComponent("lib/shelf/shelf-serve").standardizedFileURL.path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
