#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The descriptors behind a child's three standard streams while it is being started: for each,
/// the descriptor the child gets (nil: inherit shelf's) and, for a pipe, the end shelf keeps.
///
/// Every descriptor here is close-on-exec and numbered 3 or above, so that wiring one stream onto
/// 0, 1 or 2 in the child never overwrites the source of another.
struct StreamWiring {
    private(set) var childEnds: [Int32?] = [nil, nil, nil]
    private var parentEnds: [Int32?] = [nil, nil, nil]
    /// Child ends shelf opened or duplicated and must close once the child has started.
    private var owned: [Int32] = []

    init(_ input: ChildStream, _ output: ChildStream, _ error: ChildStream) throws(ChildProcessError) {
        do {
            for (number, stream) in [input, output, error].enumerated() {
                try wire(Int32(number), stream)
            }
        } catch {
            closeChildEnds()
            for case let descriptor? in parentEnds { close(descriptor) }
            throw error
        }
    }

    private mutating func wire(_ number: Int32, _ stream: ChildStream) throws(ChildProcessError) {
        switch stream {
        case .inherit:
            return
        case .null:
            let descriptor = open("/dev/null", (number == 0 ? O_RDONLY : O_WRONLY) | O_CLOEXEC)
            guard descriptor >= 0 else { throw .systemCall("open /dev/null", errno: errno) }
            let high = try Self.aboveStandardStreams(descriptor)
            owned.append(high)
            childEnds[Int(number)] = high
        case .fileDescriptor(let descriptor):
            // A duplicate, so that the caller's descriptor keeps its flags and stays open.
            let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
            guard duplicate >= 0 else { throw .systemCall("fcntl(\(descriptor), F_DUPFD_CLOEXEC)", errno: errno) }
            owned.append(duplicate)
            childEnds[Int(number)] = duplicate
        case .pipe:
            var ends: [Int32] = [-1, -1]
            guard SpawnExtensions.closeOnExecPipe(&ends) else { throw .systemCall("pipe2", errno: errno) }
            var readEnd: Int32 = -1
            var writeEnd: Int32 = -1
            do {
                readEnd = try Self.aboveStandardStreams(ends[0])
                writeEnd = try Self.aboveStandardStreams(ends[1])
            } catch {
                if readEnd >= 0 { close(readEnd) } else { close(ends[0]) }
                close(ends[1])
                throw error
            }
            let (child, parent) = number == 0 ? (readEnd, writeEnd) : (writeEnd, readEnd)
            owned.append(child)
            childEnds[Int(number)] = child
            parentEnds[Int(number)] = parent
        }
    }

    /// `descriptor` if it is 3 or above, else a close-on-exec duplicate that is (the original is
    /// closed). Only when shelf was started with a standard stream closed is a new descriptor below 3.
    private static func aboveStandardStreams(_ descriptor: Int32) throws(ChildProcessError) -> Int32 {
        if descriptor > 2 { return descriptor }
        let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
        let code = errno
        close(descriptor)
        guard moved >= 0 else { throw .systemCall("fcntl(F_DUPFD_CLOEXEC)", errno: code) }
        return moved
    }

    /// Closes shelf's copies of the child's ends: after `posix_spawn`, only the child holds them,
    /// so shelf sees end of file when the child closes its output.
    mutating func closeChildEnds() {
        for descriptor in owned { close(descriptor) }
        owned = []
    }

    /// Hands over shelf's end of stream `number`, if it is a pipe.
    mutating func takeParentEnd(_ number: Int) -> Int32? {
        defer { parentEnds[number] = nil }
        return parentEnds[number]
    }
}
