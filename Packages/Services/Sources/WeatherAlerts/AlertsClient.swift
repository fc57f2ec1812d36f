import CoreKit
import Foundation
import Networking

/// The official warnings for a place, from the national service that covers its country. A client: the live value
/// asks the services (`live(_:environment:)`), tests use `answering(_:)` or `failing(_:)`.
public struct AlertsClient: Sendable {
    /// The service that covers a country (ISO code), nil when none does.
    public var source: @Sendable (_ country: String) -> AlertSource?
    /// The warnings the service gives for the place: a point's (NWS, MET Norway, Environment Canada) or its area's by
    /// name (MeteoAlarm), expired ones included (the caller decides what is shown, at its time). Nil when the query
    /// carried `ifModifiedSince` and the service answered that nothing changed.
    public var fetch: @Sendable (_ query: AlertQuery) async throws(AlertError) -> AlertReport?

    public init(
        source: @escaping @Sendable (String) -> AlertSource?,
        fetch: @escaping @Sendable (AlertQuery) async throws(AlertError) -> AlertReport?
    ) {
        self.source = source
        self.fetch = fetch
    }
}

extension AlertSource {
    /// The service's address, and the environment variable that replaces it for tests (`SKYLENS_NWS_URL`…).
    public var baseURL: (standard: URL, variable: String) {
        switch self {
        case .nws: (URL(string: "https://api.weather.gov")!, "SKYLENS_NWS_URL")
        case .metNorway: (URL(string: "https://api.met.no")!, "SKYLENS_METALERTS_URL")
        case .meteoAlarm: (URL(string: "https://feeds.meteoalarm.org")!, "SKYLENS_METEOALARM_URL")
        case .eccc: (URL(string: "https://api.weather.gc.ca")!, "SKYLENS_ECCC_URL")
        }
    }
}

extension AlertsClient {
    /// The services over the App's transport (its timeout, size limit, redirect limit, offline mode and
    /// `User-Agent`, which NWS and MET Norway ask to name a contact), each at its address or the one its variable
    /// gives (`SKYLENS_NWS_URL`, `SKYLENS_METALERTS_URL`, `SKYLENS_METEOALARM_URL`, `SKYLENS_ECCC_URL`: base URLs, for
    /// tests). A variable that is not an http(s) URL makes that service's every request fail, saying so.
    public static func live(
        _ transport: HTTPTransport, environment: [String: String]
    ) -> Self {
        var problems: [AlertSource: Sentence] = [:]
        func http(_ source: AlertSource) -> HTTPClient {
            let (standard, variable) = source.baseURL
            var base = standard
            if let text = environment[variable]?.trimmingSpaces, !text.isEmpty {
                if let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                    url.host != nil
                {
                    base = url
                } else {
                    problems[source] = Sentence(
                        "%1$@ must be an http or https URL, not '%2$@'.", .text(variable), .text(text.terminalPreview),
                        table: .alerts)
                }
            }
            return HTTPClient(baseURL: base, transport: transport)
        }
        let services = live(
            nws: http(.nws), metNorway: http(.metNorway), meteoAlarm: http(.meteoAlarm), eccc: http(.eccc))
        let found = problems
        return Self(source: services.source) { query throws(AlertError) in
            if let source = alertSource(forCountry: query.country), let problem = found[source] {
                throw .server(problem)
            }
            return try await services.fetch(query)
        }
    }

