import Foundation
@testable import ShelfKit

/// What one run of `shelf` gave.
struct CommandResult: CustomStringConvertible, Sendable {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Non-empty lines of standard output.
    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
    /// Non-empty lines of standard error.
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Shown in failed expectations, so a failure says what shelf printed.
    var description: String {
        "exit status \(status)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)--------------"
    }
}

/// The cache folder every run of this test process shares.
let testCacheHome = FileManager.default.temporaryDirectory
    .appendingPathComponent("shelf-test-cache-\(ProcessInfo.processInfo.processIdentifier)").path

/// Runs the built `shelf` (or `executable`, a copy of it) with `args` in `directory` and waits for it.
///
/// The child gets the test runner's environment without `SHELF_LIBRARY`, with `COLUMNS=200`
/// and with `XDG_CACHE_HOME` in a temporary folder of this test run (never the user's own
/// cache); `environment` adds to or overrides that. Standard input is empty unless `stdin` is given.
/// It is started with ShelfKit's `ChildProcess` (posix_spawn), whose single poll loop feeds the
/// input and drains both outputs, so a chatty child never blocks; after `timeout` seconds the
/// child's process group is killed and the result's stderr says so.
func run(
    _ args: [String],
    in directory: URL,
    environment: [String: String] = [:],
    stdin: String? = nil,
    timeout: TimeInterval = 120,
    executable: URL? = nil
) throws -> CommandResult {
    var childEnvironment = ChildProcess.currentEnvironment
    childEnvironment["SHELF_LIBRARY"] = nil
    childEnvironment["COLUMNS"] = "200"
    childEnvironment["XDG_CACHE_HOME"] = testCacheHome
    for (key, value) in environment { childEnvironment[key] = value }
    let child = ChildProcess(
        try (executable ?? ShelfBinary.url()).path, arguments: args, environment: childEnvironment,
        workingDirectory: directory.path, standardInput: stdin == nil ? .null : .pipe,
        standardOutput: .pipe, standardError: .pipe, processGroup: .new)
    let state = ProcessStateBox()
    let result = try child.run(input: Array((stdin ?? "").utf8), timeout: timeout) { state.set(processState($0)) }
    var stderr = String(decoding: result.standardError, as: UTF8.self)
    if result.timedOut {
        stderr += "\n[test harness: shelf \(args) killed after \(Int(timeout)) s; its threads then: \(state.get())]\n"
    }
    MessageHygiene.check(stderr, of: args)
    return CommandResult(
        status: result.termination.shellStatus,
        stdout: String(decoding: result.standardOutput, as: UTF8.self),
        stderr: stderr)
}

/// What a process's threads are doing, from /proc (state and kernel wait channel of each), so a
/// run killed at the timeout says whether it was stopped (T), waiting (S, and on what) or running
/// (R) but starved.
func processState(_ pid: pid_t) -> String {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    guard !tasks.isEmpty else { return "gone" }
    return tasks.sorted().map { task in
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/stat", encoding: .utf8)) ?? ""
        let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "?"
        let channel = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? "?"
        return "\(task) \(state) \(channel)"
    }.joined(separator: ", ")
}

/// A string set on the harness's thread when a run times out.
private final class ProcessStateBox: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    func set(_ value: String) { lock.withLock { text = value } }
    func get() -> String { lock.withLock { text } }
}
