import ArgumentParser
import Foundation
import RulesFormat
import RulesInput
import RulesLint
import RulesLintFrontend
import RulesReport
import RulesSyntax

/// `rulescheck format`: rewrites rules files in the canonical layout, or checks that they are.
struct FormatCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "format",
    abstract: "Rewrite storage rules files in the canonical layout (docs/formatting.md).",
    discussion: """
      With no paths, formats the storage rules named in ./firebase.json, else ./storage.rules. \
      A directory means every *.rules file below it; - formats standard input to standard \
      output. Exit status: 0 done (with --check: nothing would change), 1 with --check or \
      --diff: some file would change, 2 a file could not be read or has syntax errors.
      """)

  @Argument(help: "Rules files or directories; - reads standard input and prints the result.")
  var paths: [String] = []

  @Flag(help: "Change nothing; list the files that would be reformatted (exit 1 when there are any).")
  var check = false

  @Flag(help: "Change nothing; print a unified diff of what would change (exit 1 when anything would).")
  var diff = false

  @Option(help: "Output format: text or json.")
  var format: LintCommand.Format = .text

  @Option(
    help: ArgumentHelp(
      "The path standard input (-) stands for, shown in messages. Without paths, formats standard input.",
      valueName: "path"))
  var stdinFilename: String?

  @Flag(
    inversion: .prefixedNo,
    help: "Colour syntax errors (default: when standard error is a terminal and NO_COLOR is unset).")
  var color: Bool?

  func validate() throws {
    if stdinFilename != nil && !paths.isEmpty && !paths.contains("-") {
      throw ValidationError("--stdin-filename names standard input; give - among the paths")
    }
  }

  func run() throws {
    let inputs: [LintInput]
    do {
      var discovery = InputDiscovery()
      discovery.standardInputPath = stdinFilename
      let named = try discovery.inputs(for: paths.isEmpty && stdinFilename != nil ? ["-"] : paths)
      inputs = try Self.withoutExcluded(named.uniqued())
    } catch {
      switch error {
      case .nothingToLint(let directory):
        Console.fail(
          "nothing to format: no firebase.json or storage.rules in \(directory); "
            + "pass rules files or directories to format")
      case .noStorageKey(let path, let directory):
        Console.fail(
          "\(path): no \"storage\" key naming rules files, and no storage.rules in \(directory); "
            + "pass rules files or directories to format")
      default: Console.fail(error.description)
      }
    }
    let writes = !check && !diff
    var results: [FormatResult] = []
    for input in inputs {
      var result = Self.format(input)
      if writes, case .changed(let new) = result.status, !input.isStandardInput {
        if let failure = Self.write(new, to: input) { result.status = .unusable(failure) }
      }
      results.append(result)
    }
    let report = FormatReport(results: results, writes: writes, showsDiff: diff)
    switch format {
    case .json:
      Console.write(report.json())
    case .text:
      let style = Console.style(explicit: color, error: true)
      Console.writeError(report.errors(style: style))
      let standardOutput = report.standardOutput()
      Console.write(standardOutput)
      let summary = report.listing()
      if writes && inputs.contains(where: \.isStandardInput) || diff {
        Console.writeError(summary)
      } else {
        Console.write(summary)
      }
    }
    throw Console.exitCode(report.status)
  }

  /// `inputs` without the files an `exclude` pattern of their `.rulescheck.yml` names, as
  /// `lint` leaves them out; standard input is always formatted.
  private static func withoutExcluded(_ inputs: [LintInput]) throws(LintError) -> [LintInput] {
    let discovery = ConfigurationDiscovery()
    var loaded: [String: ConfigurationFile] = [:]
    var kept: [LintInput] = []
    for input in inputs {
      if !input.isStandardInput, let file = try discovery.configuration(for: input, loaded: &loaded),
        file.excludes(input.fileURL)
      {
        continue
      }
      kept.append(input)
    }
    return kept
  }

  /// Reads and formats one input.
  private static func format(_ input: LintInput) -> FormatResult {
    let source: SourceFile
    do {
      source = try SourceReader().read(input)
    } catch {
      return FormatResult(input: input, source: nil, status: .unusable(error.description))
    }
    let text = String(decoding: source.bytes, as: UTF8.self)
    switch RulesFormatter().format(text) {
    case .syntaxErrors(let diagnostics):
      return FormatResult(input: input, source: source, status: .syntaxErrors(diagnostics))
    case .formatted(let new):
      let changed = Array(new.utf8) != source.bytes
      return FormatResult(input: input, source: source, status: changed ? .changed(new) : .unchanged)
    }
  }

  /// Replaces the file atomically; the reason when it cannot be.
  private static func write(_ text: String, to input: LintInput) -> String? {
    if FileKind(path: input.fileURL.path) == .stream {
      return "\(input.displayPath): cannot write the formatted text back to a pipe or device; "
        + "format - reads standard input and prints the result"
    }
    do {
      try SourceWriter().write(Array(text.utf8), to: input)
    } catch {
      return error.description
    }
    return nil
  }
}
