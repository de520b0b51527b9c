/// What an action tells the person running it while it works: how far it got, what went wrong
/// along the way without stopping it, and what it did. The command line renders these on a
/// terminal; the web UI will render them in a page. Errors that stop an action are thrown.
public protocol ActionReporter: AnyObject {
    /// `done` of `total` steps are finished; `label` names the work (for a progress bar).
    func progress(_ done: Int, of total: Int, _ label: String)
    /// A problem that did not stop the action (a file skipped, a value left alone).
    func warning(_ message: String)
    /// One line of what the action did (`updated dune.md`).
    func result(_ line: String)
}
