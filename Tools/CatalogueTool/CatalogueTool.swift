import CitiesService
import Foundation

/// Prepares the built-in city catalogue ahead of time, so that the App never decodes, folds or sorts the 209,579
/// names at run time: `make catalogue` runs it on the files in the workspace's `shared/data`.
///
///     CatalogueTool CITIES.json EXTRAS.csv REGIONS.csv OUTPUT.skycat
@main
struct CatalogueTool {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 4 else {
            FileHandle.standardError.write(
                Data("usage: CatalogueTool cities.json cities-extra.csv cities-regions.csv output.skycat\n".utf8))
            exit(64)
        }
        let paths = Array(arguments)
        let started = Date()
        let json = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        let parsed = try CityListParser.parse(json)
        var records = parsed.cities
        let extras = try String(contentsOfFile: paths[1], encoding: .utf8)
        CatalogueBuilder.applyExtras(extras, to: &records)
        CatalogueBuilder.applyRegions(try String(contentsOfFile: paths[2], encoding: .utf8), to: &records)
        // A fixed date keeps the file byte-identical when the data has not changed.
        let data = CatalogueBuilder.build(records, source: "built-in", createdAt: Date(timeIntervalSince1970: 0))
        try data.write(to: URL(fileURLWithPath: paths[3]))
        let summary = """
            \(records.count) cities (\(parsed.skipped) entries left out), \
            \(records.filter { $0.population != nil }.count) with population, \
            \(records.filter { $0.timeZone != nil }.count) with a time zone; \
            \(data.count) bytes in \(String(format: "%.1f", Date().timeIntervalSince(started))) s -> \(paths[3])

            """
        FileHandle.standardError.write(Data(summary.utf8))
    }
}
