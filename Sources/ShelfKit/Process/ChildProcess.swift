#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How to start one child process: shelf's only way to run another program (the pager, the
/// editor, git), and the test harness's.
///
/// It calls `posix_spawn` directly. Foundation's `Process` is not used because it puts every
/// child in a process group of its own, where a pager or an editor is stopped by SIGTTIN/SIGTTOU
/// as soon as it touches the terminal, and because it crashed (SIGSEGV in its spawn path) when
/// many threads started processes at once.
///
/// Every descriptor shelf opens is close-on-exec, and the child gets only its three standard
/// streams: descriptors from 3 up are closed in the child before `exec`, so a pipe another thread
/// is creating at the same moment never leaks into this child (and never keeps a reader waiting
/// for an end of file that does not come).
struct ChildProcess: Sendable {
    /// A program name looked up on `PATH` (of `environment` when given, else shelf's), or a path
    /// holding a `/`.
    var executable: String
    /// The arguments after the program name (`argv[1...]`).
    var arguments: [String]
    /// The whole environment of the child; nil passes shelf's own unchanged.
    var environment: [String: String]?
    /// The folder the child starts in; nil keeps shelf's.
    var workingDirectory: String?
    var standardInput: ChildStream
    var standardOutput: ChildStream
    var standardError: ChildStream
    /// The process group of the child.
    var processGroup: ProcessGroup

    /// Which process group the child joins.
    enum ProcessGroup: Sendable {
        /// shelf's own: a child of a shelf in the terminal's foreground is in the foreground too,
        /// so it may read and write the terminal, and Ctrl-C or Ctrl-Z reach it with shelf. The
        /// only right choice for a pager or an editor.
        case inherit
        /// A new group led by the child, so that `SpawnedChild.kill` reaches its children too
        /// (the test harness stops a hung run this way). Never for a program that uses the
        /// terminal: a background group is stopped when it reads it.
        case new
    }

    init(
        _ executable: String,
        arguments: [String] = [],
        environment: [String: String]? = nil,
        workingDirectory: String? = nil,
        standardInput: ChildStream = .null,
        standardOutput: ChildStream = .inherit,
        standardError: ChildStream = .inherit,
        processGroup: ProcessGroup = .inherit
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.processGroup = processGroup
    }

    /// shelf's environment as a dictionary, to change a few variables for a child.
    static var currentEnvironment: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let key = String(text[..<equals])
                if result[key] == nil { result[key] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }

    /// Starts the child. The caller waits for it (`SpawnedChild.wait`) and uses the parent's ends
    /// of the `.pipe` streams.
    func spawn() throws(ChildProcessError) -> SpawnedChild {
        let searchPath = environment.map { $0["PATH"] } ?? getenv("PATH").map { String(cString: $0) }
        guard let path = ExecutableLookup.resolve(executable, searchPath: searchPath) else {
            throw .notFound(executable, searchPath: searchPath ?? ExecutableLookup.defaultSearchPath)
        }
        var streams = try StreamWiring(standardInput, standardOutput, standardError)
        defer { streams.closeChildEnds() }
        let pid = try PosixSpawn.start(
            path: path, argv: [executable] + arguments, environment: environment,
            workingDirectory: workingDirectory, streams: streams, newProcessGroup: processGroup == .new)
        return SpawnedChild(
            pid: pid, processGroupLeader: processGroup == .new,
            standardInput: streams.takeParentEnd(0), standardOutput: streams.takeParentEnd(1),
            standardError: streams.takeParentEnd(2))
    }

    /// Starts the child, writes `input` to its standard input (when that is `.pipe`; nil writes
    /// nothing but still closes it), collects what
    /// it writes to `.pipe` outputs, and waits for it to end. All pipes are served by one `poll`
    /// loop, so no amount of output either way deadlocks.
    ///
    /// - Parameters:
    ///   - timeout: seconds after which the child (its group, for `.new`) is killed with SIGKILL;
    ///     the result then says `timedOut`. Nil waits as long as it takes.
    ///   - beforeKilling: called with the child's process id when the timeout passed, just before
    ///     the kill (the test harness records what the child was doing).
    func run(
        input: [UInt8]? = nil, timeout: Double? = nil, beforeKilling: ((pid_t) -> Void)? = nil
    ) throws(ChildProcessError) -> ChildResult {
        let child = try spawn()
        let deadline = timeout.map { MonotonicClock.now + $0 }
        let exchange = PipeExchange(child: child, input: input ?? [])
        var timedOut = !exchange.run(until: deadline)
        var termination = timedOut ? nil : child.wait(until: deadline)
        if termination == nil {
            timedOut = true
            beforeKilling?(child.pid)
            child.kill(SIGKILL)
            termination = child.wait(until: nil)
        }
        child.closeStreams()
        return ChildResult(
            termination: termination ?? .signalled(SIGKILL),
            standardOutput: exchange.output(0), standardError: exchange.output(1), timedOut: timedOut)
    }
}

/// Where one of the child's standard streams goes.
enum ChildStream: Sendable, Equatable {
    /// The same file as shelf's own stream (the terminal, for a pager or an editor).
    case inherit
    /// `/dev/null`.
    case null
    /// A new pipe; shelf holds the other end (`SpawnedChild.standardInput` and so on).
    case pipe
    /// A descriptor of shelf's, which stays open in shelf (the child gets a duplicate).
    case fileDescriptor(Int32)
}

/// What a finished child gave back.
struct ChildResult: Sendable {
    var termination: ChildTermination
    /// What it wrote to standard output, when that was `.pipe`.
    var standardOutput: [UInt8]
    /// What it wrote to standard error, when that was `.pipe`.
    var standardError: [UInt8]
    /// True when it was killed because the timeout passed.
    var timedOut: Bool
}

/// How a child ended.
public enum ChildTermination: Sendable, Equatable, CustomStringConvertible {
    /// It called `exit` with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    /// True for `exit(0)`.
    var succeeded: Bool { self == .exited(0) }

    /// The shell's number for it: the exit status, or 128 plus the signal.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let status): return status
        case .signalled(let signal): return 128 + signal
        }
    }

    /// `exit status N`, or `signal N (name)`.
    public var description: String {
        switch self {
        case .exited(let status): return "exit status \(status)"
        case .signalled(let signal): return "signal \(signal) (\(String(cString: strsignal(signal))))"
        }
    }
}

/// Why a child could not be started.
public enum ChildProcessError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No executable of that name on the search path.
    case notFound(String, searchPath: String)
    /// `posix_spawn` refused (for example the file is not executable, or the folder is missing).
    case cannotStart(String, errno: Int32)
    /// A system call shelf needed for it failed.
    case systemCall(String, errno: Int32)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .notFound(let name, let searchPath):
            return "cannot find the program '\(name)' (searched PATH=\(searchPath))"
        case .cannotStart(let name, let code):
            return "cannot start '\(name)': \(String(cString: strerror(code)))"
        case .systemCall(let call, let code):
            return "cannot start a program: \(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
