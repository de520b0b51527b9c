/// What an action tells the person who started it, while it runs: the command line renders it on
/// a terminal, the web UI in a page. Errors are not reported here: an action throws them.
public protocol ActionReporter: AnyObject {
    /// `done` of `total` steps are finished; `label` names the step just finished.
    func progress(_ done: Int, of total: Int, _ label: String)
    /// Something the person should know that does not stop the action (a file skipped, and why).
    func warning(_ message: String)
    /// One line of the action's outcome (a file merged, renamed, written).
    func result(_ line: String)
}
