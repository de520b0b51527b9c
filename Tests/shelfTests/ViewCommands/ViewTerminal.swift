import Foundation
@testable import ShelfKit

/// Runs `shelf` on a pseudo-terminal through util-linux `script`, for the tests of what shelf
/// does on a terminal (colour, paging). Returns nil when `script` is not installed.
enum ViewTerminal {
    static let scriptPath: String? = ["/usr/bin/script", "/bin/script"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `stty rows ROWS cols 80; shelf ARGS` on a pty in `directory`. The environment is the
    /// runner's without NO_COLOR, SHELF_PAGER, PAGER and SHELF_LIBRARY, plus `environment`.
    ///
    /// `keys`, when given, are typed on the terminal again and again (every 0.3 s) until shelf
    /// ends: whichever program reads the terminal (a pager, an editor) gets them when it is ready
    /// for them. A program stopped because it is not in the terminal's foreground never reads
    /// them; after `timeout` seconds everything is killed and the result says so in `stderr`
    /// with status -1.
    static func run(
        _ args: [String], in directory: URL, rows: Int = 40, environment: [String: String] = [:],
        keys: String? = nil, timeout: Double = 90
    ) throws -> CommandResult? {
        guard let scriptPath else { return nil }
        let shelf = try ShelfBinary.url().path
        let line = "stty rows \(rows) cols 80 2>/dev/null; " + ([shelf] + args).map(quoted).joined(separator: " ")
        var childEnvironment = ChildProcess.currentEnvironment
        for key in ["NO_COLOR", "SHELF_PAGER", "PAGER", "SHELF_LIBRARY", "COLUMNS", "LINES"] {
            childEnvironment[key] = nil
        }
        for (key, value) in environment { childEnvironment[key] = value }
        let child = try ChildProcess(
            scriptPath, arguments: ["-qec", line, "/dev/null"], environment: childEnvironment,
            workingDirectory: directory.path, standardInput: keys == nil ? .null : .pipe,
            standardOutput: .pipe, standardError: .null, processGroup: .new
        ).spawn()
        let typist = keys.map { KeyTypist(child: child, keys: $0) }
        let output = child.collectOutput(until: MonotonicClock.now + timeout)
        if !output.finished { child.kill(SIGKILL) }
        typist?.stop()
        child.closeStreams()
        let termination = child.wait()
        return CommandResult(
            status: output.finished ? termination.shellStatus : -1,
            stdout: String(decoding: output.standardOutput, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"),
            stderr: output.finished ? "" : "[test harness: shelf \(args) on a pty killed after \(Int(timeout)) s]")
    }
}

/// Types keys into a child's standard input on a thread of its own until stopped.
private final class KeyTypist: @unchecked Sendable {
    private let child: SpawnedChild
    private let keys: [UInt8]
    private let stopped = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(child: SpawnedChild, keys: String) {
        self.child = child
        self.keys = Array(keys.utf8)
        Thread.detachNewThread { [self] in
            repeat {
                guard self.child.writeToStandardInput(self.keys) else { break }
            } while stopped.wait(timeout: .now() + 0.3) == .timedOut
            finished.signal()
        }
    }

    /// Stops typing and returns once the thread no longer uses the child's standard input.
    func stop() {
        stopped.signal()
        finished.wait()
    }
}

/// Terminal columns of a line, counted here independently of shelf and of the shared helpers:
/// East Asian wide and fullwidth characters and pictographic emoji take two, combining marks,
/// variation selectors and joiners none, everything else one.
func viewColumns(_ line: String) -> Int {
    line.unicodeScalars.reduce(0) { total, scalar in
        let value = scalar.value
        if (0xFE00...0xFE0F).contains(value) || value == 0x200D { return total }
        if scalar.properties.generalCategory == .nonspacingMark { return total }
        let wide =
            (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            || (0x1F300...0x1F64F).contains(value) || (0x1F680...0x1F6FF).contains(value)
            || (0x1F900...0x1F9FF).contains(value) || (0x20000...0x3FFFD).contains(value)
        return total + (wide ? 2 : 1)
    }
}

/// True when text holds an ANSI escape sequence.
func hasANSI(_ text: String) -> Bool {
    text.contains("\u{1B}[")
}
