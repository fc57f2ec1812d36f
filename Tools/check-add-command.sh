#!/usr/bin/env bash
# Issue 26's proof that a command is one type: in a temporary copy of the packages, a throwaway command is added to
# the weather feature (one new file, one line in the plugin's list), nothing else changes (checked with diff), and
# the package builds and passes its own tests, which run every declared example at 40, 80 and 200 columns, refuse
# an example that is a usage error, and check its JSON against the package's schemas. The copy is removed after.
set -euo pipefail
cd "$(dirname "$0")/.."

copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
tar --exclude='.build' --exclude='.build*' --exclude='Package.resolved' -cf - Packages | tar -xf - -C "$copy"

feature="$copy/Packages/WeatherFeature"
cat > "$feature/Sources/WeatherFeature/Commands/Throwaway.swift" <<'SWIFT'
import Architecture

/// A command added by Tools/check-add-command.sh: one file and one line in the plugin.
struct ThrowawayCommand: FeatureCommand {
    static let times = Argument.integer("times", in: 1...3, help: "How many times to say it")
    static let declaration = CommandDeclaration(
        "throwaway", arguments: [times], summary: "Say hello, to prove a command is one type",
        examples: ["throwaway", "throwaway --times 3"])

    var times: Int

    init(arguments: ParsedArguments) { times = arguments[Self.times] ?? 1 }

    func run(_ model: WeatherModel, context: CommandContext) async throws(CommandError) -> CommandOutput {
        CommandOutput(text: Array(repeating: "hello", count: times).joined(separator: " "))
    }
}
SWIFT
plugin="$feature/Sources/WeatherFeature/WeatherPlugin.swift"
# The one line: the new type in the plugin's list of commands.
sed -i 's/^            RegisteredCommand(WeatherCommand.self, on: model),/            RegisteredCommand(ThrowawayCommand.self, on: model),\n&/' "$plugin"

# Nothing else changed: one file added, one line added to the plugin, all inside Packages/WeatherFeature.
changes="$(diff -r -q Packages "$copy/Packages" -x .build -x '.build*' -x Package.resolved || true)"
expected="Only in $copy/Packages/WeatherFeature/Sources/WeatherFeature/Commands: Throwaway.swift
Files Packages/WeatherFeature/Sources/WeatherFeature/WeatherPlugin.swift and $plugin differ"
if [ "$changes" != "$expected" ]; then
    echo "add-command check: unexpected changes:"; echo "$changes"; exit 1
fi
added="$(diff Packages/WeatherFeature/Sources/WeatherFeature/WeatherPlugin.swift "$plugin" | grep -c '^>' || true)"
removed="$(diff Packages/WeatherFeature/Sources/WeatherFeature/WeatherPlugin.swift "$plugin" | grep -c '^<' || true)"
if [ "$added" != 1 ] || [ "$removed" != 0 ]; then
    echo "add-command check: the plugin changed by $added added and $removed removed lines, not one added"; exit 1
fi

# The package builds on its own, and its tests run the new command's examples.
swift build --build-tests --package-path "$feature" --scratch-path "$copy/.build"
swift test --skip-build --no-parallel --package-path "$feature" --scratch-path "$copy/.build" \
    --filter 'WeatherExamplesTests' 2>&1 | tee "$copy/test.log"
grep -q "Test run with .* passed" "$copy/test.log"
echo "add-command check: passed (one new file and one line in Packages/WeatherFeature; the package builds and its" \
    "tests run the new command's examples)"
