import Architecture
import CoreKit

/// `weather [PLACE] [--refresh] [--line | --template TEXT]`: the weather now, or one line of it.
struct WeatherCommand: FeatureCommand {
    static let line = Argument.flag(
        "line", help: "One line of at most 60 columns, for a status bar: 'Toronto: ☁ 6 °C ↘ 15 km/h'")
    static let template = Argument.option(
        "template", value: "TEXT",
        help: "One line from a template of wttr.in's codes: \(WeatherViews.templateCodesHelp)")
    static let bar = Argument.option(
        "format", value: "BAR",
        help: """
            With --line: what a status bar reads (\(StatusBar.names)); exits 0 whenever it writes, the data's age \
            in the class and tooltip. (The global --format json comes before the command.)
            """)
    static let declaration = CommandDeclaration(
        "weather", arguments: [PlaceArguments.place, PlaceArguments.refresh, line, template, bar],
        summary: "The weather now: sky, temperature, wind, rain, air pressure, sun",
        discussion: """
            Names are found offline in the city list: the most populous city of that name, and the others named \
            below it. Answers are kept: within 10 minutes no request is made, and when the network fails the \
            other provider is asked (Open-Meteo needs no key), then the last answer is shown, marked with its age.
            """,
        examples: [
            "weather", "weather Paris", "weather Paris, TX, US", "weather #6167865", "weather 19.54,110",
            "weather Toronto --line", "weather Toronto --template '%l: %c %t (%f) %w %h %p %m'",
        ])

    var place: String
    var refresh: Bool
    /// One line (`--line`, or `--template` with its text), checked before anything is fetched.
    var oneLine: OneLine?

    enum OneLine: Equatable {
        case line
        case template(String)
        case bar(StatusBar)
    }

    init(arguments: ParsedArguments) throws(CommandError) {
        place = arguments[PlaceArguments.place] ?? ""
        refresh = arguments[PlaceArguments.refresh]
        let bar = try arguments[Self.bar].map { (name: String) throws(CommandError) -> StatusBar in
            guard let bar = StatusBar(rawValue: name.lowercased()) else {
                let hint =
                    ["json", "text"].contains(name.lowercased())
                    ? " For \(name.lowercased()), put --format before the command: "
                        + "'skylens --format \(name.lowercased()) weather --line'." : ""
                throw .usage(
                    "--format after 'weather' names a status bar: \(StatusBar.names), not "
                        + "'\(name.terminalPreview)'.\(hint)")
            }
            return bar
        }
        switch (arguments[Self.line], arguments[Self.template]) {
        case (true, .some): throw .usage("--line and --template each make one line: give one of them.")
        case (true, nil): oneLine = bar.map { .bar($0) } ?? .line
        case (false, .some(let template)):
            guard bar == nil else { throw .usage("--format BAR goes with --line, not with --template.") }
            try WeatherViews.checkTemplate(template)
            oneLine = .template(template)
        case (false, nil):
            guard bar == nil else { throw .usage("--format BAR is for a status bar: add --line.") }
            oneLine = nil
        }
    }

    var options: WeatherModel.ViewOptions {
        var options = WeatherModel.ViewOptions()
        options.oneLine = oneLine != nil
        return options
    }

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
            await model.send(
                .placeRequested(place, mode: .current, forceRefresh: refresh, options: options))
            switch oneLine {
            case .line: return try WeatherOutput(model, context).oneLine(template: nil)
            case .template(let text): return try WeatherOutput(model, context).oneLine(template: text)
            case .bar(let bar): return try WeatherOutput(model, context).statusBar(bar)
            case nil: break
            }
            return try WeatherOutput(model, context).shown()
        }
    }
}
