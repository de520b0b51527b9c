import Foundation

/// Where shelf keeps one of its caches (library indexes, lookup answers, thumbnails, covers
/// fetched by address): never inside a library, so sync tools never see them.
enum ShelfCacheFolder {
    /// `$XDG_CACHE_HOME/shelf/NAME` when that variable is an absolute path (the XDG spec ignores
    /// a relative one), else `$HOME/.cache/shelf/NAME`; nil with neither. `variable` looks one
    /// variable up: the whole environment made into a dictionary costs more than opening a library.
    static func path(_ name: String, variable: (String) -> String?) -> String? {
        if let cache = variable("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/shelf/" + name }
        if let home = variable("HOME"), home.hasPrefix("/") { return home + "/.cache/shelf/" + name }
        return nil
    }

    /// The same, over an environment given whole.
    static func path(_ name: String, in environment: [String: String]) -> String? {
        path(name) { environment[$0] }
    }
}
