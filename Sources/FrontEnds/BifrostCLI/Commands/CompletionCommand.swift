import ArgumentParser

/// `bifrost completion SHELL`: the shell completion script, for bash, zsh or fish.
struct CompletionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
        bash:  bifrost completion bash > ~/.local/share/bash-completion/completions/bifrost
        zsh:   bifrost completion zsh > "${fpath[1]}/_bifrost"
        fish:  bifrost completion fish > ~/.config/fish/completions/bifrost.fish
        """
    )

    @Argument(help: ArgumentHelp("bash, zsh or fish.", valueName: "shell"))
    var shell: String

    func run() throws {
        guard let kind = CompletionShell(rawValue: shell) else {
            throw ValidationError("unknown shell '\(shell)'; give bash, zsh or fish")
        }
        Console.current.out(BifrostCommand.completionScript(for: kind))
    }
}
