import Architecture
import Localization

/// The arguments `sky` and `moon` share.
enum SkyArguments {
    static let place = Argument.remainder(
        "place",
        help:
            "A city name ('Tromsø', 'Paris, TX, US'), #ID or lat,lon; the city on screen or the last one when left out",
        completion: .placeNames)
    static let date = Argument.option(
        "date", value: "DATE", help: "YYYY-MM-DD (1900 to 2100), today, tomorrow or yesterday; today when left out",
        completion: .values(["today", "tomorrow", "yesterday"]))
}

/// `sky [PLACE] [--date DATE]`: the sun and the moon of a day.
struct SkyCommand: FeatureCommand {
    static let declaration = CommandDeclaration(
        "sky", arguments: [SkyArguments.place, SkyArguments.date],
        summary: "Sun and moon: twilights, sunrise, noon, sunset, day length, moon phase, rise and set",
        discussion: """
            Computed offline from published algorithms (Meeus; within a minute of the U.S. Naval Observatory's \
            tables for the Sun, three for the Moon), in the place's own time zone. Sunrise and sunset are the \
            upper limb at −0.833°; civil, nautical and astronomical twilight end at −6°, −12° and −18°. The \
            timeline shows the day from midnight to midnight; the moon is drawn lit as it looks from the place \
            (mirrored in the southern hemisphere).
            """,
        examples: ["sky", "sky Tromsø --date 2026-12-21", "sky Sydney", "sky 78.22,15.65 --date tomorrow"],
        prepare: Words.prepareDates)

    var place: String
    var date: String?

    init(arguments: ParsedArguments) {
        place = arguments[SkyArguments.place] ?? ""
        date = arguments[SkyArguments.date]
    }

    func run(_ model: SkyModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        defer { SkyOutput(model, context).startNote() }
        await model.send(.skyRequested(place: place, date: date, onScreen: SkyOutput.cityOnScreen(context.router)))
        return try SkyOutput(model, context).shown(moonOnly: false)
    }
}

/// `moon [PLACE] [--date DATE]`, `moon --month [YYYY-MM] [PLACE]`: the moon of a day, or a month of its phases.
struct MoonCommand: FeatureCommand {
    static let month = Argument.flag(
        "month", help: "A calendar of the phases of a month: YYYY-MM after it, this month without")
    static let declaration = CommandDeclaration(
        "moon", arguments: [SkyArguments.place, SkyArguments.date, month],
        summary: "The moon: phase, light, age, rise and set, next new and full moon; --month for a calendar",
        examples: ["moon", "moon Sydney", "moon --month", "moon --month 2026-12 Sydney"],
        prepare: Words.prepareDates)

    var place: String
    var date: String?
    /// `--month`, with the month named (nil: this month).
    var month: String??

    init(arguments: ParsedArguments) throws(CommandError) {
        place = arguments[SkyArguments.place] ?? ""
        date = arguments[SkyArguments.date]
        guard arguments[Self.month] else {
            month = nil
            return
        }
        if date != nil { throw .usage("--month takes a month (YYYY-MM), not --date.") }
        // `moon --month 2026-12 Sydney`: a YYYY-MM word first or last is the month, the rest the place.
        var words = place.split(separator: " ").map(String.init)
        var named: String?
        if let first = words.first, Self.looksLikeMonth(first) {
            named = words.removeFirst()
        } else if let last = words.last, Self.looksLikeMonth(last) {
            named = words.removeLast()
        }
        place = words.joined(separator: " ")
        month = .some(named)
    }

    static func looksLikeMonth(_ word: String) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 4 && parts[1].count <= 2
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    func run(_ model: SkyModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        defer { SkyOutput(model, context).startNote() }
        let onScreen = SkyOutput.cityOnScreen(context.router)
        if case .some(let named) = month {
            await model.send(.monthRequested(place: place, month: named, onScreen: onScreen))
        } else {
            await model.send(.skyRequested(place: place, date: date, onScreen: onScreen))
        }
        return try SkyOutput(model, context).shown(moonOnly: true)
    }
}
