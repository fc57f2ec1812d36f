import Architecture
import CoreKit

/// `weather [PLACE] [--refresh] [--line | --template TEXT]`: the weather now, or one line of it.
struct WeatherCommand: FeatureCommand {
    static let line = Argument.flag(
        "line", help: "One line of at most 60 columns, for a status bar: 'Toronto: ☁ 6 °C ↘ 15 km/h'")
    /// Its codes written out (`WeatherViews.templateCodes`), their percent sign said, not written: the shell reads a
    /// help as a template of its words, where `%d` and `%%` mean something else.
    static let template = Argument.option(
        "template", value: "TEXT",
        help: """
            One line from a template of wttr.in's codes, each written after a percent sign: c condition symbol; \
            C condition; x condition, plain-text symbol (wttr.in's: o m mm = / …); h humidity; t temperature; \
            f feels like; w wind; l location; m moon phase; M moon day (days since the new moon); \
            p precipitation (last hour); o chance of precipitation (the hour under way); P pressure; e dew point; \
            u UV index; D dawn (civil); S sunrise; z zenith (solar noon); s sunset; d dusk (civil); \
            T current time at the place; Z the place's time zone; A the data's age when it is old (3 d), else \
            nothing; R rain or snow within the hour, when it starts (☂ 14:15, ☂ now), else nothing; W the most \
            severe official warning in force (⚠ Tornado Warning), else nothing. Two percent signs write one.
            """)
    static let bar = Argument.option(
        "format", value: "BAR",
        help: """
            With --line: what a status bar reads (waybar, i3blocks, polybar); exits 0 whenever it writes, the \
            data's age in the class and tooltip. (The global --format json comes before the command.)
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
    /// Options that do not go together: said in the user's language when the command runs, before anything is
    /// fetched.
    var refused: UsageProblem?

    enum OneLine: Equatable {
        case line
        case template(String)
        case bar(StatusBar)
    }

    init(arguments: ParsedArguments) {
        place = arguments[PlaceArguments.place] ?? ""
        refresh = arguments[PlaceArguments.refresh]
        var bar: StatusBar?
        if let name = arguments[Self.bar] {
            bar = StatusBar(rawValue: name.lowercased())
            guard bar != nil else {
                refused = .notABar(name)
                return
            }
        }
        switch (arguments[Self.line], arguments[Self.template]) {
        case (true, .some): refused = .lineAndTemplate
        case (true, nil): oneLine = bar.map { .bar($0) } ?? .line
        case (false, .some(let template)):
            // Its codes are checked when the command runs (`run`), before anything is fetched.
            if bar == nil { oneLine = .template(template) } else { refused = .barWithTemplate }
        case (false, nil):
            if bar != nil { refused = .barWithoutLine }
        }
    }

    var options: WeatherModel.ViewOptions {
        var options = WeatherModel.ViewOptions()
        options.oneLine = oneLine != nil
        switch oneLine {
        case nil: options.almanac = true
        case .template(let template): options.almanac = WeatherViews.templateUsesAlmanac(template)
        case .line, .bar: options.almanac = false
        }
        return options
    }

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        if let refused { throw refused.commandError(WeatherOutput(model, context).words) }
        if case .template(let template) = oneLine {
            try WeatherViews.checkTemplate(template, WeatherOutput(model, context).words)
        }
        return try await model.answer(context) { () async throws(CommandError) -> CommandOutput in
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
