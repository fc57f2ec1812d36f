import Architecture
import CommandShell
import Foundation

/// Completion scripts for bash, zsh and fish, generated from the program's declarations.
///
/// The global options and the command words are written into the script; everything after the command (its
/// options, the values they take, city names) is asked of the program itself, `PROGRAM [GLOBAL OPTIONS]
/// __complete -- WORDS… PARTIAL`, which answers with `CompletionModel`, the model behind Tab in a session. A new
/// command or option is in the scripts as soon as it is declared.
public enum CompletionScripts {
    public enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish
    }

    /// The name of the hidden command that answers the scripts.
    public static let callbackCommand = "__complete"

    public static func script(for shell: Shell, program: ProgramDescription) -> String {
        switch shell {
        case .bash: bash(program)
        case .zsh: zsh(program)
        case .fish: fish(program)
        }
    }

    static func bash(_ program: ProgramDescription) -> String {
        let name = program.name
        let function = "_\(identifier(name))"
        let options = (program.options.map { "--\($0.name)" } + ["--help", "--version"]).joined(separator: " ")
        let words = program.commandWords.map(\.word).joined(separator: " ")
        var values = ""
        for option in program.options where option.valueName != nil {
            if option.isPath {
                values += "            --\(option.name)) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
            } else if !option.values.isEmpty {
                values +=
                    "            --\(option.name)) COMPREPLY=($(compgen -W \(single(option.values.joined(separator: " "))) -- \"$cur\")) ;;\n"
            }
        }
        return """
            # bash completion for \(name), generated from its command declarations by `\(name) completions bash`.
            # Load it in this shell with: source <(\(name) completions bash)
            \(function)() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=""
                (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}
                # Skip the global options (and their values): the command starts at index i.
                local i=1
                while (( i < COMP_CWORD )); do
                    case ${COMP_WORDS[i]} in
                        \(program.valueOptionPattern)) (( i += 2 )) ;;
                        --) (( i += 1 )); break ;;
                        -*) (( i += 1 )) ;;
                        *) break ;;
                    esac
                done
                if (( i > COMP_CWORD )); then
                    # The value of a global option.
                    case $prev in
            \(values)            *) COMPREPLY=() ;;
                    esac
                    return 0
                fi
                if (( i == COMP_CWORD )); then
                    if [[ $cur == -* ]]; then
                        COMPREPLY=($(compgen -W \(single(options)) -- "$cur"))
                    else
                        COMPREPLY=($(compgen -W \(single(words)) -- "$cur"))
                    fi
                    return 0
                fi
                # The command's own arguments: asked of the program, which knows its commands and places.
                local IFS=$'\\n'
                COMPREPLY=($("${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:i-1}" \(callbackCommand) -- "${COMP_WORDS[@]:i:COMP_CWORD-i}" "$cur" 2>/dev/null))
                return 0
            }
            complete -F \(function) \(name)

            """
    }

    static func zsh(_ program: ProgramDescription) -> String {
        let name = program.name
        let function = "_\(identifier(name))"
        let commands = program.commandWords.map { "        \(single(describe($0.word) + ":" + $0.summary))" }
        let options =
            program.options.map { "        \(single(describe("--" + $0.name) + ":" + $0.help))" }
            + ["        '--help:Show help'", "        '--version:Show the version'"]
        var values = ""
        for option in program.options where option.valueName != nil {
            if option.isPath {
                values += "            --\(option.name)) _files ;;\n"
            } else if !option.values.isEmpty {
                values +=
                    "            --\(option.name)) compadd -- \(option.values.map(single).joined(separator: " ")) ;;\n"
            } else {
                values += "            --\(option.name)) _message \(single(option.valueName ?? "value")) ;;\n"
            }
        }
        return """
            #compdef \(name)
            # zsh completion for \(name), generated from its command declarations by `\(name) completions zsh`.
            # Put it in a folder of $fpath as _\(name), or load it in this shell with: source <(\(name) completions zsh)
            \(function)() {
                local -a commands options candidates
                commands=(
            \(commands.joined(separator: "\n"))
                )
                options=(
            \(options.joined(separator: "\n"))
                )
                # Skip the global options (and their values): the command starts at words[i].
                local i=2
                while (( i < CURRENT )); do
                    case ${words[i]} in
                        \(program.valueOptionPattern)) (( i += 2 )) ;;
                        --) (( i += 1 )); break ;;
                        -*) (( i += 1 )) ;;
                        *) break ;;
                    esac
                done
                if (( i > CURRENT )); then
                    case ${words[CURRENT-1]} in
            \(values)        esac
                    return
                fi
                if (( i == CURRENT )); then
                    if [[ ${words[CURRENT]} == -* ]]; then
                        _describe -t options option options
                    else
                        _describe -t commands command commands
                    fi
                    return
                fi
                # The command's own arguments: asked of the program, which knows its commands and places.
                candidates=(${(f)"$(${words[1]} "${(@Q)words[2,i-1]}" \(callbackCommand) -- "${(@Q)words[i,CURRENT-1]}" "${(Q)words[CURRENT]}" 2>/dev/null)"})
                compadd -a candidates
            }
            if [[ "$funcstack[1]" == "\(function)" ]]; then
                \(function) "$@"
            else
                compdef \(function) \(name)
            fi

            """
    }

    static func fish(_ program: ProgramDescription) -> String {
        let name = program.name
        let prefix = "__\(identifier(name))"
        let valueOptions = program.options.filter { $0.valueName != nil }.map { "--\($0.name)" }
        var lines = [
            "# fish completion for \(name), generated from its command declarations by `\(name) completions fish`.",
            "# Load it in this shell with: \(name) completions fish | source",
            "",
            "# The index of the command among the words typed so far (after the global options), if there is one.",
            "function \(prefix)_command_index",
            "    set -l tokens (commandline -opc)",
            "    set -l i 2",
            "    while test $i -le (count $tokens)",
            "        switch $tokens[$i]",
        ]
        if !valueOptions.isEmpty {
            lines += ["            case \(valueOptions.joined(separator: " "))", "                set i (math $i + 2)"]
        }
        lines += [
            "            case --",
            "                set i (math $i + 1)",
            "                break",
            "            case '-*'",
            "                set i (math $i + 1)",
            "            case '*'",
            "                echo $i",
            "                return 0",
            "        end",
            "    end",
            "    if test $i -le (count $tokens)",
            "        echo $i",
            "        return 0",
            "    end",
            "    return 1",
            "end",
            "",
            "function \(prefix)_needs_command",
            "    not \(prefix)_command_index >/dev/null",
            "end",
            "",
            "# The command's own arguments: asked of the program, which knows its commands and places.",
            "function \(prefix)_arguments",
            "    set -l tokens (commandline -opc)",
            "    set -l i (\(prefix)_command_index); or return",
            "    set -l globals",
            "    if test $i -gt 2",
            "        set globals $tokens[2..(math $i - 1)]",
            "    end",
            "    $tokens[1] $globals \(callbackCommand) -- $tokens[$i..-1] (commandline -ct) 2>/dev/null",
            "end",
            "",
            "complete -c \(name) -f",
        ]
        for option in program.options {
            var line = "complete -c \(name) -n \(prefix)_needs_command -l \(option.name)"
            if option.valueName != nil {
                if option.isPath {
                    line += " -r -F"
                } else if !option.values.isEmpty {
                    line += " -x -a \(fishQuoted(option.values.joined(separator: " ")))"
                } else {
                    line += " -x"
                }
            }
            lines.append(line + " -d \(fishQuoted(option.help))")
        }
        lines.append("complete -c \(name) -n \(prefix)_needs_command -l help -d 'Show help'")
        lines.append("complete -c \(name) -n \(prefix)_needs_command -l version -d 'Show the version'")
        for command in program.commandWords {
            lines.append(
                "complete -c \(name) -n \(prefix)_needs_command -a \(fishQuoted(command.word)) -d \(fishQuoted(command.summary))"
            )
        }
        lines.append("complete -c \(name) -n 'not \(prefix)_needs_command' -a '(\(prefix)_arguments)'")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The answer to `__complete -- WORDS… PARTIAL`: one candidate per line.
    public static func answer(_ words: [String], model: CompletionModel) -> String {
        guard let partial = words.last else { return "" }
        let candidates = model.candidates(after: Array(words.dropLast()), partial: partial)
        // A list cut short ends with a note for the session's list (`…and 12 more`), never a word to insert.
        return candidates.filter { !$0.contains("\n") && !$0.hasPrefix("…") }.map { $0 + "\n" }.joined()
    }

    /// `skylens` as a shell function name: letters, digits and underscores.
    private static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// A word in single quotes for bash and zsh.
    static func single(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A word in single quotes for fish, where a backslash escapes a quote and itself.
    static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    /// zsh's `_describe` splits an entry at its first unescaped colon.
    private static func describe(_ word: String) -> String {
        word.replacingOccurrences(of: ":", with: "\\:")
    }
}