    /// The services, each over its own `HTTPClient`.
    public static func live(nws: HTTPClient, metNorway: HTTPClient, meteoAlarm: HTTPClient, eccc: HTTPClient) -> Self {
        Self(source: alertSource(forCountry:)) { query throws(AlertError) in
            guard let source = alertSource(forCountry: query.country) else {
                throw .notCovered(country: query.country)
            }
            let conditional = query.ifModifiedSince.map { ["If-Modified-Since": $0] } ?? [:]
            switch source {
            case .nws:
                guard
                    let response = try await get(
                        nws,
                        HTTPRequest.get(
                            "/alerts/active",
                            query: [
                                QueryItem(
                                    "point",
                                    FixedDigits.decimal(query.latitude, digits: 4) + ","
                                        + FixedDigits.decimal(query.longitude, digits: 4)),
                                // Not the tests and exercises (the decoder leaves them out too).
                                QueryItem("status", "actual"),
                            ],
                            headers: ["Accept": "application/geo+json"].merging(conditional) { $1 }))
                else { return nil }
                return report(.nws, response, try decode(.nws) { try NWSAnswer.alerts(response.body) })
            case .metNorway:
                guard
                    let response = try await get(
                        metNorway,
                        HTTPRequest.get(
                            "/weatherapi/metalerts/2.0/current.json",
                            query: [
                                QueryItem("lat", FixedDigits.decimal(query.latitude, digits: 4)),
                                QueryItem("lon", FixedDigits.decimal(query.longitude, digits: 4)),
                                QueryItem("lang", query.language.lowercased().hasPrefix("no") ? "no" : "en"),
                            ], headers: conditional))
                else { return nil }
                return report(
                    .metNorway, response, try decode(.metNorway) { try METNorwayAnswer.alerts(response.body) })
            case .meteoAlarm:
                let feed = MeteoAlarmCountries.feeds[query.country.uppercased()] ?? ""
                // A whole country's feed: Croatia's 63 warnings are 197 KB; a stormy day in a large country, more.
                var request = HTTPRequest.get("/api/v1/warnings/feeds-\(feed)", headers: conditional)
                request.maxBodyBytes = 16 * 1_048_576
                guard let response = try await get(meteoAlarm, request) else { return nil }
                let all = try decode(.meteoAlarm) {
                    try MeteoAlarmAnswer.alerts(response.body, language: query.textLanguage)
                }
                let matched = MeteoAlarmAnswer.matching(all, placeName: query.placeName, region: query.region)
                var answer = report(.meteoAlarm, response, matched.alerts)
                answer.otherAreas = matched.otherAreas
                return answer
            case .eccc:
                // A box of about 30 km around the point; the regions that contain the point are kept.
                let box = [
                    query.longitude - 0.2, query.latitude - 0.15, query.longitude + 0.2, query.latitude + 0.15,
                ].map { FixedDigits.decimal($0, digits: 4) }.joined(separator: ",")
                guard
                    let response = try await get(
                        eccc,
                        HTTPRequest.get(
                            "/collections/weather-alerts/items",
                            query: [
                                QueryItem("f", "json"), QueryItem("bbox", box),
                                // Environment Canada writes its warnings in English and French.
                                QueryItem("lang", query.textLanguage == "fr" ? "fr" : "en"),
                                QueryItem("limit", "100"),
                            ], headers: conditional))
                else { return nil }
                return report(
                    .eccc, response,
                    try decode(.eccc) {
                        try ECCCAnswer.alerts(response.body, latitude: query.latitude, longitude: query.longitude)
                    })
            }
        }
    }

    /// Always this report (tests); for the countries given, else for every country.
    public static func answering(_ report: AlertReport, covering: Set<String>? = nil) -> Self {
        Self(source: { country in covering.map { $0.contains(country) ? report.source : nil } ?? report.source }) {
            _ in report
        }
    }

    /// Always this failure (tests).
    public static func failing(_ error: AlertError) -> Self {
        Self(source: alertSource(forCountry:)) { (_: AlertQuery) throws(AlertError) -> AlertReport? in throw error }
    }

    private static func report(_ source: AlertSource, _ response: HTTPResponse, _ alerts: [WeatherAlert]) -> AlertReport
    {
        AlertReport(
            source: source, alerts: alerts, freshFor: response.freshFor, lastModified: response.header("last-modified"))
    }

    /// The answer, or nil for `304 Not Modified`.
    private static func get(_ client: HTTPClient, _ request: HTTPRequest) async throws(AlertError) -> HTTPResponse? {
        do {
            return try await client.send(request)
        } catch {
            switch error {
            case .cancelled: throw .cancelled
            case .status(let status) where status.code == 304: return nil
            case .transport(_, .timedOut): throw .timedOut(error.sentence)
            case .transport: throw .unreachable(error.sentence)
            case .status(let status) where status.code == 408 || status.code == 429 || status.code >= 500:
                throw .unreachable(error.sentence)
            default: throw .server(error.sentence)
            }
        }
    }

    private static func decode(
        _ source: AlertSource, _ body: () throws -> [WeatherAlert]
    ) throws(AlertError) -> [WeatherAlert] {
        do { return try body() } catch {
            throw .malformed(
                Sentence(
                    "%@ answered with something that is not its warnings' JSON.", .text(source.name), table: .alerts))
        }
    }
}
