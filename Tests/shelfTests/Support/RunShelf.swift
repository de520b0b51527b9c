import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
/// Both output pipes are drained on their own threads, so a chatty child never blocks.
func run(
    _ args: [String],
    in directory: URL,
    environment: [String: String] = [:],
    stdin: String? = nil,
    timeout: TimeInterval = 120,
    executable: URL? = nil
) throws -> CommandResult {
    let process = Process()
    process.executableURL = try executable ?? ShelfBinary.url()
    process.arguments = args
    process.currentDirectoryURL = directory
    var childEnvironment = ProcessInfo.processInfo.environment
    childEnvironment["SHELF_LIBRARY"] = nil
    childEnvironment["COLUMNS"] = "200"
    childEnvironment["XDG_CACHE_HOME"] = testCacheHome
    for (key, value) in environment { childEnvironment[key] = value }
    process.environment = childEnvironment

    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let input = stdin.map { _ in Pipe() }
    process.standardInput = input ?? FileHandle.nullDevice

    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()

    let readers = DispatchGroup()
    let stdoutData = DataBox()
    let stderrData = DataBox()
    for (pipe, box) in [(output, stdoutData), (errors, stderrData)] {
        DispatchQueue.global().async(group: readers) {
            box.set(readToEnd(pipe.fileHandleForReading.fileDescriptor))
        }
    }
    if let input, let stdin {
        DispatchQueue.global().async(group: readers) {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try? input.fileHandleForWriting.close()
        }
    }

    var timedOut = false
    if finished.wait(timeout: .now() + timeout) == .timedOut {
        timedOut = true
        process.terminate()
        finished.wait()
    }
    readers.wait()
    var stderr = String(decoding: stderrData.get(), as: UTF8.self)
    if timedOut { stderr += "\n[test harness: shelf \(args) killed after \(Int(timeout)) s]\n" }
    return CommandResult(
        status: process.terminationStatus,
        stdout: String(decoding: stdoutData.get(), as: UTF8.self),
        stderr: stderr)
}

/// Everything until end of file. Foundation's `readDataToEndOfFile` stops the test process
/// (a `try!` inside) when a signal interrupts a read; this retries instead.
private func readToEnd(_ descriptor: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
            return data
        }
    }
}

/// Data written by one reader thread and read after it finishes.
private final class DataBox: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func set(_ value: Data) {
        lock.lock()
        data = value
        lock.unlock()
    }

    func get() -> Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
