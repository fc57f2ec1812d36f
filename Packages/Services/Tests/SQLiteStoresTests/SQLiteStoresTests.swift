import ContactService
import CoreKit
import Diagnostics
import Foundation
import Networking
import Persistence
import SQLiteStores
import TestSupport
import Testing
import WeatherService

/// The live stores (SQLite) and the in-memory test values keep the same rules: each test runs on both, so that a
/// feature tested with `.inMemory()` behaves the same in the App.
@Suite struct OutboxClientTests {
    enum Kind: String, CaseIterable, Sendable { case sqlite, memory }

    static func outbox(_ kind: Kind) -> OutboxClient {
        switch kind {
        case .sqlite: .sqlite(AppDatabase(location: .inMemory, logger: InMemoryLog().logger()))
        case .memory: .inMemory()
        }
    }

    static func message(_ id: String, at seconds: Double) -> ContactMessage {
        ContactMessage(
            id: id, name: "Ann", email: "ann@example.org", phone: nil, subject: "S", message: "0123456789",
            createdAt: Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: Kind.allCases) func aClaimOfAProcessThatDiedIsTakenOverButALiveOneIsNot(kind: Kind) async throws {
        let store = Self.outbox(kind)
        try await store.insert(Self.message("M", at: 0), Date())
        let now = Date(), later = Date().addingTimeInterval(600)
        func claim(by owner: Int32, alive: @escaping @Sendable (Int32) -> Bool) async throws -> Bool {
            try await store.claim(.init(id: "M", now: now, until: later, owner: owner, isAlive: alive))
        }
        #expect(try await claim(by: 1_000) { _ in true })
        #expect(try await !claim(by: 1_000) { _ in true }, "the holder does not claim twice")
        #expect(try await !claim(by: 2_000) { _ in true })
        #expect(try await claim(by: 2_000) { $0 != 1_000 })
        // An expired claim is free; a message no longer queued is not claimed.
        #expect(
            try await store.claim(
                .init(id: "M", now: later.addingTimeInterval(1), until: later, owner: 3_000, isAlive: { _ in true })))
        try await store.markSent("M", later)
        #expect(try await !claim(by: 4_000) { _ in false })
        #expect(try await !store.claim(.init(id: "none", now: now, until: later, owner: 1, isAlive: { _ in false })))
    }

    @Test(arguments: Kind.allCases) func statesAttemptsAndTheOrderOfDueMessages(kind: Kind) async throws {
        let store = Self.outbox(kind)
        let t0 = Date(timeIntervalSince1970: 1_000)
        try await store.insert(Self.message("B", at: 2), t0)
        try await store.insert(Self.message("A", at: 1), t0.addingTimeInterval(60))
        try await store.insert(Self.message("C", at: 3), t0)
        #expect(try await store.dueIDs(t0, false) == ["B", "C"])
        #expect(try await store.dueIDs(t0, true) == ["A", "B", "C"])
        #expect(try await store.all(10).map(\.message.id) == ["C", "B", "A"])
        #expect(try await store.all(1).map(\.message.id) == ["C"])

        let due = try await store.markRetry("B", "timeout") { attempts in t0.addingTimeInterval(Double(attempts) * 30) }
        #expect(due == t0.addingTimeInterval(30))
        let retried = try #require(try await store.entry("B"))
        #expect(retried.state == .queued && retried.attempts == 1 && retried.lastError == "timeout")
        #expect(retried.nextAttemptAt == due)
        #expect(try await store.dueIDs(t0, false) == ["C"])

        try await store.markFailed("C", "refused")
        try await store.markSent("A", t0)
        let sent = try #require(try await store.entry("A"))
        #expect(sent.state == .sent && sent.sentAt == t0 && sent.attempts == 1 && sent.nextAttemptAt == nil)
        #expect(try await store.entry("C")?.lastError == "refused")
        #expect(try await store.counts() == [.queued: 1, .sent: 1, .failed: 1])
        #expect(try await store.entry("none") == nil)
    }

    @Test(arguments: Kind.allCases) func releaseGivesAMessageBackWithoutCountingAnAttempt(kind: Kind) async throws {
        let store = Self.outbox(kind)
        try await store.insert(Self.message("M", at: 0), Date())
        let now = Date(), later = now.addingTimeInterval(600)
        #expect(try await store.claim(.init(id: "M", now: now, until: later, owner: 1, isAlive: { _ in true })))
        try await store.release("M")
        #expect(try await store.claim(.init(id: "M", now: now, until: later, owner: 2, isAlive: { _ in true })))
        #expect(try await store.entry("M")?.attempts == 0)
    }

