/// `shelf goal YEAR --books N --pages N` and `shelf goal --clear YEAR`: one year's line of the
/// `goals:` map in `shelf.yaml`, spliced in (see `GoalSettingsSplice`) and written through
/// `WriteSettingsAction.replaceSettings` (atomic, refused if the file changed since it was read).
public enum GoalAction {
    /// Sets the year's goal; a measure not given keeps the goal's current one.
    /// - Returns: the goal now in the file.
    @discardableResult
    public static func set(year: Int, books: Int?, pages: Int?, library: Library, currentYear: Int) throws -> ReadingGoal {
        var goal = library.config.goal(for: year, currentYear: currentYear) ?? ReadingGoal(year: year)
        if let books { goal.books = books }
        if let pages { goal.pages = pages }
        let bytes = try GoalSettingsSplice(bytes: library.configBytes).setting(goal)
        guard (try? LibraryConfig(bytes: bytes))?.goals[year] == goal else {
            throw GoalSettingsSplice.Refusal(
                description: "internal error: the goal would not read back from shelf.yaml; nothing was written")
        }
        try WriteSettingsAction.replaceSettings(with: bytes, in: library)
        return goal
    }

    /// Removes the year's goal.
    /// - Returns: false when there was no goal for the year (nothing is written).
    @discardableResult
    public static func clear(year: Int, library: Library, currentYear: Int) throws -> Bool {
        guard let bytes = try GoalSettingsSplice(bytes: library.configBytes).clearing(year: year, currentYear: currentYear) else {
            return false
        }
        guard let config = try? LibraryConfig(bytes: bytes), config.goals[year] == nil else {
            throw GoalSettingsSplice.Refusal(description: "internal error: the goal would still read from shelf.yaml; nothing was written")
        }
        try WriteSettingsAction.replaceSettings(with: bytes, in: library)
        return true
    }
}
