import Foundation
import ShelfKit

/// Long output on a terminal goes through `$SHELF_PAGER`, `$PAGER` or `less -FRX`; `--no-pager`
/// and a pipe turn that off. An empty pager variable means no pager.
enum Pager {
    private static let buffer = HeldOutput()

    /// True while output is held for the pager decision at the end of the command.
    static var holdsOutput: Bool { Terminal.isInteractive && DisplaySettings.shared.pager && command != nil }

    static func hold(_ text: String) {
        buffer.append(text)
    }

    /// Writes what was held: through the pager when it is taller than the screen.
    static func finish() {
        let text = buffer.take()
        guard !text.isEmpty else { return }
        let lines = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        // `--no-pager` may be read only once the command runs (`init` has its own): decided here.
        if DisplaySettings.shared.pager, let command, lines >= Terminal.height - 1, run(command, input: text) { return }
        DescriptorOutput.write(text, to: STDOUT_FILENO)
    }

    /// The pager command, or nil for none.
    private static var command: String? {
        let environment = ProcessInfo.processInfo.environment
        if let pager = environment["SHELF_PAGER"] ?? environment["PAGER"] {
            let trimmed = pager.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
        }
        return "less -FRX"
    }

    /// Pipes `input` through the pager in the terminal's foreground (TerminalProgram says how);
    /// false when it did not start, or the shell could not find or run it (exit status 127 or
    /// 126), so that the text is written directly instead.
    private static func run(_ command: String, input: String) -> Bool {
        guard let termination = try? TerminalProgram.page(input, through: command) else {
            return false
        }
        return termination != .exited(127) && termination != .exited(126)
    }
}

/// Output held until the command ends.
private final class HeldOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    func append(_ more: String) {
        lock.withLock { text += more }
    }

    func take() -> String {
        lock.withLock {
            defer { text = "" }
            return text
        }
    }
}
