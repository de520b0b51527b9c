#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Today's date and the time, for `added`, `started`, `finished`, note headings and "this year",
/// the same for the command line and the web UI. `SHELF_TODAY` (YYYY-MM-DD) and `SHELF_NOW`
/// (HH:MM) override them, for tests and scripts.
public enum Clock {
    /// Today in local time (`TZ`, else /etc/localtime), or `SHELF_TODAY`.
    public static func today() -> BookDate {
        if let value = getenv("SHELF_TODAY"), let date = BookDate(String(cString: value)), date.day != nil {
            return date
        }
        // The C library's local time, as Foundation's calendar reads it, without loading that
        // calendar at every start.
        let parts = localNow()
        return BookDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }

    /// The time as `HH:MM`, or `SHELF_NOW`.
    public static func time() -> String {
        if let value = getenv("SHELF_NOW"), value.pointee != 0 { return String(cString: value) }
        let parts = localNow()
        let hour = Int(parts.tm_hour), minute = Int(parts.tm_min)
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    private static func localNow() -> tm {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        var now = clock.tv_sec
        var parts = tm()
        localtime_r(&now, &parts)
        return parts
    }
}
