import ArgumentParser
import RulesLint
import RulesReport

/// `rulescheck explain CODE`: one lint rule's documentation, or a parser or semantic
/// diagnostic's.
struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: """
      Explain a lint rule (RC…) or a parser or semantic diagnostic (RS…): what it means, why, \\
      examples, its fix and whether it blocks a deploy.
      """,
    discussion: "Exit status: 0, or 2 when nothing has the code or name.")

  @Argument(help: "A code (RC301, RS204) or name (public-write, unknown-field).")
  var rule: String

  @Option(help: "Output format.")
  var format: LintCommand.Format = .text

  @Flag(inversion: .prefixedNo, help: "Colour text output (default: when stdout is a terminal).")
  var color: Bool?

  func run() throws {
    let renderer = RuleExplanationRenderer(
      style: format == .text ? Console.style(explicit: color) : .init(colored: false))
    if let descriptor = RuleCatalogue.standard.descriptor(rule) {
      Console.write(format == .text ? renderer.text(descriptor) : renderer.json(descriptor))
    } else if let documentation = AnalyzerDocumentation.documentation(rule) {
      Console.write(format == .text ? renderer.text(documentation) : renderer.json(documentation))
    } else {
      let hint =
        AnalyzerDocumentation.suggestion(for: rule).map { "did you mean '\($0)'? " } ?? ""
      Console.fail(
        "unknown code or name '\(rule)'; \(hint)`rulescheck rules` lists the lint rules (RC…), "
          + "docs/rules.md also the parser and semantic diagnostics (RS…)")
    }
  }
}
