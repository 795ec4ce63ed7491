import Foundation

/// Dates and spans as the summary and report print them, in one time zone and in English
/// whatever the device's language (a support request is read by the developer).
struct DateText {
    let now: Date
    let timeZone: TimeZone

    /// `13 Oct`, with the year when it is not this year's.
    func day(_ date: Date) -> String {
        format(date, calendar.component(.year, from: date) == calendar.component(.year, from: now) ? "d MMM" : "d MMM yyyy")
    }

    /// `13 Oct 14:03`.
    func moment(_ date: Date) -> String { day(date) + " " + format(date, "HH:mm") }

    /// `2026-10-13 14:03:07 +0900`: unambiguous, for the report.
    func stamp(_ date: Date) -> String { format(date, "yyyy-MM-dd HH:mm:ss Z") }

    /// How long ago `date` was: calendar days when it was another day, else hours or minutes.
    func span(since date: Date) -> String {
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        if days >= 1 { return plural(days, "day") }
        let minutes = Int(max(0, now.timeIntervalSince(date)) / 60)
        if minutes >= 60 { return plural(minutes / 60, "hour") }
        return minutes >= 1 ? plural(minutes, "minute") : "less than a minute"
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    private func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = calendar
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    private func plural(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s")" }
}
