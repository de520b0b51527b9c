import ShelfKit

/// Renders what an action reports on the command line: results on stdout (through the pager
/// when long), warnings on stderr as `shelf: …`, progress as a bar on stderr (only on a
/// terminal; notes print above it).
final class CommandReporter: ActionReporter {
    private var bar: ProgressBar?
    /// Whether result lines are shown (`--quiet` style commands turn them off).
    private let showsResults: Bool

    init(showsResults: Bool = true) {
        self.showsResults = showsResults
    }

    func progress(_ done: Int, of total: Int, _ label: String) {
        var current = bar.flatMap { $0.total == total && $0.label == label ? $0 : nil } ?? ProgressBar(total: total, label: label)
        current.advance(by: done - current.done)
        if done >= total {
            current.finish()
            bar = nil
        } else {
            bar = current
        }
    }

    func warning(_ message: String) {
        if let bar {
            bar.note("shelf: " + message)
        } else {
            Diagnostics.write("shelf: " + message)
        }
    }

    func result(_ line: String) {
        guard showsResults else { return }
        Output.line(line)
    }

    /// Clears a bar left drawn.
    func finish() {
        bar?.finish()
        bar = nil
    }
}
