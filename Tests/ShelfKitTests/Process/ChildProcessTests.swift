import Foundation
import Testing
@testable import ShelfKit

#if canImport(Glibc)
import Glibc
#endif

/// ChildProcess: exit statuses, signals, pipes, environment, folders and errors, on real programs.
@Suite("Process: ChildProcess")
struct ChildProcessTests {
    func shell(
        _ script: String, _ arguments: [String] = [], input: [UInt8]? = nil, environment: [String: String]? = nil,
        directory: String? = nil
    ) throws -> ChildResult {
        try ChildProcess(
            "sh", arguments: ["-c", script, "sh"] + arguments, environment: environment, workingDirectory: directory,
            standardInput: input == nil ? .null : .pipe, standardOutput: .pipe, standardError: .pipe
        ).run(input: input, timeout: 120)
    }

    @Test func exitStatusesAreReported() throws {
        #expect(try shell("exit 0").termination == .exited(0))
        #expect(try shell("exit 3").termination == .exited(3))
        #expect(try shell("exit 255").termination.shellStatus == 255)
        #expect(try shell("exit 0").termination.succeeded)
        #expect(!(try shell("exit 1").termination.succeeded))
    }

    @Test func aSignalThatEndsTheChildIsReportedAsASignal() throws {
        let terminated = try shell("kill -TERM $$; sleep 5")
        #expect(terminated.termination == .signalled(SIGTERM))
        #expect(terminated.termination.shellStatus == 128 + SIGTERM)
        #expect(!terminated.termination.succeeded)
        #expect(try shell("kill -KILL $$").termination == .signalled(SIGKILL))
    }

