import ArgumentParser

/// Where an action's thrown error becomes the command's one message and exit code 1.
enum ActionFailure {
    /// Runs `body`; an error it throws is printed as `shelf: message` and ends the command.
    @discardableResult
    static func reported<Value>(_ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw Diagnostics.failure(String(describing: error))
        }
    }
}
