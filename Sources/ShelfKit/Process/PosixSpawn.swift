#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `posix_spawn` call behind `ChildProcess.spawn`.
enum PosixSpawn {
    /// Starts `path` and returns its process id.
    static func start(
        path: String, argv: [String], environment: [String: String]?, workingDirectory: String?,
        streams: StreamWiring, newProcessGroup: Bool
    ) throws(ChildProcessError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { throw .systemCall("posix_spawn_file_actions_init", errno: errno) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        guard posix_spawnattr_init(&attributes) == 0 else { throw .systemCall("posix_spawnattr_init", errno: errno) }
        defer { posix_spawnattr_destroy(&attributes) }

        for (number, source) in streams.childEnds.enumerated() {
            guard let source else { continue }
            let code = posix_spawn_file_actions_adddup2(&actions, source, Int32(number))
            guard code == 0 else { throw .systemCall("posix_spawn_file_actions_adddup2", errno: code) }
        }
        // Nothing but the three standard streams reaches the child, even a descriptor some
        // library opened without close-on-exec.
        if let closeFrom = SpawnExtensions.addCloseFrom {
            let code = closeFrom(&actions, 3)
            guard code == 0 else { throw .systemCall("posix_spawn_file_actions_addclosefrom_np", errno: code) }
        }
        if let workingDirectory {
            guard let addChdir = SpawnExtensions.addChdir else {
                throw .systemCall("posix_spawn_file_actions_addchdir_np (missing from this C library)", errno: ENOSYS)
            }
            let code = addChdir(&actions, workingDirectory)
            guard code == 0 else { throw .systemCall("posix_spawn_file_actions_addchdir_np", errno: code) }
        }

        // The child starts with no signal blocked (the spawning thread may block some) and with
        // the default action for the signals shelf ignores while a terminal program runs, and for
        // SIGPIPE, which a runtime may ignore: a pager or git expects the defaults. Other ignored
        // signals are kept, as `nohup` expects.
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        if newProcessGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let arguments = CStringArray(argv)
        let environmentStrings = environment.map { CStringArray($0.map { $0.key + "=" + $0.value }) }
        var pid: pid_t = 0
        let code = arguments.withPointers { argvPointer in
            if let environmentStrings {
                return environmentStrings.withPointers { posix_spawn(&pid, path, &actions, &attributes, argvPointer, $0) }
            }
            return posix_spawn(&pid, path, &actions, &attributes, argvPointer, environ)
        }
        guard code == 0 else {
            throw .cannotStart(workingDirectory.map { "\(path)' in '\($0)" } ?? path, errno: code)
        }
        return pid
    }
}

/// glibc functions the Swift module does not show (they are behind `_GNU_SOURCE`), found at
/// run time; nil where the C library lacks them.
enum SpawnExtensions {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34).
    static let addCloseFrom: AddCloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29).
    static let addChdir: AddChdir? = symbol("posix_spawn_file_actions_addchdir_np")
    /// `pidfd_open` (glibc 2.36, Linux 5.3): a descriptor that becomes readable when a child ends.
    static let pidfdOpen: PidfdOpen? = symbol("pidfd_open")
    /// `pipe2`: a pipe made close-on-exec at once, so no child started meanwhile inherits it.
    static let pipe2: Pipe2? = symbol("pipe2")

    /// A close-on-exec pipe (`pipe2`, else `pipe` and `fcntl`); false with `errno` set on failure.
    static func closeOnExecPipe(_ ends: UnsafeMutablePointer<Int32>) -> Bool {
        if let pipe2 { return pipe2(ends, O_CLOEXEC) == 0 }
        guard pipe(ends) == 0 else { return false }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return true
    }

    private static func symbol<Function>(_ name: String) -> Function? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}

/// A NULL-terminated array of C strings that lives as long as the value.
final class CStringArray {
    private let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: count + 1)
        for (index, string) in strings.enumerated() { (pointers + index).initialize(to: strdup(string)) }
        (pointers + count).initialize(to: nil)
    }

    func withPointers<Result>(_ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        body(pointers)
    }

    deinit {
        for index in 0..<count { free(pointers[index]) }
        pointers.deallocate()
    }
}
