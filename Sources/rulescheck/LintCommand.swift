import ArgumentParser
import RulesLint
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

  @Argument(help: "Rules files or directories.")
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
    if strict, let failOn, failOn != .warning {
      throw ValidationError(
        "--strict is --fail-on warning; it cannot be combined with --fail-on \(failOn.rawValue)")
    }
  }

  func run() throws {
    let runner = LintRunner(
      configuration: LintConfiguration(
        strict: strict || failOn == .warning, failsOnDeployErrorsOnly: failOn == .deployErrors))
    let tasks: [LintTask]
    do {
      let inputs = try InputDiscovery().inputs(for: paths)
      let discovery = ConfigurationDiscovery(explicitFile: config.map { LintInput(path: $0) })
      tasks = try runner.plan(inputs, discovery: discovery)
    } catch {
      Console.fail(error.description)
    }
    var sources = tasks.map(\.source)
    if fix {
      let results = tasks.map { $0.runner.fix($0.source, applying: unsafeFixes ? .unsafe : .safe) }
      if diff {
        let text = results.map { result in
          UnifiedDiff.render(
            old: result.original.text(SourceRange(start: 0, end: result.original.bytes.count)),
            new: result.fixed.text(SourceRange(start: 0, end: result.fixed.bytes.count)),
            oldPath: "a/" + Self.relative(result.original.path),
            newPath: "b/" + Self.relative(result.original.path))
        }.joined()
        Console.write(text)
        throw Console.exitCode(text.isEmpty ? .success : .checkFailed)
      }
      try write(results, tasks)
      sources = results.map(\.fixed)
    }
    let report = runner.report(zip(tasks, sources).map { task, source in task.runner.lint(source) })
    switch format {
    case .text:
      Console.write(
        LintTextRenderer(style: Console.style(explicit: color), unsafeFixes: unsafeFixes).render(report))
    case .json:
      Console.write(LintJSONRenderer().render(report))
    case .sarif:
      Console.write(SARIFRenderer().render(report))
    case .github:
      Console.write(GitHubActionsRenderer().render(report))
    }
    throw Console.exitCode(report.exitStatus)
  }

  /// `path` without leading slashes, for the `a/` and `b/` prefixes of a diff.
  private static func relative(_ path: String) -> String {
    String(path.drop { $0 == "/" })
  }

  /// Writes the changed files back and says on standard error what was fixed.
  private func write(_ results: [FixResult], _ tasks: [LintTask]) throws {
    var files = 0
    var edits = 0
    for (result, task) in zip(results, tasks) where result.changed {
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
