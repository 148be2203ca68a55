import ArgumentParser
import RulesAudit
import RulesEvaluator
import RulesReport
import RulesSyntax

/// `rulescheck audit`: who may do what under a ruleset, decided by the evaluator, or what a
/// change grants or revokes (`--diff`).
struct AuditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audit",
    abstract: "Show who can get, list, create, update and delete each pattern, decided by the evaluator.",
    discussion: """
      Exit status: 0 audited (with --diff: access did not widen), 1 with --diff when the new \
      rules grant something the old did not, 2 bad input (bad flags, unreadable file, a rules \
      file Firebase would refuse to deploy).
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown
  }

  @Argument(help: "The rules file (- reads standard input).")
  var rules: String

  @Option(help: "Compare with these (older) rules: what the change grants or revokes.")
  var diff: String?

  @Option(
    help: "The request time of every probe, RFC 3339 (default: now, and time-dependent answers are marked).")
  var time: String?

  @Option(
    help: "Firestore documents by path, as a JSON file (default: none, and answers that read one are marked)."
  )
  var firestore: String?

  @Option(help: "Output format.")
  var format: Format = .text

  @Option(
    name: [.customLong("output-file"), .customLong("output")],
    help: "Write the report to this file (atomically) instead of standard output.")
  var outputFile: String?

  @OptionGroup var colorOptions: ColorOptions

  func validate() throws {
    if let time, RFC3339.parse(time) == nil {
      throw ValidationError("--time is not an RFC 3339 timestamp: \(time)")
    }
    if outputFile?.isEmpty == true { throw ValidationError("--output-file needs a path") }
    try Console.checkStandardInput([("the rules file", rules), ("--diff", diff), ("--firestore", firestore)])
  }

  func run() throws {
    let color = colorOptions.color
    let ruleset = SimulationInput.loadRules(rules, showFindings: false, color: color)
    let old = diff.map { SimulationInput.loadRules($0, showFindings: false, color: color) }
    let given = time.flatMap(RFC3339.parse)
    let options = AuditOptions(
      time: given ?? SimulationInput.now(), timeIsGiven: given != nil,
      firestore: firestore.map(SimulationInput.loadFirestore))
    let style = outputFile == nil ? Console.style(explicit: color) : TextStyle(colored: false)
    let source = ruleset.checked.source
    if let old {
      let changes = AccessDiff(old: old, new: ruleset, options: options)
      let oldSource = old.checked.source
      switch format {
      case .text: emit(AuditTextRenderer(style: style).render(changes, old: oldSource, new: source))
      case .markdown: emit(AuditMarkdownRenderer().render(changes, old: oldSource, new: source))
      case .json:
        emit(AuditJSON(source: source).document(changes, old: oldSource).withTool().serialized() + "\n")
      }
      throw Console.exitCode(changes.widens ? .checkFailed : .success)
    }
    let matrix = AccessAudit(ruleset: ruleset, options: options).matrix()
    switch format {
    case .text: emit(AuditTextRenderer(style: style).render(matrix, source: source))
    case .markdown: emit(AuditMarkdownRenderer().render(matrix, source: source))
    case .json:
      let warnings = RunFindings(ruleset.checked.deployableFindings, in: source)
      emit(AuditJSON(source: source).document(matrix, warnings: warnings).withTool().serialized() + "\n")
    }
  }

  private func emit(_ text: String) {
    guard let outputFile else { return Console.write(text) }
    Console.writeFile(text, to: outputFile, flag: "--output-file")
  }
}
