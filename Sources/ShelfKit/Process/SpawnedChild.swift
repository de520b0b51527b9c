#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A started child: its process id, shelf's ends of its `.pipe` streams, and the wait for its end.
///
/// The child is reaped (its exit status collected) under a lock that `kill` also takes, so a
/// signal never reaches another process that was given the same id after this one ended.
final class SpawnedChild: @unchecked Sendable {
    let pid: pid_t
    /// shelf's writing end of the child's standard input, when that is `.pipe`.
    private(set) var standardInput: Int32?
    /// shelf's reading end of the child's standard output, when that is `.pipe`.
    private(set) var standardOutput: Int32?
    /// shelf's reading end of the child's standard error, when that is `.pipe`.
    private(set) var standardError: Int32?

    private let leadsProcessGroup: Bool
    /// Readable once the child has ended (Linux `pidfd`), or -1 where there is none.
    private let exitDescriptor: Int32
    /// How the child ended, once it is reaped; `kill` and the reaping both hold it.
    private let termination = Synchronization.Mutex<ChildTermination?>(nil)

    init(pid: pid_t, processGroupLeader: Bool, standardInput: Int32?, standardOutput: Int32?, standardError: Int32?) {
        self.pid = pid
        self.leadsProcessGroup = processGroupLeader
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.standardError = standardError
        exitDescriptor = SpawnExtensions.pidfdOpen.map { $0(pid, 0) } ?? -1
    }

    deinit {
        closeStreams()
        if exitDescriptor >= 0 { close(exitDescriptor) }
    }

    /// Closes shelf's end of the child's standard input, so that it reads end of file.
    func closeStandardInput() {
        if let descriptor = standardInput { close(descriptor) }
        standardInput = nil
    }

    /// Closes shelf's ends of all the child's pipes.
    func closeStreams() {
        closeStandardInput()
        for descriptor in [standardOutput, standardError].compactMap({ $0 }) { close(descriptor) }
        standardOutput = nil
        standardError = nil
    }

    /// Writes all of `bytes` to the child's standard input (a `.pipe`), waiting while the pipe is
    /// full; false when the child closed its end (no SIGPIPE is raised). Only one thread may use
    /// the standard input, and it must be done before `closeStreams`.
    func writeToStandardInput(_ bytes: [UInt8]) -> Bool {
        guard let descriptor = standardInput else { return false }
        let signals = SIGPIPEBlock()
        defer { signals.restore() }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + written }, $0.count - written) }
            if count >= 0 {
                written += count
            } else if errno == EAGAIN {
                _ = PollWait.writable(descriptor)
            } else if errno != EINTR {
                return false
            }
        }
        return true
    }

    /// Reads the child's standard output and error (those that are pipes) until both reach end
    /// of file or `deadline` (a `MonotonicClock` reading) passes; `finished` is false in the
    /// second case. Standard input is left alone.
    func collectOutput(until deadline: Double?) -> (standardOutput: [UInt8], standardError: [UInt8], finished: Bool) {
        let exchange = PipeExchange(child: self, input: nil)
        let finished = exchange.run(until: deadline)
        return (exchange.output(0), exchange.output(1), finished)
    }

    /// Sends `signal` to the child (to its whole group when it leads one), unless it has already
    /// been waited for.
    func kill(_ signal: Int32 = SIGTERM) {
        termination.withLock { termination in
            guard termination == nil else { return }
            _ = leadsProcessGroup ? Glibc.kill(-pid, signal) : Glibc.kill(pid, signal)
        }
    }

    /// Waits until the child ends and returns how; interrupted system calls are retried.
    func wait() -> ChildTermination {
        // Without a deadline the wait always ends with the child's termination.
        wait(until: nil) ?? .signalled(SIGKILL)
    }

    /// How the child ended, or nil while it still runs; does not wait.
    func checkTermination() -> ChildTermination? {
        wait(until: 0)
    }

    /// Waits until the child ends or `deadline` (a `MonotonicClock` reading) passes; nil when it
    /// passed first.
    func wait(until deadline: Double?) -> ChildTermination? {
        if let known = termination.withLock({ $0 }) { return known }
        if exitDescriptor >= 0 {
            // Wait without reaping; the reaping below takes the lock.
            guard PollWait.readable(exitDescriptor, until: deadline) else { return nil }
            return reap(blocking: true)
        }
        // No pidfd (an old kernel or another system): look at the child now and then.
        var pause: UInt32 = 500
        while true {
            if let ended = reap(blocking: false) { return ended }
            if let deadline, MonotonicClock.now >= deadline { return nil }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    /// Collects the child's status, once; nil when `blocking` is false and it still runs.
    private func reap(blocking: Bool) -> ChildTermination? {
        termination.withLock { termination -> ChildTermination? in
            if let termination { return termination }
            var status: Int32 = 0
            while true {
                let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
                if result == pid { break }
                if result == 0 { return nil }
                if errno == EINTR { continue }
                // ECHILD: someone else reaped it (SIGCHLD ignored); its status is lost.
                termination = .exited(-1)
                return termination
            }
            let signal = status & 0x7f
            termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
            return termination
        }
    }
}

/// Seconds on the monotonic clock, for deadlines that wall-clock changes do not move.
enum MonotonicClock {
    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// `poll` on one descriptor until it is readable or a deadline passes, retrying after signals.
enum PollWait {
    static func readable(_ descriptor: Int32, until deadline: Double?) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&entry, 1, milliseconds(until: deadline))
            if result > 0 { return true }
            if result == 0 {
                guard let deadline, MonotonicClock.now < deadline else { return false }
                continue
            }
            if errno != EINTR { return true }
        }
    }

    /// Waits until `descriptor` can be written to (or has an error to report).
    static func writable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while poll(&entry, 1, -1) < 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// The `poll` timeout for `deadline`: -1 for none, else the milliseconds left, rounded up.
    static func milliseconds(until deadline: Double?) -> Int32 {
        guard let deadline else { return -1 }
        let left = (deadline - MonotonicClock.now) * 1000
        return left <= 0 ? 0 : Int32(min(left.rounded(.up), 3_600_000))
    }
}
