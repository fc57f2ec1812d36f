import Architecture
import CommandShell
import CoreKit

// The REPL's line handling: shell-like splitting, argument parsing against real-shaped specs, completion.
let specs = [
    CommandDeclaration(
        "contact send",
        arguments: [
            Argument.option("name", help: "n").required, Argument.option("email", help: "e").required,
            Argument.option("phone", help: "p"), Argument.option("subject", help: "s").required,
            Argument.option("message", help: "m").required,
        ], summary: "s"),
    CommandDeclaration(
        "search",
        arguments: [
            // A city-name completion: it is given the name's words before the cursor, never an option.
            Argument.remainder(
                "prefix", help: "p",
                completion: .words { before, prefix in
                    precondition(!before.contains { $0.hasPrefix("--") }, "an option among a value's words")
                    return [before.joined(separator: " ") + prefix]
                }), Argument.flag("favorites", help: "f"), Argument.option("limit", help: "l"),
        ],
        summary: "s"),
    CommandDeclaration(
        "edit",
        arguments: [
            Argument.positional("field", help: "f", completion: .values(["name", "email"])).required,
            Argument.remainder("value", help: "v"),
        ], summary: "s"),
]
let completion = CompletionModel(commands: specs)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = completion.complete(line)
    guard let words = try? CommandLineTokenizer.split(line) else { return 0 }
    // What `quote` writes, `split` reads back.
    for word in words where (try? CommandLineTokenizer.split(CommandLineTokenizer.quote(word))) != [word] {
        fatalError("quote does not round-trip \(word.debugDescription)")
    }
    for spec in specs {
        _ = spec.asksForHelp(words)
        _ = try? spec.parse(words)
    }
    _ = Suggestions.nearest(to: words.first ?? "", among: ["search", "contact", "weather", "help"])
    return 0
}
