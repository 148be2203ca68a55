import ArgumentParser
import Foundation
import RulesLint
import RulesReport
import RulesTesting

/// `rulescheck test`: runs rules unit-test suites and reports failures and coverage.
struct TestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Run rules unit-test suites (*.rules-test.yaml / .json) and measure coverage.",
    discussion: """
      Exit status: 0 every case passed (and coverage reached --min-coverage), 1 a case failed \
      or coverage is below --min-coverage, 2 bad input (bad flags, a malformed suite, a rules \
      file Firebase would refuse to deploy, no case matching --filter). Other findings in the \
      rules are printed on standard error (text) or as "warnings" (JSON).
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json, junit
  }

  @Argument(
    help:
      "Suite files, or directories to search for *.rules-test.yaml/.yml/.json (default: .); - reads standard input."
  )
  var suites: [String] = []

  @Option(help: "Output format.")
  var format: Format = .text

  @Option(help: "Run only the cases whose name contains this text (ignoring case).")
  var filter: String?

  @Option(help: "Write coverage to this file: .lcov, .json or .html by extension (repeatable).")
  var coverage: [String] = []

  @Option(help: "Fail when fewer than this percentage of allow statements granted at least once.")
  var minCoverage: Double?

  @Flag(
    inversion: .prefixedNo,
    help: "Colour text output (default: when stdout is a terminal and NO_COLOR is unset).")
  var color: Bool?

  func validate() throws {
    for file in coverage where Self.coverageFormat(file) == nil {
      throw ValidationError("--coverage \(file): the file name must end in .lcov, .info, .json or .html")
    }
    if let minCoverage, !(0...100).contains(minCoverage) {
      throw ValidationError("--min-coverage must be a percentage from 0 to 100")
    }
  }

  func run() throws {
    let plan: TestPlan
    do {
      plan = try TestPlan.load(suites, now: SimulationInput.now())
    } catch .invalidRules(let at, let checked) {
      let renderer = LintTextRenderer(style: Console.style(explicit: color, error: true))
      for diagnostic in checked.deployErrors {
        Console.writeError(renderer.render(diagnostic, in: checked.source))
      }
      Console.fail(at.description)
    } catch {
      Console.fail(error.description)
    }
    if format == .text {
      let style = Console.style(explicit: color, error: true)
      for path in plan.rulesets.keys.sorted() {
        guard let checked = plan.rulesets[path]?.checked else { continue }
        Console.writeError(RunFindings(checked.deployableFindings, in: checked.source).text(style: style))
      }
    }
    let run = TestRunner(filter: filter).run(plan)
    if let filter, run.caseCount == 0 { Console.fail("no case matches --filter '\(filter)'") }
    for file in coverage { write(run.coverage, to: file) }
    let shortfall = run.coverageShortfall(minimum: minCoverage)
    switch format {
    case .text:
      let style = Console.style(explicit: color)
      Console.write(TestTextRenderer(style: style).render(run) + (shortfall.map { "\($0)\n" } ?? ""))
    case .json:
      Console.write(TestJSONRenderer().render(run))
      if let shortfall { Console.writeError("rulescheck: \(shortfall)\n") }
    case .junit:
      Console.write(TestJUnitRenderer().render(run))
      if let shortfall { Console.writeError("rulescheck: \(shortfall)\n") }
    }
    throw Console.exitCode(run.succeeded(minimumCoverage: minCoverage) ? .success : .checkFailed)
  }

  private enum CoverageFormat {
    case lcov, json, html
  }

  private static func coverageFormat(_ file: String) -> CoverageFormat? {
    switch (file as NSString).pathExtension.lowercased() {
    case "lcov", "info": .lcov
    case "json": .json
    case "html", "htm": .html
    default: nil
    }
  }

  private func write(_ files: [FileCoverage], to path: String) {
    let text: String
    switch Self.coverageFormat(path) {
    case .lcov?: text = CoverageLCOVRenderer().render(files)
    case .json?: text = CoverageJSONRenderer().render(files)
    case .html?, nil: text = CoverageHTMLRenderer().render(files)
    }
    Console.writeFile(text, to: path, flag: "--coverage")
  }
}
