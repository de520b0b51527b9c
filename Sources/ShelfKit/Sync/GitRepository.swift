import Foundation

/// The few git facts shelf needs, asked of the `git` command.
public struct GitRepository: Sendable {
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// True when `folder` is inside a git work tree.
    public var exists: Bool {
        (try? run(["rev-parse", "--is-inside-work-tree"]))?.output.trimmingSpaces == "true"
    }

    /// The committed (HEAD) bytes of a path relative to `folder`: the common ancestor of a file
    /// and a sync tool's conflict copy of it, when the library is versioned.
    public func committedBytes(of path: String) -> [UInt8]? {
        guard let result = try? run(["show", "HEAD:./" + path]), result.status == 0 else { return nil }
        return Array(result.data)
    }

    /// Sets a git config value in this repository.
    public func setConfig(_ key: String, _ value: String) throws {
        let result = try run(["config", key, value])
        guard result.status == 0 else { throw FileError(path: folder, reason: "git config failed: \(result.output)") }
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, data: Data, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data, String(decoding: data, as: UTF8.self))
    }
}
