import ShelfKit

/// Renders what an action reports on the command line: results on stdout (through the pager
/// when long), warnings on stderr as `shelf: …`, progress as a bar on stderr (only on a
/// terminal; notes print above it).
final class CommandReporter: ActionReporter {
    private var bar: ProgressBar?
    /// Whether result lines are shown (`--quiet` style commands turn them off).
    private let showsResults: Bool

    /// Files to read or write from which `check` and `export` show a bar: about a second's work.
    static let longWork = 1000

    /// Work of fewer steps gets no bar: it ends before a bar would tell anything.
    private let minimumSteps: Int

    /// - Parameter minimumSteps: the fewest steps work must have for a bar (work that can take
    ///   more than a second: reading a thousand files, say).
    init(showsResults: Bool = true, progressFrom minimumSteps: Int = 0) {
        self.showsResults = showsResults
        self.minimumSteps = minimumSteps
    }

    func progress(_ done: Int, of total: Int, _ label: String) {
        guard total >= minimumSteps else { return }
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
