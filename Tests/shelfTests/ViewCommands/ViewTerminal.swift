import Foundation

/// Runs `shelf` on a pseudo-terminal through util-linux `script`, for the tests of what shelf
/// does on a terminal (colour, paging). Returns nil when `script` is not installed.
enum ViewTerminal {
    static let scriptPath: String? = ["/usr/bin/script", "/bin/script"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `stty rows ROWS cols 80; shelf ARGS` on a pty in `directory`. The environment is the
    /// runner's without NO_COLOR, SHELF_PAGER, PAGER and SHELF_LIBRARY, plus `environment`.
    static func run(
        _ args: [String], in directory: URL, rows: Int = 40, environment: [String: String] = [:]
    ) throws -> CommandResult? {
        guard let scriptPath else { return nil }
        let shelf = try ShelfBinary.url().path
        let line = "stty rows \(rows) cols 80 2>/dev/null; " + ([shelf] + args).map(quoted).joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: scriptPath)
        process.arguments = ["-qec", line, "/dev/null"]
        process.currentDirectoryURL = directory
        var childEnvironment = ProcessInfo.processInfo.environment
        for key in ["NO_COLOR", "SHELF_PAGER", "PAGER", "SHELF_LIBRARY", "COLUMNS", "LINES"] {
            childEnvironment[key] = nil
        }
        for (key, value) in environment { childEnvironment[key] = value }
        process.environment = childEnvironment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"),
            stderr: "")
    }
}

/// Terminal columns of a line, counted here independently of shelf and of the shared helpers:
/// East Asian wide and fullwidth characters and pictographic emoji take two, combining marks,
/// variation selectors and joiners none, everything else one.
func viewColumns(_ line: String) -> Int {
    line.unicodeScalars.reduce(0) { total, scalar in
        let value = scalar.value
        if (0xFE00...0xFE0F).contains(value) || value == 0x200D { return total }
        if scalar.properties.generalCategory == .nonspacingMark { return total }
        let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
            || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            || (0x1F300...0x1F64F).contains(value) || (0x1F680...0x1F6FF).contains(value)
            || (0x1F900...0x1F9FF).contains(value) || (0x20000...0x3FFFD).contains(value)
        return total + (wide ? 2 : 1)
    }
}

/// True when text holds an ANSI escape sequence.
func hasANSI(_ text: String) -> Bool {
    text.contains("\u{1B}[")
}
