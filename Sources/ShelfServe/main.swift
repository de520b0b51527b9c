import Foundation
import ShelfKit

// `shelf-serve`: the web UI over a library, run by `shelf serve` (which checks the arguments).
// Its own program, so that the server's libraries are loaded by `serve` alone.

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
