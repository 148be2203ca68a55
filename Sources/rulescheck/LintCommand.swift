import ArgumentParser
import RulesLint
import RulesReport

/// `rulescheck lint`: reports problems in rules files.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Report problems in storage rules files.",
    discussion: """
      With no paths, lints the storage rules named in ./firebase.json, else ./storage.rules. \
      A directory means every *.rules file below it.
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Argument(help: "Rules files or directories.")
  var paths: [String] = []

  @Option(help: "Output format.")
  var format: Format = .text

  @Flag(help: "Fail on warnings too, not only errors.")
  var strict = false

  @Flag(
    inversion: .prefixedNo,
    help: "Colour text output (default: when stdout is a terminal and NO_COLOR is unset).")
  var color: Bool?

  func run() throws {
    let report: LintReport
    do {
      let inputs = try InputDiscovery().inputs(for: paths)
      report = try LintRunner(configuration: LintConfiguration(strict: strict)).run(inputs)
    } catch {
      Console.fail(error.description)
    }
    switch format {
    case .text:
      Console.write(LintTextRenderer(style: Console.style(explicit: color)).render(report))
    case .json:
      Console.write(LintJSONRenderer().render(report))
    }
    throw Console.exitCode(report.exitStatus)
  }
}
