import ArgumentParser
import RulesInput
import RulesLint
import RulesLintFrontend
import RulesReport
import RulesSyntax

/// `rulescheck lint`: reports problems in rules files, and fixes the mechanical ones.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Report problems in storage rules files.",
    discussion: """
      With no paths, lints the storage rules named in ./firebase.json, else ./storage.rules. \
      A directory means every *.rules file below it. Settings come from the nearest \
      .rulescheck.yml above each file, or from --config. `rulescheck rules` lists the lint \
      rules and `rulescheck explain CODE` documents one.
      """)

  /// The formats every command offers.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  /// The formats of `lint`: the common ones, SARIF and GitHub Actions annotations.
  enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif, github
  }

  @Argument(help: "Rules files or directories; - reads standard input.")
  var paths: [String] = []

  @Option(help: "Output format: text, json, sarif (SARIF 2.1.0) or github (workflow annotations).")
  var format: OutputFormat = .text

  /// What fails the run (exit 1).
  enum FailOn: String, ExpressibleByArgument, CaseIterable {
    case error, warning
    case deployErrors = "deploy-errors"
  }

  @Flag(help: "Fail on warnings too, not only errors (the same as --fail-on warning).")
  var strict = false

  @Option(
    help: """
      What fails the run: error (the default), warning, or deploy-errors (only findings that \
      stop firebase deploy, whatever their severity).
      """)
  var failOn: FailOn?

  @Option(help: "The configuration file (default: the nearest .rulescheck.yml above each file).")
  var config: String?

  @Option(
    help: ArgumentHelp(
      "Write the report to this file (atomically) instead of standard output; the exit status is unchanged.",
      valueName: "path"))
  var outputFile: String?

  @Option(
    help: ArgumentHelp(
      """
      The path standard input (-) stands for: shown in findings and used to find its \
      .rulescheck.yml and exclude patterns. Without paths, lints standard input.
      """, valueName: "path"))
  var stdinFilename: String?

  @Flag(help: "Apply the safe fixes in place (they keep every decision), then report what remains.")
  var fix = false

  @Flag(
    help: """
      Treat unsafe fixes (which may change who may do what) as applicable: with --fix, apply \
      them too; without it, count them as fixable.
      """)
  var unsafeFixes = false

  @Flag(
    help: "With --fix: print a unified diff of the fixes instead of writing them (exit 1 when there are any)."
  )
  var diff = false

  @Flag(
    inversion: .prefixedNo,
    help: "Colour text output (default: when stdout is a terminal and NO_COLOR is unset).")
  var color: Bool?

  func validate() throws {
    if diff && !fix { throw ValidationError("--diff shows what --fix would change; use it with --fix") }
    if stdinFilename != nil && !paths.isEmpty && !paths.contains("-") {
      throw ValidationError("--stdin-filename names standard input; give - among the paths")
    }
    if config == "-" {
      throw ValidationError(
        "--config -: the configuration cannot come from standard input; name a file (<(...) works)")
    }
    if outputFile?.isEmpty == true { throw ValidationError("--output-file needs a path") }
    if strict, let failOn, failOn != .warning {
      throw ValidationError(
        "--strict is --fail-on warning; it cannot be combined with --fail-on \(failOn.rawValue)")
    }
  }

  func run() throws {
    let frontend = LintFrontend(
      runner: LintRunner(
        configuration: LintConfiguration(
          strict: strict || failOn == .warning, failsOnDeployErrorsOnly: failOn == .deployErrors)))
    let inputs: [LintInput]
    let tasks: [LintTask]
    do {
      var discovery = InputDiscovery()
      discovery.standardInputPath = stdinFilename
      inputs = try discovery.inputs(for: paths.isEmpty && stdinFilename != nil ? ["-"] : paths)
      let configurations = ConfigurationDiscovery(explicitFile: config.map { LintInput(path: $0) })
      tasks = try frontend.plan(inputs, discovery: configurations)
    } catch {
      Console.fail(error.description)
    }
    if fix && !diff && inputs.contains(where: \.isStandardInput)
      && !tasks.contains(where: \.input.isStandardInput)
    {
      // Excluded by its configuration: `--fix -` still prints the text, unchanged.
      Console.write(String(decoding: SimulationInput.readRules("-").bytes, as: UTF8.self))
    }
    var sources = tasks.map(\.source)
    var fixedStandardInput: SourceFile?
    if fix {
      let results = frontend.fix(tasks, applying: unsafeFixes ? .unsafe : .safe)
      if diff {
        let text = results.map { result in
          UnifiedDiff.render(
            old: result.original.text(SourceRange(start: 0, end: result.original.bytes.count)),
            new: result.fixed.text(SourceRange(start: 0, end: result.fixed.bytes.count)),
            oldPath: "a/" + Self.relative(result.original.path),
            newPath: "b/" + Self.relative(result.original.path))
        }.joined()
        emit(text)
        throw Console.exitCode(text.isEmpty ? .success : .checkFailed)
      }
      try write(results, tasks)
      sources = results.map(\.fixed)
      fixedStandardInput = zip(results, tasks).first { $0.1.input.isStandardInput }?.0.fixed
    }
    // Files are independent: they are linted on every core, the report keeps their order.
    let report = frontend.runner.report(frontend.lint(tasks, sources: sources))
    // `lint --fix -` prints the fixed text, as ruff does; the report then goes to standard
    // error unless --output-file takes it.
    if let fixedStandardInput {
      Console.write(String(decoding: fixedStandardInput.bytes, as: UTF8.self))
    }
    let toStandardError = fixedStandardInput != nil && outputFile == nil
    let style =
      outputFile == nil
      ? Console.style(explicit: color, error: toStandardError)
      : Console.fileStyle(explicit: color)
    let rendered: String
    switch format {
    case .text: rendered = LintTextRenderer(style: style, unsafeFixes: unsafeFixes).render(report)
    case .json: rendered = LintJSONRenderer().render(report)
    case .sarif: rendered = SARIFRenderer().render(report)
    case .github: rendered = GitHubActionsRenderer().render(report)
    }
    if toStandardError { Console.writeError(rendered) } else { emit(rendered) }
    throw Console.exitCode(report.exitStatus)
  }

  /// Writes what `lint` prints to `--output-file`, else to standard output.
  private func emit(_ text: String) {
    guard let outputFile else { return Console.write(text) }
    Console.writeFile(text, to: outputFile, flag: "--output-file")
  }

  /// `path` without leading slashes, for the `a/` and `b/` prefixes of a diff.
  private static func relative(_ path: String) -> String {
    String(path.drop { $0 == "/" })
  }

  /// Writes the changed files back and says on standard error what was fixed.
  private func write(_ results: [FixResult], _ tasks: [LintTask]) throws {
    var files = 0
    var edits = 0
    for (result, task) in zip(results, tasks) where result.changed && !task.input.isStandardInput {
      if FileKind(path: task.input.fileURL.path) == .stream {
        Console.fail(
          "\(task.input.displayPath): cannot write fixes back to a pipe or device; "
            + "lint --fix - reads standard input and prints the fixed text")
      }
      do {
        try SourceWriter().write(result.fixed.bytes, to: task.input)
      } catch {
        Console.fail(error.description)
      }
      files += 1
      edits += result.appliedEdits
    }
    guard files > 0 else { return }
    Console.writeError(
      "rulescheck: applied \(edits) fix\(edits == 1 ? "" : "es") in \(files) file\(files == 1 ? "" : "s")\n")
  }
}
