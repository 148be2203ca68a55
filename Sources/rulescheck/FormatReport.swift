import RulesFormat
import RulesLint
import RulesLintFrontend
import RulesReport
import RulesSyntax

/// What `rulescheck format` found for one input.
struct FormatResult {
  enum Status {
    case unchanged
    /// The formatted text, which differs from the file's.
    case changed(String)
    case syntaxErrors([Diagnostic])
    /// The file could not be read or written: the message.
    case unusable(String)

    var isChanged: Bool {
      if case .changed = self { return true }
      return false
    }

    var isFailure: Bool {
      switch self {
      case .syntaxErrors, .unusable: true
      case .unchanged, .changed: false
      }
    }
  }

  let input: LintInput
  let source: SourceFile?
  var status: Status

  var text: String { source.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "" }
}

/// Renders the results of `rulescheck format` as text or JSON, and picks the exit status.
struct FormatReport {
  let results: [FormatResult]
  /// Whether changed files were written (no `--check`, no `--diff`).
  let writes: Bool
  let showsDiff: Bool

  /// 2 when a file could not be read or formatted, else 1 when `--check`/`--diff` found a file
  /// to change, else 0.
  var status: RunStatus {
    if results.contains(where: \.status.isFailure) { return .couldNotRun }
    if !writes && results.contains(where: \.status.isChanged) { return .checkFailed }
    return .success
  }

  /// The syntax errors, as `lint` prints them, and the input errors, one line each.
  func errors(style: TextStyle) -> String {
    var output = ""
    let renderer = LintTextRenderer(style: style)
    for result in results {
      switch result.status {
      case .unusable(let message): output += "rulescheck: error: \(message)\n"
      case .syntaxErrors(let diagnostics):
        guard let source = result.source else { continue }
        for diagnostic in diagnostics { output += renderer.render(diagnostic, in: source) }
      case .unchanged, .changed: break
      }
    }
    return output
  }

  /// What goes to standard output besides the listing: the formatted standard input, or the
  /// diffs.
  func standardOutput() -> String {
    var output = ""
    for result in results {
      if showsDiff, case .changed(let new) = result.status {
        output += diff(result, new)
      } else if writes && result.input.isStandardInput {
        switch result.status {
        case .changed(let new): output += new
        case .unchanged: output += result.text
        case .syntaxErrors, .unusable: break
        }
      }
    }
    return output
  }

  /// One line per file that was (or would be) reformatted, then a summary line.
  func listing() -> String {
    var output = ""
    var changed = 0
    var unchanged = 0
    var failed = 0
    for result in results {
      switch result.status {
      case .changed:
        changed += 1
        output += "\(writes ? "reformatted" : "would reformat") \(result.input.displayPath)\n"
      case .unchanged: unchanged += 1
      case .syntaxErrors, .unusable: failed += 1
      }
    }
    var parts = [
      "\(Self.files(changed)) \(writes ? "reformatted" : "would be reformatted")",
      "\(Self.files(unchanged)) already formatted",
    ]
    if failed > 0 { parts.append("\(Self.files(failed)) could not be formatted") }
    return output + parts.joined(separator: ", ") + "\n"
  }

  private static func files(_ count: Int) -> String { "\(count) file\(count == 1 ? "" : "s")" }

  private func diff(_ result: FormatResult, _ new: String) -> String {
    let path = String(result.input.displayPath.drop { $0 == "/" })
    return UnifiedDiff.render(old: result.text, new: new, oldPath: "a/" + path, newPath: "b/" + path)
  }

  /// The JSON document: mode, one entry per file, a summary, and the tool.
  func json() -> String {
    var files: [JSONValue] = []
    var counts = (changed: 0, unchanged: 0, failed: 0)
    for result in results {
      var members: [JSONValue.Member] = [.init("path", .string(result.input.displayPath))]
      switch result.status {
      case .unchanged:
        counts.unchanged += 1
        members.append(.init("status", .string("unchanged")))
        if writes && result.input.isStandardInput { members.append(.init("text", .string(result.text))) }
      case .changed(let new):
        counts.changed += 1
        members.append(.init("status", .string(writes ? "reformatted" : "would-reformat")))
        if showsDiff { members.append(.init("diff", .string(diff(result, new)))) }
        if writes && result.input.isStandardInput { members.append(.init("text", .string(new))) }
      case .syntaxErrors(let diagnostics):
        counts.failed += 1
        members.append(.init("status", .string("syntax-errors")))
        members.append(.init("errors", .array(diagnostics.map { error($0, result.source) })))
      case .unusable(let message):
        counts.failed += 1
        members.append(.init("status", .string("error")))
        members.append(.init("errors", .array([.object([.init("message", .string(message))])])))
      }
      files.append(.object(members))
    }
    let document = JSONValue.object([
      .init("mode", .string(writes ? "write" : "check")),
      .init("files", .array(files)),
      .init(
        "summary",
        .object([
          .init("changed", .number(String(counts.changed))),
          .init("unchanged", .number(String(counts.unchanged))),
          .init("failed", .number(String(counts.failed))),
        ])),
    ])
    return document.withTool().serialized() + "\n"
  }

  private func error(_ diagnostic: Diagnostic, _ source: SourceFile?) -> JSONValue {
    var members: [JSONValue.Member] = [
      .init("code", .string(diagnostic.id.code)), .init("name", .string(diagnostic.id.name)),
      .init("message", .string(diagnostic.message)),
    ]
    if let source {
      let location = source.lineIndex.location(of: diagnostic.range.start)
      members.append(.init("line", .number(String(location.line))))
      members.append(.init("column", .number(String(location.column))))
    }
    return .object(members)
  }
}
