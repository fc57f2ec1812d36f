import Architecture
import CommandShell
import ShellTesting
import TestSupport
import Testing

/// What the feature's command declarations promise, checked here so that a new command is checked by being declared:
/// every example fits 40, 80 and 200 columns, and every JSON document the examples write conforms to this package's
/// schemas (`Schemas/`).
@MainActor @Suite struct WeatherExamplesTests {
    /// The recorded forecast for every request, and for several places at once (`compare`) an array of today's.
    static func server() throws -> LoopbackServer {
        let forecast = try providerFixture("open-meteo-toronto.json")
        let today = #"""
            {"latitude":43.7,"longitude":-79.4,"utc_offset_seconds":-18000,"current":{"time":"2026-11-22T09:00",
            "temperature_2m":3.4,"weather_code":3,"is_day":1},"daily":{"time":["2026-11-22"],"weather_code":[3],
            "temperature_2m_max":[5.5],"temperature_2m_min":[-2.5]}}
            """#
        return try LoopbackServer { request in
            guard request.queryItems["forecast_days"] == "1" else { return .respond(.json(forecast)) }
            let count = (request.queryItems["latitude"] ?? "").split(separator: ",").count
            return .respond(.json("[" + Array(repeating: today, count: count).joined(separator: ",") + "]"))
        }
    }

    /// The recorded archive (Sacramento, 1940–2024) for every place's normals.
    static func archive() throws -> LoopbackServer {
        try LoopbackServer(
            always: .json(try providerFixture("open-meteo-archive-sacramento-1940-2024-fahrenheit.json")))
    }

    @Test(arguments: [40, 80, 200])
    func everyExampleFits(width: Int) async throws {
        let directory = try TemporaryDirectory()
        let weather = try WeatherHarness(
            server: try Self.server(), terminal: TerminalInfo(isInteractive: false, colorEnabled: false, width: width),
            directory: directory, archive: try Self.archive(),
            ensemble: try LoopbackServer(always: .json(try EnsembleTests.whistler())))
        let examples = weather.harness.examplesOfCommandsAnywhere
        #expect(examples.count >= 10)
        let wide = await weather.harness.linesWiderThan(width, running: examples)
        #expect(wide.isEmpty, "\(wide.prefix(5))")
    }

    @Test func everyDocumentConformsToTheFeaturesSchemas() async throws {
        let directory = try TemporaryDirectory()
        let weather = try WeatherHarness(
            server: try Self.server(), format: .json, directory: directory, archive: try Self.archive(),
            ensemble: try LoopbackServer(always: .json(try EnsembleTests.whistler())))
        // Each example is a valid invocation (never refused as a usage error); every document it writes is checked.
        let refused = await weather.harness.usageErrors(
            running: weather.harness.examplesOfCommandsAnywhere + ["favorites", "presets", "weather Toronto"])
        #expect(refused.isEmpty, "\(refused)")
        let folder = SchemaFolder.ofPackage()
        let result = try folder.check(weather.output.stdout.split(separator: "\n").map(String.init))
        #expect(result.problems.isEmpty, "\(result.problems.prefix(5))")
        #expect(
            result.checked == folder.kinds, "not written by any example: \(folder.kinds.subtracting(result.checked))")
    }
}
