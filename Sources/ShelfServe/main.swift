import Foundation
import ShelfKit

// `shelf-serve`: the web UI over a library, run by `shelf serve` (which checks the arguments).
// Its own program, so that the server's libraries are loaded by `serve` alone.

// `shelf-serve --qr TEXT`: the QR code of TEXT as printed for the access link, for checking the
// encoder (the tests decode it with zbar) and for reprinting a link. Not part of `shelf serve`.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--qr" {
    guard let code = QRCode(CommandLine.arguments[2]) else {
        FileHandle.standardError.write(Data("shelf-serve: too long for a QR code of version 10\n".utf8))
        exit(1)
    }
    FileHandle.standardOutput.write(Data(code.terminalText(colors: false).utf8))
    exit(0)
}

let options: ServeOptions
do {
    options = try ServeOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("shelf serve: \(error)\n".utf8))
    exit(64)
}
do {
    try await ServeApp(options: options).run()
} catch {
    FileHandle.standardError.write(Data("shelf serve: \(error)\n".utf8))
    exit(1)
}
