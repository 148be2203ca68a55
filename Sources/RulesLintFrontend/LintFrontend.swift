import RulesLint
import RulesSyntax

/// The file-system side of `rulescheck lint`: reads the files, finds the configuration file that
/// governs each one, and lints them at the same time on every core with the pure
/// ``RulesLint/LintRunner``.
///
/// Input errors (a missing or unreadable file, a bad configuration file) are thrown before
/// anything is linted; reports keep the order of the inputs.
public struct LintFrontend: Sendable {
  /// The runner for files no configuration file governs; a configuration file gives its files
  /// a copy with its settings.
  public var runner: LintRunner
  public var reader: SourceReader
  /// Whether files are linted at the same time on every core (the default) or one after
  /// another; the reports are the same.
  public var concurrent: Bool

  public init(
    runner: LintRunner = LintRunner(), reader: SourceReader = SourceReader(), concurrent: Bool = true
  ) {
    self.runner = runner
    self.reader = reader
    self.concurrent = concurrent
  }

  /// Reads and lints `inputs` with ``runner``; a file named twice is linted once. Throws when
  /// a file cannot be read or is not UTF-8, before anything is linted.
  public func run(_ inputs: [LintInput]) throws(LintError) -> LintReport {
    let sources = try reader.read(inputs.uniqued())
    var runner = runner
    runner.concurrentFacts = runner.concurrentFacts && !spreadsFiles(sources.count)
    return runner.report(map(sources) { [runner] in runner.lint($0) })
  }

  /// Reads and lints `inputs`, each with the configuration file `discovery` finds for it
  /// (files it excludes are skipped). Throws on a bad configuration file or an unreadable
  /// input, before anything is linted.
  public func run(_ inputs: [LintInput], discovery: ConfigurationDiscovery) throws(LintError) -> LintReport {
    runner.report(lint(try plan(inputs, discovery: discovery)))
  }

  /// The files to lint, read, each with the runner configured for it; excluded files are
  /// left out.
  public func plan(_ inputs: [LintInput], discovery: ConfigurationDiscovery) throws(LintError) -> [LintTask] {
    var loaded: [String: ConfigurationFile] = [:]
    var planned: [(runner: LintRunner, input: LintInput)] = []
    for input in inputs.uniqued() {
      var runner = self.runner
      if let file = try discovery.configuration(for: input, loaded: &loaded) {
        if file.excludes(input.fileURL) { continue }
        runner.configuration = file.configuration(commandLineStrict: self.runner.configuration.strict)
      }
      planned.append((runner, input))
    }
    var tasks: [LintTask] = []
    for (runner, input) in planned {
      tasks.append(LintTask(runner: runner, input: input, source: try reader.read(input)))
    }
    return tasks
  }

  /// Each task's report, its source linted by its runner; `sources` replace the tasks' own
  /// (the fixed texts of `--fix`) when given.
  public func lint(_ tasks: [LintTask], sources: [SourceFile]? = nil) -> [FileReport] {
    let spread = spreadsFiles(tasks.count)
    return map(Array(zip(tasks, sources ?? tasks.map(\.source)))) { task, source in
      var runner = task.runner
      runner.concurrentFacts = runner.concurrentFacts && !spread
      return runner.lint(source)
    }
  }

  /// Whether `count` files are linted at the same time, one per core.
  private func spreadsFiles(_ count: Int) -> Bool {
    concurrent && count > 1
  }

  /// Each task's source with the fixes of at least `minimum` applicability applied.
  public func fix(_ tasks: [LintTask], applying minimum: Applicability) -> [FixResult] {
    map(tasks) { $0.runner.fix($0.source, applying: minimum) }
  }

  private func map<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    concurrent ? elements.concurrentMap(transform) : elements.map(transform)
  }
}
