#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Feeds bytes into a child's standard input and collects its outputs, all in one `poll` loop on
/// the calling thread: a child that writes a lot before it reads, or reads a lot before it
/// writes, never deadlocks with shelf.
///
/// SIGPIPE is blocked on this thread while it writes: a child that exits without reading all its
/// input gives EPIPE (the rest of the input is dropped) instead of a signal that would end shelf
/// or the test runner. A SIGPIPE raised here is taken back before the thread's mask is restored.
final class PipeExchange {
    private let child: SpawnedChild
    private var input: (descriptor: Int32, bytes: [UInt8])?
    private var written = 0
    private let outputs: [Int32?]
    private var collected: [[UInt8]]

    /// Writes `input` to the child's standard input, then closes it, and drains its standard
    /// output and error, for those that are pipes. A nil `input` leaves standard input alone.
    init(child: SpawnedChild, input: [UInt8]?) {
        self.child = child
        self.input = input.flatMap { bytes in child.standardInput.map { ($0, bytes) } }
        outputs = [child.standardOutput, child.standardError]
        collected = [[], []]
    }

    /// Everything read from the child's standard output (0) or standard error (1).
    func output(_ index: Int) -> [UInt8] { collected[index] }

    /// Runs until the input is written and closed and every output reached end of file; false
    /// when `deadline` passed first.
    func run(until deadline: Double?) -> Bool {
        var open = outputs.enumerated().compactMap { index, descriptor in descriptor.map { (index, $0) } }
        if let input { _ = fcntl(input.descriptor, F_SETFL, fcntl(input.descriptor, F_GETFL) | O_NONBLOCK) }
        let signals = SIGPIPEBlock()
        defer { signals.restore() }
        if input?.bytes.isEmpty == true { finishInput() }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while input != nil || !open.isEmpty {
            var entries = open.map { pollfd(fd: $0.1, events: Int16(POLLIN), revents: 0) }
            if let input { entries.append(pollfd(fd: input.descriptor, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&entries, nfds_t(entries.count), PollWait.milliseconds(until: deadline))
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            if ready == 0 {
                if let deadline, MonotonicClock.now >= deadline { return false }
                continue
            }
            if input != nil, let last = entries.last, last.revents != 0 { writeSome() }
            var stillOpen: [(Int, Int32)] = []
            for (position, (index, descriptor)) in open.enumerated() {
                guard entries[position].revents != 0 else {
                    stillOpen.append((index, descriptor))
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index].append(contentsOf: buffer[0..<count])
                    stillOpen.append((index, descriptor))
                } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                    stillOpen.append((index, descriptor))
                }
            }
            open = stillOpen
        }
        return true
    }

    private func writeSome() {
        guard let input else { return }
        let count = input.bytes.withUnsafeBytes { raw in
            write(input.descriptor, raw.baseAddress.map { $0 + written }, raw.count - written)
        }
        if count > 0 {
            written += count
            if written == input.bytes.count { finishInput() }
        } else if count < 0 && errno != EINTR && errno != EAGAIN {
            // EPIPE: the child does not read any more.
            finishInput()
        }
    }

    private func finishInput() {
        child.closeStandardInput()
        input = nil
    }
}

/// Blocks SIGPIPE on the current thread until `restore`, then discards one raised meanwhile.
struct SIGPIPEBlock {
    private var previous = sigset_t()
    private var wasBlocked = false

    init() {
        var pipeOnly = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeOnly, &previous)
        wasBlocked = sigismember(&previous, SIGPIPE) == 1
    }

    func restore() {
        guard !wasBlocked else { return }
        var pipeOnly = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeOnly, nil, &now) < 0 && errno == EINTR {}
        }
        var previous = self.previous
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}
