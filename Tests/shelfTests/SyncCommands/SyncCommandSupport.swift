import Foundation
@testable import ShelfKit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Helpers for the end-to-end tests of sync and git (docs/sync.md). They build on the shared
// support in Tests/shelfTests/Support; every name here starts with `sync`/`Sync` so nothing
// clashes with other folders of the target.

/// The date and time the sync tests run at: the dated conflict notes carry them.
let syncClock = ["SHELF_TODAY": "2024-11-02", "SHELF_NOW": "10:15"]

extension TemporaryLibrary {
    /// Runs shelf at the fixed test clock, with the built binary's folder first on PATH (git
    /// finds the merge driver there).
    func syncRun(_ args: [String], in folder: String = "", environment: [String: String] = [:]) throws -> CommandResult {
        try run(args, in: folder, environment: syncEnvironment.merging(environment) { $1 })
    }

    /// The text of a file, decoded as UTF-8.
    func syncText(_ relative: String) throws -> String {
        String(decoding: try bytes(relative), as: UTF8.self)
    }

    func syncExists(_ relative: String) -> Bool {
        var info = stat()
        return lstat(path(relative), &info) == 0
    }

    /// Sets a file's modification time (seconds since 1970), without following a link.
    func syncSetModified(_ relative: String, _ seconds: Int) throws {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        guard utimensat(AT_FDCWD, path(relative), &times, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw ShelfTestError("cannot set the time of \(relative)")
        }
    }

    /// Runs git in the library (or a folder of it) and requires success unless `allowFailure`.
    @discardableResult
    func syncGit(_ args: [String], allowFailure: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandResult {
        let result = try syncRunGit(args, in: root)
        if !allowFailure {
            #expect(result.status == 0, "git \(args.joined(separator: " "))\n\(result)", sourceLocation: sourceLocation)
        }
        return result
    }

    /// Makes the library a git repository on branch `main` with a committer, ignoring the
    /// user's and the system's git configuration.
    func syncGitInit() throws {
        try syncGit(["init", "-q", "-b", "main", "."])
        try syncGit(["config", "user.name", "Shelf Test"])
        try syncGit(["config", "user.email", "shelf@example.com"])
        try syncGit(["config", "commit.gpgsign", "false"])
    }

    /// Commits everything.
    func syncCommitAll(_ message: String) throws {
        try syncGit(["add", "-A"])
        try syncGit(["commit", "-q", "--allow-empty", "-m", message])
    }
}

/// The environment every sync test runs shelf and git with.
let syncEnvironment: [String: String] = {
    var environment = syncClock
    let folder = (try? ShelfBinary.url().deletingLastPathComponent().path) ?? ""
    environment["PATH"] = folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_AUTHOR_DATE"] = "2024-11-02T10:15:00Z"
    environment["GIT_COMMITTER_DATE"] = "2024-11-02T10:15:00Z"
    environment["GIT_TERMINAL_PROMPT"] = "0"
    return environment
}()

/// Runs `git` with the sync environment; output is captured, never shown on a terminal.
func syncRunGit(_ args: [String], in directory: URL) throws -> CommandResult {
    var environment = ChildProcess.currentEnvironment
    environment["SHELF_LIBRARY"] = nil
    for (key, value) in syncEnvironment { environment[key] = value }
    let result = try ChildProcess(
        "git", arguments: args, environment: environment, workingDirectory: directory.path,
        standardInput: .null, standardOutput: .pipe, standardError: .pipe, processGroup: .new
    ).run(timeout: 120)
    var stderr = String(decoding: result.standardError, as: UTF8.self)
    if result.timedOut { stderr += "\n[test harness: git \(args) killed after 120 s]\n" }
    return CommandResult(
        status: result.termination.shellStatus, stdout: String(decoding: result.standardOutput, as: UTF8.self),
        stderr: stderr)
}

/// Compares a file's bytes with the expected text, showing both on failure.
func expectSyncFile(
    _ relative: String, in library: TemporaryLibrary, equals expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let actual = try library.syncText(relative)
    #expect(actual == expected, "\(relative)\n--- expected ---\n\(expected)\n--- actual ---\n\(actual)", sourceLocation: sourceLocation)
}
