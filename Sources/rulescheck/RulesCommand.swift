import ArgumentParser
import RulesLint
import RulesReport

/// `rulescheck rules`: lists the lint catalogue.
struct RulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: """
      List the lint rules: code, name, category, default severity, fix safety, whether the rule \
      runs by default (off: only when .rulescheck.yml enables it), summary.
      """)

  @Option(help: "Output format.")
  var format: LintCommand.Format = .text

  /// Accepted for uniformity; the table has no colour.
  @OptionGroup var colorOptions: ColorOptions

  func run() throws {
    let renderer = RuleListRenderer()
    switch format {
    case .text: Console.write(renderer.text(.standard))
    case .json: Console.write(renderer.json(.standard))
    }
  }
}
