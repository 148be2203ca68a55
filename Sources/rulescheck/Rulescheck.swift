import ArgumentParser
import Foundation
import RulesLint
import RulesReport

/// The `rulescheck` command: subcommands per `cli.md`, `lint` when none is named.
@main
struct Rulescheck: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rulescheck",
    abstract: "Lint Firebase Cloud Storage security rules.",
    discussion: """
      Exit status: 0 no findings at or above the failure threshold, 1 findings, \
      2 the command could not do its job (bad flags, unreadable or non-UTF-8 input, \
      nothing to lint).
      """,
    version: ToolVersion.current,
    subcommands: [
      LintCommand.self, SimulateCommand.self, ListCommand.self, TestCommand.self, DumpASTCommand.self,
      RulesCommand.self, ExplainCommand.self, AuditCommand.self,
      FormatCommand.self,
      LSPCommand.self,
    ],
    defaultSubcommand: LintCommand.self)

  /// Runs the command line, mapping every outcome onto the contract's exit codes: usage
  /// errors are one `rulescheck: error:` line and status 2 (not ArgumentParser's 64), and so
  /// is a misspelt subcommand (``CommandSuggestion``).
  static func main() {
    var names: [String] = []
    for command in configuration.subcommands {
      names.append(command._commandName)
    }
    let suggestion = CommandSuggestion(names: names + ["help"])
    if let message = suggestion.message(for: Array(CommandLine.arguments.dropFirst())) {
      Console.fail(message)
    }
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let status as ExitCode {
      Foundation.exit(status.rawValue)
    } catch {
      let code = exitCode(for: error)
      if code == .success { exit(withError: error) }
      Console.fail(message(for: error))
    }
    Foundation.exit(RunStatus.success.rawValue)
  }
}
