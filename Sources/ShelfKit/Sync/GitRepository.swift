/// The few git facts shelf needs, asked of the `git` command.
struct GitRepository: Sendable {
    let folder: String

    init(folder: String) {
        self.folder = folder
    }

    /// True when `folder` is inside a git work tree.
    var exists: Bool {
        (try? run(["rev-parse", "--is-inside-work-tree"]))?.output.trimmingSpaces == "true"
    }

    /// Makes `folder` a git repository (`git init`).
    func initialize() throws {
        let result = try run(["init", "-q"])
        guard result.status.succeeded else {
            throw FileError(path: folder, reason: "git init failed (\(result.status)): \(result.errors.trimmingSpaces)")
        }
    }

    /// The committed (HEAD) bytes of a path relative to `folder`: the common ancestor of a file
    /// and a sync tool's conflict copy of it, when the library is versioned.
    func committedBytes(of path: String) -> [UInt8]? {
        guard let result = try? run(["show", "HEAD:./" + path]), result.status.succeeded else { return nil }
        return result.bytes
    }

    /// Sets a git config value in this repository.
    func setConfig(_ key: String, _ value: String) throws {
        let result = try run(["config", key, value])
        guard result.status.succeeded else {
            throw FileError(path: folder, reason: "git config failed: \(result.output)\(result.errors)")
        }
    }

    private func run(_ arguments: [String]) throws -> (status: ChildTermination, bytes: [UInt8], output: String, errors: String) {
        let result = try ChildProcess(
            "git", arguments: ["-C", folder] + arguments,
            standardInput: .null, standardOutput: .pipe, standardError: .pipe
        ).run()
        return (
            result.termination, result.standardOutput,
            String(decoding: result.standardOutput, as: UTF8.self), String(decoding: result.standardError, as: UTF8.self)
        )
    }
}
