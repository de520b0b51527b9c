import Foundation
import ShelfKit

/// A progress bar on stderr, drawn only when stderr is a terminal; notes print above it.
struct ProgressBar {
    let total: Int
    let label: String
    private(set) var done = 0
    private let enabled = isatty(STDERR_FILENO) == 1 && (ProcessInfo.processInfo.environment["TERM"] ?? "") != "dumb"
    private var lastDrawn = Date.distantPast

    init(total: Int, label: String) {
        self.total = total
        self.label = label
    }

    mutating func advance(by count: Int = 1) {
        done += count
        // Redraw at most 20 times a second: drawing every step would cost more than the work.
        guard enabled, done == total || Date().timeIntervalSince(lastDrawn) > 0.05 else { return }
        lastDrawn = Date()
        draw()
    }

    /// A line printed above the bar.
    func note(_ line: String) {
        if enabled { DescriptorOutput.write("\r\u{1B}[K", to: STDERR_FILENO) }
        Diagnostics.write(line)
        if enabled { draw() }
    }

    func finish() {
        if enabled { DescriptorOutput.write("\r\u{1B}[K", to: STDERR_FILENO) }
    }

    private func draw() {
        let width = 30
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        DescriptorOutput.write("\r\(label) \(bar) \(done)/\(total)", to: STDERR_FILENO)
    }
}