    @Test func queuedMessagesSurviveAReopenedDatabase() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        let first = OutboxClient.sqlite(AppDatabase(location: .file(path: path), logger: InMemoryLog().logger()))
        try await first.insert(Self.message("M", at: 5), Date(timeIntervalSince1970: 5))
        #expect(first.location == path)
        let reopened = OutboxClient.sqlite(AppDatabase(location: .file(path: path), logger: InMemoryLog().logger()))
        #expect(try await reopened.entry("M")?.message == Self.message("M", at: 5))
        #expect(try await reopened.dueIDs(Date(), false) == ["M"])
    }

    /// A reason to translate is kept as a sentence (said later in the reader's language, whatever the language of
    /// the session that tried); a server's own words and a row of an older SkyLens read back as plain text.
    @Test func theLastErrorIsKeptAsASentenceForTheReaderLater() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        let database = AppDatabase(location: .file(path: path), logger: InMemoryLog().logger())
        let store = OutboxClient.sqlite(database)
        let t0 = Date(timeIntervalSince1970: 1_000)
        try await store.insert(Self.message("S", at: 1), t0)
        try await store.insert(Self.message("P", at: 2), t0)
        let reason = HTTPError.transport(host: "example.org", .cannotConnect(.refused)).sentence
        _ = try await store.markRetry("S", reason) { _ in t0 }
        try await store.markFailed("P", .verbatim("{\"error\": \"not a sentence\"}"))
        let reopened = OutboxClient.sqlite(AppDatabase(location: .file(path: path), logger: InMemoryLog().logger()))
        #expect(try await reopened.entry("S")?.lastError == reason)
        #expect(try await reopened.entry("P")?.lastError == .verbatim("{\"error\": \"not a sentence\"}"))
    }
}

@Suite struct WeatherCacheClientTests {
    static func report(_ temperature: Double) -> WeatherReport {
        WeatherReport(
            location: WeatherLocation(id: 1, name: "Toronto", country: "CA", latitude: 43.7, longitude: -79.4),
            provider: "open-meteo", observedAt: Date(timeIntervalSince1970: 1_700_000_000), utcOffset: -18_000,
            current: CurrentWeather(
                temperature: temperature, feelsLike: nil, humidity: 50, windSpeed: 10, windDirection: 90,
                condition: Condition(wmo: 3), code: 3, isDay: true),
            hours: [], days: [])
    }

    @Test(arguments: [true, false]) func storesOneAnswerPerProviderAndPlace(sqlite: Bool) async throws {
        let cache: WeatherCacheClient =
            sqlite ? .sqlite(AppDatabase(location: .inMemory, logger: InMemoryLog().logger())) : .inMemory()
        let t0 = Date(timeIntervalSince1970: 1_700_000_100)
        #expect(try await cache.entry(provider: "open-meteo", place: "#1") == nil)
        try await cache.store(Self.report(5), provider: "open-meteo", place: "#1", at: t0)
        try await cache.store(Self.report(7), provider: "open-meteo", place: "#1", at: t0.addingTimeInterval(60))
        try await cache.store(Self.report(9), provider: "openweathermap", place: "#1", at: t0)
        let entry = try #require(try await cache.entry(provider: "open-meteo", place: "#1"))
        #expect(entry.report == Self.report(7) && entry.fetchedAt == t0.addingTimeInterval(60))
        #expect(try await cache.entry(provider: "openweathermap", place: "#1")?.report.current.temperature == 9)
        #expect(try await cache.entry(provider: "open-meteo", place: "#2") == nil)
    }

    @Test func answersSurviveAReopenedDatabase() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("skylens.sqlite").path
        let t0 = Date(timeIntervalSince1970: 1_700_000_100)
        try await WeatherCacheClient.sqlite(AppDatabase(location: .file(path: path), logger: InMemoryLog().logger()))
            .store(Self.report(5), provider: "p", place: "x", at: t0)
        let reopened = WeatherCacheClient.sqlite(
            AppDatabase(location: .file(path: path), logger: InMemoryLog().logger()))
        #expect(
            try await reopened.entry(provider: "p", place: "x") == CachedWeather(report: Self.report(5), fetchedAt: t0))
    }
}

@Suite struct SettingsClientTests {
    @Test(arguments: [true, false]) func setsReadsAndRemoves(sqlite: Bool) async throws {
        let settings: SettingsClient =
            sqlite ? .sqlite(AppDatabase(location: .inMemory, logger: InMemoryLog().logger())) : .inMemory()
        #expect(try await settings.value(for: "weather.unit") == nil)
        try await settings.set("fahrenheit", for: "weather.unit")
        try await settings.set("celsius", for: "weather.unit")
        #expect(try await settings.value(for: "weather.unit") == "celsius")
        try await settings.set(nil, for: "weather.unit")
        #expect(try await settings.value(for: "weather.unit") == nil)
    }

    @Test func failingSettingsSayWhy() async {
        let settings = SettingsClient.failing(.diskFull(path: "/x"))
        await #expect(throws: StoreError.diskFull(path: "/x")) { try await settings.value(for: "k") }
    }
}
