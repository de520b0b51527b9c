import Foundation

/// The built `shelf` executable the end-to-end tests run.
///
/// `$SHELF_BINARY` when set; otherwise the `shelf` file beside the running test executable
/// (`.build/<triple>/debug/shelfPackageTests.xctest` on Linux, inside the `.xctest` bundle on
/// macOS), found by walking up a few folders from `CommandLine.arguments[0]` and `/proc/self/exe`.
enum ShelfBinary {
    /// The binary, or why it could not be found.
    static func url() throws -> URL {
        switch located {
        case .success(let url): return url
        case .failure(let error): throw error
        }
    }

    private static let located: Result<URL, ShelfTestError> = locate()

    private static func locate() -> Result<URL, ShelfTestError> {
        if let explicit = ProcessInfo.processInfo.environment["SHELF_BINARY"], !explicit.isEmpty {
            let url = URL(fileURLWithPath: explicit)
            return isExecutableFile(url)
                ? .success(url)
                : .failure(ShelfTestError("SHELF_BINARY=\(explicit) is not an executable file"))
        }
        var starts: [URL] = []
        if let argument = CommandLine.arguments.first, !argument.isEmpty {
            starts.append(URL(fileURLWithPath: argument).deletingLastPathComponent().standardizedFileURL)
        }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        var looked: [String] = []
        for start in starts {
            var folder = start
            // debug/shelfPackageTests.xctest/Contents/MacOS is three levels below debug/.
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("shelf")
                looked.append(candidate.path)
                if isExecutableFile(candidate) { return .success(candidate) }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        return .failure(
            ShelfTestError(
                "cannot find the built `shelf` binary (looked at \(looked.joined(separator: ", "))); "
                    + "run `swift build --build-tests` first or set SHELF_BINARY"))
    }

    private static func isExecutableFile(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            && !isFolder.boolValue
            && FileManager.default.isExecutableFile(atPath: url.path)
    }
}

/// A failure of the test harness itself, with a message that says what to do.
struct ShelfTestError: Error, CustomStringConvertible, Sendable {
    var description: String
    init(_ description: String) { self.description = description }
}
