#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program the user named for the terminal (`$PAGER`, `$EDITOR`) the way git does.
///
/// - The command line may hold arguments (`less -R`, `code --wait`): it goes through
///   `/bin/sh -c 'COMMAND "$@"'`, with shelf's own arguments (a file path) passed as positional
///   parameters, never pasted into the command text.
/// - The program stays in shelf's process group, so when shelf runs in the terminal's
///   foreground it does too, and may read the terminal (a program in another group is stopped
///   by SIGTTIN/SIGTTOU, which is how `less` and `vi` hung under Foundation's `Process`).
///   Ctrl-Z stops both, and `fg` continues both.
/// - While it runs, shelf ignores SIGINT and SIGQUIT (the program gets the defaults back): Ctrl-C
///   is for the pager or the editor, and must not end shelf under it and hand the terminal back
///   to the shell while the program still draws on it.
/// - Afterwards the signal actions are restored, and so are the terminal's modes, in case the
///   program was killed before it could restore them itself.
public enum TerminalProgram {
    /// Runs `commandLine` with `arguments` and waits for it.
    /// - Parameters:
    ///   - input: written to the program's standard input through a pipe (a pager's text); nil
    ///     gives it shelf's standard input (the terminal, for an editor).
    ///   - environment: the program's whole environment; nil passes shelf's.
    /// - Returns: how it ended. The shell reports a missing program as exit status 127.
    public static func run(
        _ commandLine: String, arguments: [String] = [], input: [UInt8]? = nil,
        environment: [String: String]? = nil
    ) throws(ChildProcessError) -> ChildTermination {
        let child = ChildProcess(
            "/bin/sh", arguments: ["-c", commandLine + " \"$@\"", commandLine] + arguments,
            environment: environment,
            standardInput: input == nil ? .inherit : .pipe,
            standardOutput: .inherit, standardError: .inherit, processGroup: .inherit)
        let saved = TerminalState.save()
        let signals = InterruptSignals.ignore()
        defer {
            signals.restore()
            saved?.restore()
        }
        let spawned = try child.spawn()
        if let input { _ = PipeExchange(child: spawned, input: input).run(until: nil) }
        return spawned.wait()
    }

    /// Pipes `text` through the pager `commandLine` (run as `run` runs a program), with `LESS=FRX`
    /// in its environment unless the user set `LESS`: `less` then quits when the text fits the
    /// screen and passes colours through.
    /// - Returns: how it ended. The shell reports a missing program as exit status 127.
    public static func page(_ text: String, through commandLine: String) throws(ChildProcessError) -> ChildTermination {
        var environment = ChildProcess.currentEnvironment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        return try run(commandLine, input: Array(text.utf8), environment: environment)
    }
}

/// SIGINT and SIGQUIT ignored in shelf, and their earlier actions to put back.
struct InterruptSignals {
    private var previous: [(Int32, sigaction)] = []

    static func ignore() -> InterruptSignals {
        var saved = InterruptSignals()
        for signal in [SIGINT, SIGQUIT] {
            var ignore = sigaction()
            ignore.__sigaction_handler.sa_handler = SIG_IGN
            sigemptyset(&ignore.sa_mask)
            var old = sigaction()
            if sigaction(signal, &ignore, &old) == 0 { saved.previous.append((signal, old)) }
        }
        return saved
    }

    func restore() {
        for (signal, action) in previous {
            var action = action
            sigaction(signal, &action, nil)
        }
    }
}

/// The modes of the terminal on shelf's standard input, to put back after a terminal program.
struct TerminalState {
    private let descriptor: Int32
    private let modes: termios

    /// Nil when standard input is not a terminal.
    static func save() -> TerminalState? {
        var modes = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &modes) == 0 else { return nil }
        return TerminalState(descriptor: STDIN_FILENO, modes: modes)
    }

    /// Restores the modes when shelf is in the terminal's foreground (a background process that
    /// changed them would be stopped by SIGTTOU).
    func restore() {
        guard tcgetpgrp(descriptor) == getpgrp() else { return }
        var current = termios()
        guard tcgetattr(descriptor, &current) == 0, !Self.same(current, modes) else { return }
        var modes = modes
        while tcsetattr(descriptor, TCSADRAIN, &modes) != 0 && errno == EINTR {}
    }

    private static func same(_ left: termios, _ right: termios) -> Bool {
        withUnsafeBytes(of: left) { leftBytes in
            withUnsafeBytes(of: right) { leftBytes.elementsEqual($0) }
        }
    }
}
