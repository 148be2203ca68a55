import ArgumentParser
import RulesLint
import RulesReport
import RulesSyntax

/// `rulescheck dump-ast`: prints the syntax tree of a file, for debugging the parser.
struct DumpASTCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dump-ast",
    abstract: "Print the syntax tree of a rules file (for debugging).",
    discussion: "Syntax diagnostics go to standard error; the exit status is 1 when there are any errors.")

  @Argument(help: "The rules file (- reads standard input).")
  var file: String

  @Flag(help: "Show each node's byte range.")
  var ranges = false

  @Option(help: "Output format: text prints the tree, json one document with the tree and diagnostics.")
  var format: LintCommand.Format = .text

  @OptionGroup var colorOptions: ColorOptions

  func run() throws {
    let source = SimulationInput.readRules(file)
    let parsed = RulesParser.parse(source)
    if format == .json {
      Console.write(ASTJSONRenderer().render(parsed, includeRanges: ranges))
      throw Console.exitCode(parsed.hasSyntaxErrors ? .checkFailed : .success)
    }
    Console.write(ASTDump.render(parsed, includeRanges: ranges))
    let renderer = LintTextRenderer(style: Console.style(explicit: colorOptions.color, error: true))
    for diagnostic in parsed.diagnostics.sortedBySource() {
      Console.writeError(renderer.render(diagnostic, in: source))
    }
    throw Console.exitCode(parsed.hasSyntaxErrors ? .checkFailed : .success)
  }
}
