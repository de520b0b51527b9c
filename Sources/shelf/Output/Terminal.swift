import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the terminal standard output is written to.
enum Terminal {
    /// True when standard output is a terminal.
    static var isInteractive: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The terminal's height in lines (24 when unknown).
    static var height: Int {
        var size = winsize()
        if isInteractive, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 {
            return Int(size.ws_row)
        }
        return 24
    }

    /// The width to fit tables to: the terminal's, else `$COLUMNS`, else nil (no limit).
    static var width: Int? {
        var size = winsize()
        if isInteractive, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns > 0 {
            return columns
        }
        return nil
    }
}
