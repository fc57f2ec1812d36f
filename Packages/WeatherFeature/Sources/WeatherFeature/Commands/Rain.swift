import Architecture
import CoreKit
import Foundation

/// `rain [PLACE] [--within DURATION] [--refresh]`: will it rain in the next hours, from the quarter-hour forecast.
struct RainCommand: FeatureCommand {
    static let within = Argument.option(
        "within", value: "DURATION",
        help:
            "Answer yes or no: exit 0 when rain or snow is expected within it (15m to 24h: 30m, 2h, 1h30m), 1 when not")
    static let declaration = CommandDeclaration(
        "rain", arguments: [PlaceArguments.place, PlaceArguments.refresh, within],
        summary: "Will it rain in the next hours: when, how hard, until when, with a bar of the next two hours",
        discussion: """
            From Open-Meteo's quarter-hour forecast for the next six hours (its own models over North America and \
            central Europe; elsewhere the hourly forecast, interpolated), then the hourly forecast. Snow, showers, \
            drizzle and thunderstorms are said as such. With --within, the exit status answers: 0 yes, 1 no, 69 when \
            the forecast kept does not reach that far (another failure keeps its own status).
            """,
        examples: ["rain", "rain Berlin", "rain Toronto --within 30m"])

    var place: String
    var refresh: Bool
    var options = WeatherModel.ViewOptions()
    /// A `--within` that is no duration it takes: said in the user's language when the command runs.
    var refused: UsageProblem?

    init(arguments: ParsedArguments) {
        place = arguments[PlaceArguments.place] ?? ""
        refresh = arguments[PlaceArguments.refresh]
        if let text = arguments[Self.within] {
            if let seconds = Self.duration(text) {
                if (900...86_400).contains(seconds) {
                    options.within = seconds
                } else {
                    refused = .outsideWithin(text)
                }
            } else {
                refused = .notADuration(text)
            }
        }
    }

    /// `30m`, `2h`, `1h30m`, `90min`, `45` (minutes) as seconds; nil when it is not a duration.
    static func duration(_ text: String) -> TimeInterval? {
        let lowered = text.lowercased().replacingEvery(" ", with: "")
        if let minutes = Double(lowered), lowered.allSatisfy(\.isNumber), minutes > 0 { return minutes * 60 }
        var total = 0.0, number = "", unitSeen = false
        var index = lowered.startIndex
        while index < lowered.endIndex {
            let character = lowered[index]
            if character.isASCII, character.isNumber {
                number.append(character)
                index = lowered.index(after: index)
                continue
            }
            var unit = ""
            while index < lowered.endIndex, lowered[index].isLetter {
                unit.append(lowered[index])
                index = lowered.index(after: index)
            }
            guard let value = Double(number), !unit.isEmpty, value < 1e6 else { return nil }
            switch unit {
            case "h", "hr", "hrs", "hour", "hours": total += value * 3600
            case "m", "min", "mins", "minute", "minutes": total += value * 60
            default: return nil
            }
            number = ""
            unitSeen = true
        }
        guard unitSeen, number.isEmpty, total > 0 else { return nil }
        return total
    }

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        if let refused { throw refused.commandError(WeatherOutput(model, context).words) }
        do {
            return try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
                await model.send(.placeRequested(place, mode: .rain, forceRefresh: refresh, options: options))
                return try WeatherOutput(model, context).rain()
            }
        } catch  where options.within != nil && error.kind == .failure {
            // 1 is the answer "no": a failure must never read as one.
            throw .failure(error.code, error.message, kind: .unavailable)
        }
    }
}