    @Test func argumentsArriveUnchanged() throws {
        let words = ["a b", "", "$(touch x)", "it's", "Дюна", "沙丘", "*"]
        let result = try shell("for word in \"$@\"; do printf '[%s]' \"$word\"; done", words)
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == words.map { "[\($0)]" }.joined())
    }

    /// 8 MiB in and out of `cat`: the input is written while the output is read, or both would
    /// block on full pipes.
    @Test func largeInputAndOutputDoNotDeadlock() throws {
        let input = (0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
        let result = try ChildProcess("cat", standardInput: .pipe, standardOutput: .pipe, standardError: .pipe)
            .run(input: input, timeout: 120)
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput == input)
        #expect(!result.timedOut)
    }

    /// The child fills standard error before it reads any input, then echoes the input.
    @Test func aChildThatWritesBeforeItReadsDoesNotDeadlock() throws {
        let input = [UInt8](repeating: 0x61, count: 3 << 20)
        let result = try shell("head -c 3000000 /dev/zero | tr '\\0' e >&2; cat", input: input)
        #expect(result.termination == .exited(0))
        #expect(result.standardError == [UInt8](repeating: 0x65, count: 3_000_000))
        #expect(result.standardOutput == input)
    }

    /// A child that exits without reading its input: the rest is dropped, and the test process
    /// (which does not ignore SIGPIPE) is not ended by a SIGPIPE.
    @Test func aChildThatStopsReadingEarlyRaisesNoSIGPIPE() throws {
        let result = try ChildProcess("head", arguments: ["-c", "10"], standardInput: .pipe, standardOutput: .pipe)
            .run(input: [UInt8](repeating: 0x78, count: 16 << 20), timeout: 120)
        #expect(result.standardOutput == Array("xxxxxxxxxx".utf8))
        #expect(result.termination == .exited(0))

        let child = try ChildProcess("true", standardInput: .pipe).spawn()
        #expect(child.wait() == .exited(0))
        #expect(!child.writeToStandardInput([UInt8](repeating: 0, count: 1 << 20)))
    }

    @Test func theEnvironmentIsExactlyTheOneGiven() throws {
        let result = try ChildProcess(
            "/usr/bin/env", environment: ["ONE": "1", "TWO": "a=b c", "Книга": "沙丘"], standardOutput: .pipe
        ).run()
        let lines = Set(String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\n").map(String.init))
        #expect(lines == ["ONE=1", "TWO=a=b c", "Книга=沙丘"])
    }

    @Test func noEnvironmentPassesShelfsOwn() throws {
        let result = try ChildProcess("/usr/bin/env", arguments: ["-0"], standardOutput: .pipe).run()
        let lines = Set(result.standardOutput.split(separator: 0).map { String(decoding: $0, as: UTF8.self) })
        let own = Set(ChildProcess.currentEnvironment.map { "\($0.key)=\($0.value)" })
        #expect(lines == own)
    }

    @Test func theChildStartsInTheFolderGiven() throws {
        let folder = try TemporaryFolderForTests()
        let result = try ChildProcess("pwd", arguments: ["-P"], workingDirectory: folder.path, standardOutput: .pipe).run()
        let expected = try #require(realpath(folder.path, nil))
        defer { free(expected) }
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == String(cString: expected) + "\n")

        #expect(throws: ChildProcessError.cannotStart("/bin/pwd' in '\(folder.path)/missing", errno: ENOENT)) {
            try ChildProcess("/bin/pwd", workingDirectory: folder.path + "/missing").spawn()
        }
    }

    @Test func aMissingProgramIsAClearError() throws {
        let error = #expect(throws: ChildProcessError.self) {
            try ChildProcess("shelf-no-such-program", environment: ["PATH": "/usr/bin:/bin"]).spawn()
        }
        #expect(error == .notFound("shelf-no-such-program", searchPath: "/usr/bin:/bin"))
        #expect(error?.description == "cannot find the program 'shelf-no-such-program' (searched PATH=/usr/bin:/bin)")

        #expect(throws: ChildProcessError.cannotStart("/no/such/program", errno: ENOENT)) {
            try ChildProcess("/no/such/program").spawn()
        }
        let folder = try TemporaryFolderForTests()
        let plain = folder.path + "/plain"
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: plain))
        #expect(throws: ChildProcessError.cannotStart(plain, errno: EACCES)) {
            try ChildProcess(plain).spawn()
        }
    }

    /// PATH lookup skips a file that is not executable and a folder of the same name.
    @Test func pathLookupFindsTheFirstExecutableFile() throws {
        let folder = try TemporaryFolderForTests()
        for name in ["a", "b", "c"] {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + name, withIntermediateDirectories: true)
        }
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/a/tool"))
        try FileManager.default.createDirectory(atPath: folder.path + "/b/tool", withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho found\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/c/tool"))
        chmod(folder.path + "/c/tool", 0o755)
        let searchPath = ["a", "b", "c"].map { folder.path + "/" + $0 }.joined(separator: ":")
        #expect(ExecutableLookup.resolve("tool", searchPath: searchPath) == folder.path + "/c/tool")
        #expect(ExecutableLookup.resolve("tool", searchPath: folder.path + "/a") == nil)
        let result = try ChildProcess("tool", environment: ["PATH": searchPath], standardOutput: .pipe).run()
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "found\n")
    }

    /// A descriptor the parent opened without close-on-exec does not reach the child.
    @Test func onlyTheStandardStreamsReachTheChild() throws {
        let leaky = open("/dev/null", O_RDONLY)
        #expect(leaky > 2)
        defer { close(leaky) }
        let result = try shell("ls /proc/$$/fd")
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "0\n1\n2\n", "\(result)")
    }

    @Test func descriptorsAndNullAreWired() throws {
        let folder = try TemporaryFolderForTests()
        let path = folder.path + "/out"
        let file = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        #expect(file >= 0)
        let result = try ChildProcess(
            "sh", arguments: ["-c", "cat; echo to-stderr >&2"], standardInput: .null,
            standardOutput: .fileDescriptor(file), standardError: .fileDescriptor(file)
        ).run()
        close(file)
        #expect(result.termination == .exited(0))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "to-stderr\n")
        #expect(result.standardOutput.isEmpty)
    }

    /// A child still running at the timeout is killed with its process group (a grandchild too).
    @Test func aTimeoutKillsTheChildAndItsGroup() throws {
        let result = try ChildProcess(
            "sh", arguments: ["-c", "sleep 300 & echo $!; wait"], standardOutput: .pipe, processGroup: .new
        ).run(timeout: 1)
        #expect(result.timedOut)
        #expect(result.termination == .signalled(SIGKILL))
        let grandchild = try #require(
            Int32(String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        // SIGKILL takes effect when the grandchild is next scheduled, which on a loaded machine
        // may be a moment later: wait (up to a minute) until it is gone or a zombie waiting for
        // its new parent. A process that reused the id is not `sleep 300`.
        var state = Self.sleepState(grandchild)
        for _ in 0..<600 where state != nil && state != "Z" {
            usleep(100_000)
            state = Self.sleepState(grandchild)
        }
        #expect(state == nil || state == "Z", "the grandchild \(grandchild) still runs: \(state ?? "")")
    }

    /// The state letter of process `pid` if it is still the `sleep 300` started above, else nil.
    static func sleepState(_ pid: Int32) -> String? {
        guard let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
            command == Data("sleep\u{0}300\u{0}".utf8) || command.isEmpty,
            let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            stat.contains("(sleep)")
        else { return nil }
        return stat.split(separator: ")").last?.split(separator: " ").first.map(String.init)
    }

    @Test func processGroupIsInheritedOrNew() throws {
        let script = "set -- $(cat /proc/$$/stat | sed 's/.*) //'); echo $3"
        let inherited = try shell(script)
        #expect(String(decoding: inherited.standardOutput, as: UTF8.self) == "\(getpgrp())\n")
        let child = try ChildProcess("sh", arguments: ["-c", script], standardOutput: .pipe, processGroup: .new).spawn()
        let output = child.collectOutput(until: nil)
        #expect(child.wait() == .exited(0))
        #expect(String(decoding: output.standardOutput, as: UTF8.self) == "\(child.pid)\n")
    }

    @Test func checkTerminationDoesNotWait() throws {
        let child = try ChildProcess("sh", arguments: ["-c", "read line; exit 7"], standardInput: .pipe).spawn()
        #expect(child.checkTermination() == nil)
        #expect(child.writeToStandardInput(Array("go\n".utf8)))
        #expect(child.wait() == .exited(7))
        #expect(child.checkTermination() == .exited(7))
        // Already reaped: killing it again reaches no other process.
        child.kill(SIGKILL)
        #expect(child.wait() == .exited(7))
    }
}

/// A temporary folder removed when the value goes.
final class TemporaryFolderForTests {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("shelf-process-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
