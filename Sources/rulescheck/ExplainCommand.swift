import ArgumentParser
import RulesLint
import RulesReport

/// `rulescheck explain CODE`: one lint rule's documentation.
struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Explain a lint rule: summary, rationale, examples and limitations.",
    discussion: "Exit status: 0, or 2 when no rule has the code or name.")

  @Argument(help: "A rule code (RC301) or name (public-write).")
  var rule: String

  @Option(help: "Output format.")
  var format: LintCommand.Format = .text

  @Flag(inversion: .prefixedNo, help: "Colour text output (default: when stdout is a terminal).")
  var color: Bool?

  func run() throws {
    guard let descriptor = RuleCatalogue.standard.descriptor(rule) else {
      let hint =
        rule.uppercased().hasPrefix("RS")
        ? "RS codes are parser and semantic diagnostics, explained by their messages"
        : "`rulescheck rules` lists the codes and names"
      Console.fail("unknown rule '\(rule)'; \(hint)")
    }
    switch format {
    case .text:
      Console.write(RuleExplanationRenderer(style: Console.style(explicit: color)).text(descriptor))
    case .json:
      Console.write(RuleExplanationRenderer().json(descriptor))
    }
  }
}
