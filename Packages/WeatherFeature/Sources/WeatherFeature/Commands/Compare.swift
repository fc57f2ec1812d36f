import Architecture
import CoreKit
import Foundation
import WeatherService

/// `compare PLACES…`: today at 2 to 10 places side by side, in one request.
struct CompareCommand: FeatureCommand {
    static let places = Argument.words(
        "places", help: "2 to 10 places, each one word or in quotes ('New York', 'Paris, TX, US', '#6167865')",
        required: true, completion: .placeNames)
    static let declaration = CommandDeclaration(
        "compare", arguments: [places],
        summary: "Today at several places side by side: now, min, max, sky (one request for all)",
        examples: ["compare Toronto Vancouver Montreal", "compare 'New York' London 'Paris, FR'"])

    var places: [String]
    /// Too few or too many places: said in the user's language when the command runs.
    var refused: UsageProblem?

    init(arguments: ParsedArguments) {
        places = arguments[Self.places].filter { !$0.trimmingSpaces.isEmpty }
        if !(2...TodayClient.limit).contains(places.count) { refused = .comparePlaces(places.count) }
    }

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        if let refused { throw refused.commandError(WeatherOutput(model, context).words) }
        return try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(.compareRequested(places))
            try model.checkProblem()
            return try WeatherOutput(model, context).comparison()
        }
    }
}
