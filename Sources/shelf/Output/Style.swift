import ArgumentParser
import Foundation

/// `--color auto|always|never`.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable, Sendable {
    case auto, always, never
}

/// The run's display settings, set once from the options before anything is printed.
final class DisplaySettings: @unchecked Sendable {
    static let shared = DisplaySettings()

    private let lock = NSLock()
    private var colorChoice = ColorChoice.auto
    private var pagerAllowed = true

    var color: ColorChoice {
        get { lock.withLock { colorChoice } }
        set { lock.withLock { colorChoice = newValue } }
    }

    var pager: Bool {
        get { lock.withLock { pagerAllowed } }
        set { lock.withLock { pagerAllowed = newValue } }
    }
}

/// Colour and emphasis for terminal output: on a terminal only, off when NO_COLOR is set to
/// anything non-empty, and `--color` overrides both.
struct Style {
    let enabled: Bool

    /// The style for standard output.
    static var standard: Style {
        switch DisplaySettings.shared.color {
        case .always: return Style(enabled: true)
        case .never: return Style(enabled: false)
        case .auto: return Style(enabled: Terminal.isInteractive && Terminal.colorEnabled)
        }
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func blue(_ text: String) -> String { wrap(text, "34") }
    func magenta(_ text: String) -> String { wrap(text, "35") }
    func highlight(_ text: String) -> String { wrap(text, "1;33") }

    /// A status in its colour: reading stands out, read is calm, abandoned is dim.
    func status(_ status: String) -> String {
        switch status {
        case "reading": return green(status)
        case "read": return blue(status)
        case "abandoned": return dim(status)
        default: return status
        }
    }

    /// Markers, not escape characters: `InertOutput` turns them into escape sequences after it
    /// has escaped the text from files.
    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? StyleMarker.sgr(code) + text + StyleMarker.sgr("0") : text
    }
}
