import Astronomy
import CitiesService
import Foundation
import GRDB
import MapRendering
import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `SkyLensBench APP_BINARY`: measures the city search and the App's start-up; prints a Markdown report and exits
/// 1 when a target of the issue is missed.
@main
struct SkyLensBench {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard
            arguments.count == 2
                || (arguments.count == 3 && ["places", "session", "import", "sky", "lean"].contains(arguments[2]))
        else {
            print("usage: SkyLensBench PATH/TO/App [places|session|import|sky|lean]")
            exit(64)
        }
        let app = URL(fileURLWithPath: arguments[1])
        var report = Report()
        report.line("# SkyLens benchmarks")
        report.line("")
        report.line("Machine: \(machine()). Release build. \(Date().formatted(.iso8601)).")
        report.line("")

        let catalogue = try CityCatalogue(path: try require(CitiesResources.builtInCatalogue).path)
        let queries = randomPrefixes(count: 1_000, seed: 20_261_122)
        if arguments.count == 3 {
            // `SkyLensBench App places`: the places' section alone (the nearest place and the resolver);
            // `SkyLensBench App session`: the long session's memory alone; `sky`: the sky's alone.
            switch arguments[2] {
            case "places": placeBenchmarks(catalogue, report: &report)
            case "sky": skyBenchmarks(report: &report)
            case "session": try sessionBenchmarks(app: app, report: &report)
            case "lean": try leanBenchmarks(app: app, report: &report)
            default: try importBenchmarks(app: app, report: &report)
            }
            print(report.text)
            exit(report.failed ? 1 : 0)
        }
        // The App first (its children's peaks are each read through a small launcher: see `peakKiB`).
        try startupBenchmarks(app: app, catalogue: catalogue, report: &report)
        try leanBenchmarks(app: app, report: &report)
        try await searchBenchmarks(catalogue, queries: queries, report: &report)
        suggestionBenchmarks(catalogue, report: &report)
        placeBenchmarks(catalogue, report: &report)
        try waitBenchmarks(app: app, report: &report)
        try compareBenchmarks(app: app, report: &report)
        try sessionBenchmarks(app: app, report: &report)
        try importBenchmarks(app: app, report: &report)
        try mapBenchmarks(catalogue, report: &report)
        skyBenchmarks(report: &report)
        print(report.text)
        exit(report.failed ? 1 : 0)
    }

    // MARK: - Search

    static func searchBenchmarks(_ catalogue: CityCatalogue, queries: [String], report: inout Report) async throws {
        report.line("## Search: total + first page of 20, 1,000 random prefixes of 1–4 letters")
        report.line("")
        // The baselines' data, prepared as the challenge's naive app would.
        let names = (0..<catalogue.count).map(catalogue.name(at:))
        var started = DispatchTime.now()
        let folded = names.map(NameFolding.fold)
        let foldTime = seconds(since: started)
        started = DispatchTime.now()
        let sorted = folded.sorted()
        let sortTime = seconds(since: started)

        var checksum = 0
        // Ours.
        let ours = measure(rounds: 5) {
            for query in queries {
                let page = catalogue.search(CityQuery(parsing: query), limit: 20)
                checksum &+= page.total &+ (page.positions.first ?? 0)
            }
        }
        // A bare binary search over the sorted folded names: the floor.
        let binary = measure(rounds: 5) {
            for query in queries {
                let (low, high) = prefixRange(sorted, query)
                checksum &+= (high - low) &+ Array(low..<min(high, low + 20)).count
            }
        }
        // The same two binary searches over the same in-memory byte keys, without the pair table.
        let byteBinary = measure(rounds: 5) {
            for query in queries {
                let range = catalogue.binarySearchRange(NameFolding.fold(query))
                checksum &+= range.count &+ Array(range.prefix(20)).count
            }
        }
        // Filtering every folded name.
        let filter = measure(rounds: 1, queries: 100) { limit in
            for query in queries.prefix(limit) {
                var total = 0
                var page: [Int] = []
                for (index, name) in sorted.enumerated() where name.hasPrefix(query) {
                    total += 1
                    if page.count < 20 { page.append(index) }
                }
                checksum &+= total &+ page.count
            }
        }
        // SQLite: an indexed range query for the page, and a count.
        let database = try DatabaseQueue()
        try await database.write { db in
            try db.execute(sql: "CREATE TABLE city(id INTEGER, name TEXT, country TEXT, folded TEXT)")
            let statement = try db.makeStatement(sql: "INSERT INTO city VALUES (?, ?, ?, ?)")
            for position in 0..<catalogue.count {
                let city = catalogue.city(at: position)
                try statement.execute(arguments: [city.id, city.name, city.country, folded[position]])
            }
            try db.execute(sql: "CREATE INDEX city_folded ON city(folded, country, id)")
        }
        let sqliteRange = try await measureAsync(rounds: 2, queries: 1_000) { limit in
            checksum &+= try await database.read { db -> Int in
                var sum = 0
                for query in queries.prefix(limit) {
                    let upper = query + "\u{10FFFF}"
                    let rows = try Row.fetchAll(
                        db,
                        sql:
                            "SELECT id, name, country FROM city WHERE folded >= ? AND folded < ? ORDER BY folded, country, id LIMIT 20",
                        arguments: [query, upper])
                    let total =
                        try Int.fetchOne(
                            db, sql: "SELECT count(*) FROM city WHERE folded >= ? AND folded < ?",
                            arguments: [query, upper]) ?? 0
                    sum &+= rows.count &+ total
                }
                return sum
            }
        }
        let sqliteLike = try await measureAsync(rounds: 1, queries: 50) { limit in
            checksum &+= try await database.read { db -> Int in
                var sum = 0
                for query in queries.prefix(limit) {
                    let rows = try Row.fetchAll(
                        db, sql: "SELECT id, name, country FROM city WHERE folded LIKE ? || '%' LIMIT 20",
                        arguments: [query])
                    sum &+= rows.count
                }
                return sum
            }
        }
        report.line("| method | per query | ours is |")
        report.line("|---|---:|---:|")
        report.line("| **SkyLens search** (catalogue in memory, pair table, binary searches) | \(time(ours)) | |")
        report.line(
            "| bare binary search over the same byte keys (no table) | \(time(byteBinary)) | \(ratio(byteBinary / ours)) faster |"
        )
        report.line(
            "| bare binary search over sorted folded `[String]` | \(time(binary)) | \(ratio(binary / ours)) faster |")
        report.line("| filtering all folded names | \(time(filter)) | \(ratio(filter / ours)) faster |")
        report.line(
            "| SQLite indexed range query + count(*) | \(time(sqliteRange)) | \(ratio(sqliteRange / ours)) faster |")
        report.line("| SQLite LIKE prefix (page only) | \(time(sqliteLike)) | \(ratio(sqliteLike / ours)) faster |")
        report.line("")
        report.line(
            "Preparing the baselines at run time: folding all names \(time(foldTime)), sorting \(time(sortTime)). SkyLens does neither at run time: the catalogue is built ahead (`make catalogue`)."
        )
        report.line("")
        report.check(
            "search ≥ 2,000× faster than filtering all names", filter / ours >= 2_000, "\(ratio(filter / ours))")
        report.check(
            "search ≥ 100× faster than the SQLite range query", sqliteRange / ours >= 100,
            "\(ratio(sqliteRange / ours))")
        report.check(
            "search ≤ 2× a bare binary search (over the same byte keys)", ours <= 2 * byteBinary,
            "\(ratio(ours / byteBinary)) of it")
        report.line("")
        if checksum == 42 { print("") }  // keeps the work from being optimised away
    }

    /// The rows of `sorted` that start with `prefix`, by binary search on `String` comparison.
    // MARK: - Map

    /// Drawing a map is what every `map`, `zoom` and `pan` waits for, and in the full-screen map every key: the
    /// cities in view from the catalogue, then the drawing from the shipped geography.
    static func mapBenchmarks(_ catalogue: CityCatalogue, report: inout Report) throws {
        report.line("")
        report.line("## Map: a pan step of a 200 × 60 braille map (cities in view + drawing), zooms 0 to 14")
        report.line("")
        let geography = try GeoData(
            contentsOf: URL(fileURLWithPath: "Packages/MapFeature/Sources/MapFeature/Resources/world.skygeo"))
        let cities: [(String, Double, Double)] = [
            ("Toronto", 43.7, -79.42), ("Oslo", 59.91, 10.75), ("Tokyo", 35.68, 139.69), ("Suva", -18.14, 178.44),
            ("Vancouver", 49.25, -123.12),
        ]
        report.line("| zoom | " + cities.map(\.0).joined(separator: " | ") + " |")
        report.line("|---:|" + String(repeating: "---:|", count: cities.count))
        var worst = (seconds: 0.0, label: "")
        for zoom in MapRequest.zoomRange {
            var row: [String] = []
            for (name, latitude, longitude) in cities {
                let center = GeoPoint(latitude: latitude, longitude: longitude)
                var request = MapRequest(
                    center: center, zoom: zoom, width: 200, height: 60,
                    marker: MapPlace(name: name, location: center, id: -1))
                // Ten pan steps east (half a screen each) and back, as the arrow keys do.
                let box = MapRenderer.visibleBox(request)
                let step = ((box.east - box.west + 360).truncatingRemainder(dividingBy: 360)) / 2
                let samples = (0..<21).map { index -> Double in
                    let offset = Double(index <= 10 ? index : 20 - index) * (step == 0 ? 180 : step)
                    request.center = GeoPoint(latitude: latitude, longitude: longitude + offset)
                    let started = DispatchTime.now()
                    let view = MapRenderer.visibleBox(request)
                    let places = catalogue.positions(
                        south: view.south, west: view.west, north: view.north, east: view.east,
                        mostPopulousPerCell: request.citySampling.perBlock,
                        blockDegrees: request.citySampling.blockDegrees
                    ).map { index in
                        MapPlace(
                            name: catalogue.name(at: index),
                            location: GeoPoint(
                                latitude: catalogue.latitude(at: index), longitude: catalogue.longitude(at: index)),
                            population: catalogue.population(at: index), id: catalogue.id(at: index))
                    }
                    _ = MapRenderer.render(request, geography: geography, places: places)
                    return Self.seconds(since: started)
                }
                let seconds = median(samples)
                if seconds > worst.seconds { worst = (seconds, "\(name), zoom \(zoom)") }
                row.append(time(seconds))
            }
            report.line("| \(zoom) | " + row.joined(separator: " | ") + " |")
        }
        report.line("")
        report.check(
            "a 200 × 60 redraw ≤ 8 ms (median of 21 pan steps) at every zoom 0-14 around every city",
            worst.seconds <= 0.008,
            "worst \(time(worst.seconds)) (\(worst.label))")
    }

    // MARK: - Suggestions

    /// "Did you mean …?": every name and other name within two edits of a typo.
    /// The place nearest coordinates (the k-d tree) against a scan of every town on the same 100,000 random points,
    /// and the resolver's time per query over the table of real queries.
    static func placeBenchmarks(_ catalogue: CityCatalogue, report: inout Report) {
        report.line("## Places: the nearest place to coordinates, and the resolver")
        report.line("")
        var state: UInt64 = 20_261_125
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        // Uniform on the sphere: about 70 % of them at sea, where a grid's rings grow widest.
        let points = (0..<100_000).map { _ in (asin(2 * next() - 1) * 180 / .pi, 360 * next() - 180) }
        var treeAnswers = [Int](repeating: -1, count: points.count)
        let tree = measure(rounds: 5, queries: points.count) { count in
            for index in 0..<count {
                treeAnswers[index] =
                    catalogue.nearestPosition(latitude: points[index].0, longitude: points[index].1) ?? -1
            }
        }
        var disagreements = 0
        let started = DispatchTime.now()
        for (index, point) in points.enumerated()
        where catalogue.nearestPositionByScanning(latitude: point.0, longitude: point.1) ?? -1 != treeAnswers[index] {
            disagreements += 1
        }
        let scan = seconds(since: started) / Double(points.count)
        report.line("| measure | value |")
        report.line("|---|---|")
        report.line("| towns in the tree | \(catalogue.nearestIndexCount) |")
        report.line("| nearest place, k-d tree (100,000 random points, best of 5) | \(time(tree)) |")
        report.line("| nearest place, scan of every town (the same points) | \(time(scan)) (\(ratio(scan / tree))) |")
        // The resolver over the real queries of the table (its file sits with the tests).
        let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Packages/Services/Tests/CitiesServiceTests/Fixtures/place-queries.tsv")
        let queries = ((try? String(contentsOf: table, encoding: .utf8)) ?? "").split(whereSeparator: \.isNewline)
            .dropFirst().compactMap { $0.split(separator: "\t").first.map(String.init) }
        var resolved = 0
        for query in queries { if case .success = catalogue.resolve(name: query) { resolved += 1 } }
        var times: [Double] = []
        for _ in 0..<5 {
            for query in queries {
                let started = DispatchTime.now()
                _ = catalogue.resolve(name: query)
                times.append(seconds(since: started))
            }
        }
        times.sort()
        let p50 = times.isEmpty ? 0 : times[times.count / 2], p95 = times.isEmpty ? 0 : times[times.count * 95 / 100]
        report.line(
            "| resolver, \(queries.count) real queries (place-queries.tsv) ×5 | median \(time(p50)), 95th percentile \(time(p95)), slowest \(time(times.last ?? 0)); \(resolved) resolved |"
        )
        report.line("")
        report.check(
            "the tree and the scan agree on every point (100,000)", disagreements == 0, "\(disagreements) disagree")
        report.check("nearest place ≤ 5 µs per query", tree <= 5e-6, time(tree))
        report.check(
            "the resolver answers the table's queries", !queries.isEmpty && resolved == queries.count,
            "\(resolved) of \(queries.count)")
        report.line("")
    }

    static func suggestionBenchmarks(_ catalogue: CityCatalogue, report: inout Report) {
        report.line("## Suggestions: places within two edits of a typo, over every name and other name")
        report.line("")
        let typos = typoQueries(catalogue, count: 300, seed: 20_261_123)
        let residentBefore = residentKiB()
        var checksum = 0
        // Once for the pages of the keys, then timed one by one.
        for query in typos.prefix(20) { checksum &+= catalogue.suggestions(for: query).count }
        let residentAfter = residentKiB()
        var times: [Double] = []
        for query in typos {
            let started = DispatchTime.now()
            checksum &+= catalogue.suggestions(for: query).count
            times.append(seconds(since: started))
        }
        times.sort()
        let p50 = times[times.count / 2], p95 = times[times.count * 95 / 100], worst = times[times.count - 1]
        // The baseline: every key of a near length through a bounded edit distance.
        var scans: [Double] = []
        var disagreements = 0
        for query in typos.prefix(25) {
            let started = DispatchTime.now()
            let scanned = catalogue.suggestionsByScanning(for: query)
            scans.append(seconds(since: started))
            checksum &+= scanned.count
            // The same places at the same distances, or the walk is wrong.
            let walked = catalogue.suggestions(for: query, limit: .max)
            var found: [Int: Int] = [:]
            for suggestion in walked {
                if let position = catalogue.position(ofID: suggestion.city.id) { found[position] = suggestion.distance }
            }
            if found != scanned { disagreements += 1 }
        }
        let scan = median(scans)
        report.line("| | per typo |")
        report.line("|---|---:|")
        report.line(
            "| **SkyLens** (the sorted keys walked as a trie, forward and backward, pruned by the edit-distance row) median | \(time(p50)) |"
        )
        report.line("| SkyLens, 95th percentile | \(time(p95)) |")
        report.line("| SkyLens, slowest of \(times.count) | \(time(worst)) |")
        report.line(
            "| linear scan: every name and other name of a near length, bounded OSA distance (median of 25) | \(time(scan)) |"
        )
        report.line(
            "| resident memory read for the first suggestions (the other names and the reversed keys, read from the file) | +\(String(format: "%.1f", Double(residentAfter - residentBefore) / 1024)) MB |"
        )
        report.line("")
        report.line(
            "\(catalogue.count) names and \(catalogue.aliasCount) other names; typos: random names of the list with one or two random edits (insertion, deletion, substitution, transposition)."
        )
        report.line("")
        report.check(
            "suggestions find what the scan finds (25 typos)", disagreements == 0, "\(disagreements) disagree")
        report.check("suggestions < 2 ms at the 95th percentile", p95 < 0.002, time(p95))
        report.check("suggestions ≥ 50× faster than a linear scan (median)", scan / p50 >= 50, ratio(scan / p50))
        report.line("")
        if checksum == 42 { print("") }
    }

    /// Names of the list, folded, with one or two random edits.
    static func typoQueries(_ catalogue: CityCatalogue, count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return (0..<count).map { _ in
            var name = Array(NameFolding.fold(catalogue.name(at: next() % catalogue.count)).prefix(24))
            for _ in 0..<(1 + next() % 2) where name.count > 1 {
                let at = next() % name.count
                switch next() % 4 {
                case 0: name.remove(at: at)
                case 1: name[at] = letters[next() % letters.count]
                case 2: name.insert(letters[next() % letters.count], at: at)
                default: if at + 1 < name.count { name.swapAt(at, at + 1) }
                }
            }
            return String(name)
        }
    }

    /// This process's resident memory, in KiB (Linux).
    static func residentKiB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024 : 0
    }

    // MARK: - Sky

    /// `sky` for every day of a year: the Sun (and the day before, for the change of day length) and the Moon.
    static func skyBenchmarks(report: inout Report) {
        report.line("")
        report.line("## Sky: every day of 2026 (Sun, the day before, Moon: what `sky` computes)")
        report.line("")
        report.line("| place | median of 5 years | per day |")
        report.line("|---|---:|---:|")
        var worst = 0.0
        for (name, latitude, longitude, zone) in [
            ("Toronto", 43.70011, -79.4163, "America/Toronto"), ("Tromsø", 69.6489, 18.9551, "Europe/Oslo"),
        ] {
            let observer = Observer(latitude: latitude, longitude: longitude)
            let first = LocalDay(year: 2026, month: 1, day: 1, timeZone: TimeZone(identifier: zone)!)
            var checksum = 0.0
            let year = median(
                (0..<5).map { _ in
                    let started = DispatchTime.now()
                    for offset in 0..<365 {
                        let sky = SkyDay(on: first.adding(days: offset), at: observer)
                        checksum += sky.sun.dayLength + sky.moon.illumination
                    }
                    return Self.seconds(since: started)
                })
            precondition(checksum > 0)
            worst = max(worst, year)
            report.line("| \(name) | \(time(year)) | \(time(year / 365)) |")
        }
        report.line("")
        report.check("a year of daily sky computations < 1 s", worst < 1, time(worst))
        skyEventBenchmarks(report: &report)
    }

    /// The day's events alone (sunrise, sunset, transit, the three twilights' dawns and dusks, moonrise and
    /// moonset: `SunDay` and `MoonRising`), against PyEphem computing the same events in the same run
    /// (`Benchmarks/pyephem_sky.py` with the Python of `SKYLENS_BENCH_PYTHON`, a venv `make bench` makes).
    static func skyEventBenchmarks(report: inout Report) {
        report.line("")
        report.line("## Sky events: every day of 2026, SkyLens solving against PyEphem")
        report.line("")
        report.line("| place | SkyLens per day | PyEphem per day | ratio |")
        report.line("|---|---:|---:|---:|")
        let python = ProcessInfo.processInfo.environment["SKYLENS_BENCH_PYTHON"]
        var worstRatio: Double?
        // Standard time all year on both sides (PyEphem is given the same fixed offset): the same local days.
        for (name, latitude, longitude, offset) in [
            ("Toronto", 43.70011, -79.4163, -5.0), ("Tromsø", 69.6489, 18.9551, 1.0),
        ] {
            let observer = Observer(latitude: latitude, longitude: longitude)
            let zone = TimeZone(secondsFromGMT: Int(offset * 3_600))!
            let first = LocalDay(year: 2026, month: 1, day: 1, timeZone: zone)
            var events = 0
            let year = median(
                (0..<15).map { _ in
                    events = 0
                    let started = DispatchTime.now()
                    for offset in 0..<365 {
                        let day = first.adding(days: offset)
                        let sun = SunDay(on: day, at: observer)
                        let moon = MoonRising(on: day, at: observer)
                        events +=
                            [
                                sun.astronomicalDawn, sun.nauticalDawn, sun.civilDawn, sun.sunrise, sun.solarNoon,
                                sun.sunset, sun.civilDusk, sun.nauticalDusk, sun.astronomicalDusk, moon.moonrise,
                                moon.moonset,
                            ].compactMap { $0 }.count
                    }
                    return Self.seconds(since: started)
                })
            let perDay = year / 365
            var theirs = "not measured"
            var ratio = "—"
            if let python, let answer = pyephem(python, latitude, longitude, offset) {
                theirs = "\(time(answer.perDay)) (\(answer.events) events)"
                ratio = String(format: "%.1f×", answer.perDay / perDay)
                worstRatio = min(worstRatio ?? .infinity, answer.perDay / perDay)
            }
            report.line("| \(name) | \(time(perDay)) (\(events) events) | \(theirs) | \(ratio) |")
        }
        report.line("")
        if let worstRatio {
            report.check(
                "a day's events ≥ 20× faster than PyEphem's", worstRatio >= 20, String(format: "%.1f×", worstRatio))
        } else {
            report.line("PyEphem not run: set SKYLENS_BENCH_PYTHON to a Python with `ephem` (`make bench` does).")
        }
    }

    /// PyEphem's seconds per day and events found, from `Benchmarks/pyephem_sky.py`.
    static func pyephem(
        _ python: String, _ latitude: Double, _ longitude: Double, _ offset: Double
    )
        -> (perDay: Double, events: Int)?
    {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../pyephem_sky.py").standardizedFileURL.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, String(latitude), String(longitude), String(offset)]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
        guard process.terminationStatus == 0, fields.count == 2, let perDay = Double(fields[0]),
            let events = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        return (perDay, events)
    }

    static func prefixRange(_ sorted: [String], _ prefix: String) -> (Int, Int) {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var end = sorted.count
        var start = low
        while start < end {
            let middle = (start + end) / 2
            if sorted[middle].hasPrefix(prefix) { start = middle + 1 } else { end = middle }
        }
        return (low, start)
    }

    // MARK: - The App

    static func startupBenchmarks(app: URL, catalogue: CityCatalogue, report: inout Report) throws {
        report.line("## The App (release build)")
        report.line("")
        let runner = ProcessRunner(executable: app, environment: noWarningServices)
        // Peak memory first, while no other child has run (getrusage reports the largest child so far): a search
        // over the whole catalogue, in a data directory that already holds it.
        let memoryHome = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: catalogue.path, toPath: memoryHome.file("cities.skycat").path)
        let whole = try runner.run(
            ["--", "search", "", "--limit", "500"], environment: ["SKYLENS_HOME": memoryHome.path])
        guard whole.status == 0 else { throw BenchError.app(whole.stderr) }
        // Each run's own peak, through a small launcher (`peakKiB`: a child of this harness inherits its peak).
        let memoryEnvironment = noWarningServices.merging(["SKYLENS_HOME": memoryHome.path]) { $1 }
        let wholePeak = try peakKiB(app, ["--", "search", "", "--limit", "500"], environment: memoryEnvironment)?.0
        // A search that reads the other names too (`toronto` finds `Toronto` by name and others by another name).
        let named = try runner.run(["--", "search", "toronto"], environment: ["SKYLENS_HOME": memoryHome.path])
        guard named.status == 0 else { throw BenchError.app(named.stderr) }
        let peak = try peakKiB(app, ["--", "search", "toronto"], environment: memoryEnvironment)?.0
        func timed(
            _ arguments: [String], home: String, environment: [String: String] = [:]
        ) throws -> (Double, ProcessResult) {
            let started = DispatchTime.now()
            let result = try runner.run(arguments, environment: ["SKYLENS_HOME": home].merging(environment) { $1 })
            return (seconds(since: started), result)
        }
        // First search on a fresh data directory, import included (best of 5 fresh directories).
        var firstSearch = Double.infinity
        for _ in 0..<5 {
            let home = try TemporaryDirectory()
            let (elapsed, result) = try timed(["--", "search", "a"], home: home.path)
            guard result.status == 0 else { throw BenchError.app(result.stderr) }
            firstSearch = min(firstSearch, elapsed)
        }
        // Later starts against --version (median of 15 each).
        let home = try TemporaryDirectory()
        _ = try timed(["--", "search", "a"], home: home.path)
        var versions: [Double] = [], searches: [Double] = []
        for _ in 0..<15 {
            versions.append(try timed(["--version"], home: home.path).0)
            searches.append(try timed(["--", "search", "a"], home: home.path).0)
        }
        let version = median(versions), later = median(searches)
        // The first map of a process (one-shot, the catalogue already in the data directory), against --version.
        var maps: [Double] = [], mapVersions: [Double] = []
        for _ in 0..<15 {
            mapVersions.append(try timed(["--version"], home: home.path).0)
            let (elapsed, result) = try timed(["--offline", "map", "Toronto"], home: home.path)
            guard result.status == 0 else { throw BenchError.app(result.stderr) }
            maps.append(elapsed)
        }
        let firstMap = median(maps), mapVersion = median(mapVersions)
        let screenMemory = try fullScreenMemory(app: app, home: home.path)
        // A list from a URL: the whole list as JSON, from a server on 127.0.0.1.
        let json = listJSON(catalogue)
        let server = try LoopbackServer(always: .json(json))
        var urlImport = Double.infinity
        for _ in 0..<3 {
            let fresh = try TemporaryDirectory()
            let (elapsed, result) = try timed(
                ["--", "search", "a"], home: fresh.path,
                environment: ["SKYLENS_CITIES_URL": server.baseURL.absoluteString])
            guard result.status == 0 else { throw BenchError.app(result.stderr) }
            urlImport = min(urlImport, elapsed)
        }
        server.stop()
        report.line("| measure | value |")
        report.line("|---|---:|")
        report.line("| first `search` on a fresh data directory, import included (best of 5) | \(time(firstSearch)) |")
        report.line("| `App --version` (median of 15) | \(time(version)) |")
        report.line(
            "| a later start to the first `search` answer (median of 15) | \(time(later)) (\(String(format: "%.2f", later / version))× `--version`) |"
        )
        report.line(
            "| list from `SKYLENS_CITIES_URL` (\(json.utf8.count / 1_048_576) MB, 127.0.0.1), import + first search (best of 3) | \(time(urlImport)) |"
        )
        report.line(
            "| peak resident memory of `search \"\" --limit 500` (all 189,324 places match) | \(wholePeak.map { "\($0 / 1024) MB" } ?? "n/a") |"
        )
        report.line(
            "| peak resident memory of `search toronto` (the other names read too) | \(peak.map { "\($0 / 1024) MB" } ?? "n/a") |"
        )
        report.line(
            "| the first map of a process, `App --offline map Toronto` (median of 15, against `--version` run alongside: \(time(mapVersion))) | \(time(firstMap)) (\(String(format: "%.2f", firstMap / mapVersion))× `--version`) |"
        )
        report.line(
            "| resident memory: the App at its prompt, then full-screen at zoom 12 (200 × 60, after 40 moves and zooms) | \(screenMemory.baseline / 1024) MB, then \(screenMemory.map / 1024) MB (+\(String(format: "%.1f", Double(screenMemory.map - screenMemory.baseline) / 1024)) MB) |"
        )
        report.line("")
        report.check(
            "first map ≤ 3× App --version", firstMap <= 3 * mapVersion, String(format: "%.2f×", firstMap / mapVersion))
        report.check(
            "full-screen map at zoom 12 within 40 MB of the App's baseline",
            screenMemory.map - screenMemory.baseline <= 40 * 1024,
            String(format: "+%.1f MB", Double(screenMemory.map - screenMemory.baseline) / 1024))
        report.check("first search, import included, < 1 s", firstSearch < 1, time(firstSearch))
        report.check("URL list imported < 4 s", urlImport < 4, time(urlImport))
        report.check("later start ≤ 3× App --version", later <= 3 * version, String(format: "%.2f×", later / version))
        report.check("resident memory < 80 MB", (peak ?? .max) < 80 * 1024, peak.map { "\($0 / 1024) MB" } ?? "n/a")
    }

    /// The App's resident memory (KiB) at its prompt, and after `map Toronto --zoom 12` has run full-screen on a
    /// 200 × 60 pseudo-terminal (`script`) through 40 moves and zooms between zoom 11 and 13.
    static func fullScreenMemory(app: URL, home: String) throws -> (baseline: Int, map: Int) {
        let script = URL(fileURLWithPath: home).appendingPathComponent("bench-session.sh")
        try "stty cols 200 rows 60\nexec '\(app.path)'\n".write(to: script, atomically: true, encoding: .utf8)
        let session = try ProcessRunner(
            executable: URL(fileURLWithPath: "/usr/bin/script"),
            environment: ["SKYLENS_HOME": home, "TERM": "xterm-256color", "SKYLENS_LOG_LEVEL": "error"].merging(
                noWarningServices
            ) { $1 }
        ).start(["-qfec", "sh '\(script.path)'", "/dev/null"])
        defer { session.kill() }
        guard session.waitForOutput(timeout: .seconds(20), { $0.contains("skylens> ") }) else {
            throw BenchError.app("no prompt in the pseudo-terminal")
        }
        let pid = try require(newestProcess(of: app))
        Thread.sleep(forTimeInterval: 0.5)
        let baseline = try require(residentKiB(pid))
        session.write("map Toronto --zoom 12\r")
        guard session.waitForOutput(timeout: .seconds(20), { $0.contains("zoom 12") }) else {
            throw BenchError.app("the full-screen map did not open")
        }
        for step in 0..<40 {
            session.write(["\u{1B}[C", "\u{1B}[B", "+", "-", "l", "j", "z", "a"][step % 8])
            Thread.sleep(forTimeInterval: 0.05)
        }
        Thread.sleep(forTimeInterval: 0.5)
        let map = try require(residentKiB(pid))
        session.write("q")
        session.write("quit\r")
        return (baseline, map)
    }

    /// The most recently started process running `executable` (from /proc).
    static func newestProcess(of executable: URL) -> Int32? {
        let target = URL(
            fileURLWithPath: executable.path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        )
        .standardizedFileURL.resolvingSymlinksInPath().path
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) == target
        }.max()
    }

    static func residentKiB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return line.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }

    /// The CPU a request spends while the server takes 3 s to answer: the App against a server on 127.0.0.1 that
    /// waits, then answers, with the weather; the children's CPU time (user + system) before and after (median of 5).
    static func waitBenchmarks(app: URL, report: inout Report) throws {
        report.line("## Waiting for a slow server (release build)")
        report.line("")
        let body =
            #"{"latitude":43.7,"longitude":-79.4,"utc_offset_seconds":0,"current":{"time":"2026-11-22T09:00","temperature_2m":3.4}}"#
        let server = try LoopbackServer { _ in .delayed(.json(body), by: .seconds(3)) }
        defer { server.stop() }
        let runner = ProcessRunner(executable: app, environment: noWarningServices)
        func cpu(_ arguments: [String], environment: [String: String]) throws -> (cpu: Double, wall: Double) {
            let home = try TemporaryDirectory()
            let before = childCPUSeconds(), started = DispatchTime.now()
            let result = try runner.run(arguments, environment: ["SKYLENS_HOME": home.path].merging(environment) { $1 })
            // 3: written in full from the recorded answer, now days old (what is timed is the wait, not the age).
            guard result.status == 0 || result.status == 3 else { throw BenchError.app(result.stderr) }
            return (childCPUSeconds() - before, seconds(since: started))
        }
        var waits: [Double] = [], walls: [Double] = [], idles: [Double] = []
        for _ in 0..<5 {
            let wait = try cpu(
                ["--", "weather", "43.7,-79.4"],
                environment: ["SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString, "SKYLENS_TIMEOUT": "10"])
            waits.append(wait.cpu)
            walls.append(wait.wall)
            idles.append(try cpu(["--version"], environment: [:]).cpu)
        }
        let wait = median(waits), wall = median(walls), idle = median(idles)
        report.line("| measure | value |")
        report.line("|---|---:|")
        report.line(
            "| CPU of `App -- weather` while the server waits 3 s (median of 5; wall \(String(format: "%.2f", wall)) s) | \(String(format: "%.3f", wait)) s |"
        )
        report.line("| CPU of `App --version` (median of 5) | \(String(format: "%.3f", idle)) s |")
        report.line("")
        report.check("CPU for a 3-second wait < 0.3 s", wait < 0.3, String(format: "%.3f s", wait))
    }

    /// `compare` with 10 places (one request) against the same 10 places' `weather` in one session (10 requests),
    /// the server on 127.0.0.1 answering each request after 100 ms, as a distant server would (median of 5).
    static func compareBenchmarks(app: URL, report: inout Report) throws {
        report.line("## Several places at once: `compare` with 10 places (release build)")
        report.line("")
        let place =
            #"{"latitude":43.7,"longitude":-79.4,"utc_offset_seconds":-18000,"current":{"time":"2026-11-22T09:00","temperature_2m":3.4,"weather_code":3,"is_day":1},"daily":{"time":["2026-11-22"],"weather_code":[3],"temperature_2m_max":[5.5],"temperature_2m_min":[-2.5]}}"#
        let server = try LoopbackServer { request in
            let count = max(1, (request.queryItems["latitude"] ?? "").split(separator: ",").count)
            let body = count == 1 ? place : "[" + Array(repeating: place, count: count).joined(separator: ",") + "]"
            return .delayed(.json(body), by: .milliseconds(100))
        }
        defer { server.stop() }
        let places = [
            "Toronto", "Vancouver", "Montreal", "Calgary", "Ottawa", "Paris, FR", "London, GB", "Tokyo", "Sydney",
            "New York",
        ]
        let runner = ProcessRunner(executable: app, environment: noWarningServices)
        func run(_ arguments: [String], stdin: String? = nil) throws -> (wall: Double, cpu: Double, requests: Int) {
            let home = try TemporaryDirectory()
            let before = server.requests.count, cpu = childCPUSeconds(), started = DispatchTime.now()
            let result = try runner.run(
                arguments, stdin: stdin,
                environment: ["SKYLENS_HOME": home.path, "SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString])
            // 3: written in full from the recorded answer, now days old (what is timed is the requests, not the age).
            guard result.status == 0 || result.status == 3 else { throw BenchError.app(result.stderr) }
            return (seconds(since: started), childCPUSeconds() - cpu, server.requests.count - before)
        }
        var compares: [(wall: Double, cpu: Double, requests: Int)] = []
        var sessions: [(wall: Double, cpu: Double, requests: Int)] = []
        for _ in 0..<5 {
            compares.append(try run(["--", "compare"] + places))
            sessions.append(
                try run([], stdin: places.map { "weather \($0.contains(" ") ? "'\($0)'" : $0)\n" }.joined()))
        }
        let compare = median(compares.map(\.wall)), session = median(sessions.map(\.wall))
        report.line("| | wall | CPU | requests |")
        report.line("|---|---:|---:|---:|")
        report.line(
            "| `compare` with 10 places | \(time(compare)) | \(time(median(compares.map(\.cpu)))) | \(compares[0].requests) |"
        )
        report.line(
            "| `weather` for each of the 10 places, one session | \(time(session)) | \(time(median(sessions.map(\.cpu)))) | \(sessions[0].requests) |"
        )
        report.line("")
        report.check(
            "compare asks once for 10 places", compares.allSatisfy { $0.requests == 1 },
            "\(compares.map(\.requests)) requests")
        report.check("compare is faster than 10 fetches", compare < session, ratio(session / compare))
        report.line("")
    }

    /// One session asked for the weather 10,500 times (`weather Toronto --refresh --line`, each a request: the line
    /// keeps the harness's reading of the output small; `LongSessionTests` checks the full view), against a server
    /// that answers with a recorded Open-Meteo answer, then against one that fails every request (503): resident
    /// memory every 500 requests. Target (issue 25): flat within 5 MB over 10,000 requests after the first 500.
    static func sessionBenchmarks(app: URL, report: inout Report) throws {
        report.line("## A session that runs for weeks: memory over 10,000 weather requests (release build)")
        report.line("")
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/AppTests/Fixtures/open-meteo-toronto.json")
        let answer = try String(contentsOf: fixture, encoding: .utf8)
        func curve(_ server: LoopbackServer, _ command: String) throws -> (rss: [Int], seconds: Double) {
            let home = try TemporaryDirectory()
            let session = try ProcessRunner(
                executable: app,
                environment: [
                    "SKYLENS_HOME": home.path, "TERM": "dumb", "SKYLENS_OPEN_METEO_URL": server.baseURL.absoluteString,
                ].merging(noWarningServices) { $1 }
            ).start([])
            var rss: [Int] = []
            let started = DispatchTime.now()
            for batch in 1...21 {
                // 500 requests, then `about`: its line counts the batches answered.
                session.write(String(repeating: "\(command)\n", count: 500) + "about\n")
                guard
                    session.waitForOutput(
                        timeout: .seconds(600), { $0.components(separatedBy: "SkyLens ").count > batch }),
                    let resident = session.residentKiB
                else { throw BenchError.app("the session stopped answering: \(session.stderrSoFar.suffix(500))") }
                rss.append(resident)
            }
            let elapsed = seconds(since: started)
            session.closeInput()
            _ = session.wait(timeout: .seconds(60))
            return (rss, elapsed)
        }
        let good = try LoopbackServer(always: .json(answer))
        defer { good.stop() }
        let failing = try LoopbackServer(always: .json(#"{"error":true,"reason":"down for maintenance"}"#, status: 503))
        defer { failing.stop() }
        let answered = try curve(good, "weather Toronto --refresh --line")
        let failed = try curve(failing, "hourly Toronto --refresh")
        report.line("Resident memory (MB) after every 500 requests, from the 500th to the 10,500th:")
        report.line("")
        report.line(
            "| server | " + stride(from: 500, through: 10_500, by: 1_000).map { "\($0)" }.joined(separator: " | ")
                + " | growth after 500 | per request |")
        report.line("|---|" + String(repeating: "---:|", count: 13))
        for (name, run) in [("answers (recorded Open-Meteo)", answered), ("fails (503)", failed)] {
            let points = stride(from: 0, to: run.rss.count, by: 2).map {
                String(format: "%.1f", Double(run.rss[$0]) / 1024)
            }
            let growth = run.rss.last! - run.rss.first!
            report.line(
                "| \(name) | " + points.joined(separator: " | ")
                    + " | \(String(format: "%.1f", Double(growth) / 1024)) MB | \(growth * 1024 / 10_000) B |")
        }
        report.line("")
        report.line(
            "10,500 requests took \(String(format: "%.0f", answered.seconds)) s answered and \(String(format: "%.0f", failed.seconds)) s failing (\(String(format: "%.1f", answered.seconds / 10.5)) ms a request, answered)."
        )
        report.line("")
        for (name, run) in [("answered", answered), ("failing", failed)] {
            let growth = run.rss.last! - run.rss.first!
            report.check(
                "memory flat within 5 MB over 10,000 requests, \(name)", growth < 5 * 1024,
                String(format: "%+.1f MB", Double(growth) / 1024))
        }
        report.line("")
    }

    /// `cities reload` of the largest list taken: 1,000,000 places (the most a catalogue holds) in 250-odd MB of JSON
    /// (the most a list may be is 256 MB), pretty-printed in the shape of OpenWeatherMap's bulk city lists (`stat`,
    /// `zoom`: keys the import skips), names of 24 to 40 letters. The App's peak resident memory (`VmHWM`, read
    /// every 20 ms while it runs) against issue 25's target of 400 MB, and the time.
    static func importBenchmarks(app: URL, report: inout Report) throws {
        report.line("## Importing the largest city list: `cities reload` (release build)")
        report.line("")
        var state: UInt64 = 25
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var json = "[\n"
        json.reserveCapacity(260 * 1_048_576)
        for id in 1...1_000_000 {
            let length = 24 + Int(next() % 17)
            let name = String((0..<length).map { _ in letters[Int(next() % 26)] }).capitalized
            let lat = Double(Int(next() % 170_000) - 85_000) / 1000,
                lon = Double(Int(next() % 360_000) - 180_000) / 1000
            let population = next() % 5_000_000, station = next() % 100_000
            if id > 1 { json += ",\n" }
            json += """
                  {
                    "_id": \(id),
                    "name": "\(name)",
                    "state": "",
                    "country": "US",
                    "coord": {
                      "lon": \(lon),
                      "lat": \(lat)
                    },
                    "stat": {
                      "level": 1.0,
                      "population": \(population)
                    },
                    "zoom": \(station % 12)
                  }
                """
        }
        json += "\n]\n"
        let bytes = json.utf8.count
        let server = try LoopbackServer(always: .json(json))
        json = ""
        defer { server.stop() }
        let home = try TemporaryDirectory()
        let started = DispatchTime.now()
        let session = try ProcessRunner(
            executable: app,
            environment: [
                "SKYLENS_HOME": home.path, "TERM": "dumb", "SKYLENS_CITIES_URL": server.baseURL.absoluteString,
                "SKYLENS_TIMEOUT": "120",
            ].merging(noWarningServices) { $1 }
        ).start(["--", "cities", "reload"])
        var peak = 0
        // Until the process is gone (or a zombie: its memory is released then).
        while let status = try? String(contentsOfFile: "/proc/\(session.processIdentifier)/status", encoding: .utf8),
            !status.contains("State:\tZ")
        {
            if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let value = Int(line.split(separator: " ").dropFirst().first ?? "")
            {
                peak = max(peak, value)
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let result = session.wait(timeout: .seconds(600))
        let elapsed = seconds(since: started)
        let catalogue =
            (try? FileManager.default.attributesOfItem(atPath: home.file("cities.skycat").path))?[.size]
            as? Int ?? 0
        report.line("| list | places | took | peak resident memory | catalogue | exit |")
        report.line("|---:|---:|---:|---:|---:|---:|")
        report.line(
            "| \(bytes / 1_048_576) MB of JSON | 1,000,000 | \(String(format: "%.1f", elapsed)) s | \(peak / 1024) MB | \(catalogue / 1_048_576) MB | \(result.status) |"
        )
        report.line("")
        report.check("the largest list imported (exit 0)", result.status == 0, "exit \(result.status)")
        report.check(
            "peak resident memory of the import ≤ 400 MB (issue 25)", peak > 0 && peak / 1024 <= 400,
            "\(peak / 1024) MB")
        report.line("")
    }

    /// The CPU time (user + system) of every child waited for so far, in seconds.
    static func childCPUSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_CHILDREN.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    static func listJSON(_ catalogue: CityCatalogue) -> String {
        var parts: [String] = []
        parts.reserveCapacity(catalogue.count)
        for position in 0..<catalogue.count {
            let city = catalogue.city(at: position)
            let name = city.name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"")
            parts.append(
                #"{"country":"\#(city.country)","name":"\#(name)","_id":\#(city.id),"coord":{"lon":\#(city.longitude),"lat":\#(city.latitude)}}"#
            )
        }
        return "[" + parts.joined(separator: ",") + "]"
    }

    // MARK: - Helpers

    enum BenchError: Error { case app(String), missing }

    static func require<T>(_ value: T?) throws -> T {
        guard let value else { throw BenchError.missing }
        return value
    }

    static func randomPrefixes(count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return (0..<count).map { _ in
            let length = Int(next() % 4) + 1
            return String((0..<length).map { _ in letters[Int(next() % 26)] })
        }
    }

    /// Seconds per query: the best of `rounds` runs of `body` over every query.
    static func measure(rounds: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let started = DispatchTime.now()
            body()
            best = min(best, seconds(since: started))
        }
        return best / 1_000
    }

    static func measure(rounds: Int, queries: Int, _ body: (Int) -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let started = DispatchTime.now()
            body(queries)
            best = min(best, seconds(since: started))
        }
        return best / Double(queries)
    }

    static func measureAsync(rounds: Int, queries: Int, _ body: (Int) async throws -> Void) async throws -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let started = DispatchTime.now()
            try await body(queries)
            best = min(best, seconds(since: started))
        }
        return best / Double(queries)
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    static func time(_ seconds: Double) -> String {
        switch seconds {
        case ..<1e-6: String(format: "%.0f ns", seconds * 1e9)
        case ..<1e-3: String(format: "%.2f µs", seconds * 1e6)
        case ..<1: String(format: "%.2f ms", seconds * 1e3)
        default: String(format: "%.2f s", seconds)
        }
    }

    static func ratio(_ value: Double) -> String {
        value >= 10 ? "\(Int(value.rounded()))×" : String(format: "%.2f×", value)
    }

    static func machine() -> String {
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        return
            "\(ProcessInfo.processInfo.activeProcessorCount) cores (\(cpu)), \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB"
    }
}

struct Report {
    var text = ""
    var failed = false

    mutating func line(_ text: String) { self.text += text + "\n" }

    mutating func check(_ target: String, _ met: Bool, _ measured: String) {
        line("- \(met ? "✅" : "❌") \(target): \(measured)")
        if !met { failed = true }
    }
}

/// The official warning services, where the benches' Apps find none (a port nothing listens on: each request is
/// refused at once, as from a service that is down), so that no bench reaches the internet or waits on it.
let noWarningServices: [String: String] = [
    "SKYLENS_NWS_URL": "http://127.0.0.1:9", "SKYLENS_METALERTS_URL": "http://127.0.0.1:9",
    "SKYLENS_METEOALARM_URL": "http://127.0.0.1:9", "SKYLENS_ECCC_URL": "http://127.0.0.1:9",
    // The historical weather for the normals, likewise.
    "SKYLENS_ARCHIVE_URL": "http://127.0.0.1:9", "SKYLENS_ENSEMBLE_URL": "http://127.0.0.1:9",
]
