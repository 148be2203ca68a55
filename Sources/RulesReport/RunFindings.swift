import RulesSyntax

/// The static findings of a rules file that deploys, shown beside what running it decides
/// (`simulate`, `list`, `test`): the file runs as production runs it, and these say what in it
/// is likely to fail at evaluation (decisions.md §21).
public struct RunFindings: Sendable {
  public let diagnostics: [Diagnostic]
  public let source: SourceFile

  public init(_ diagnostics: [Diagnostic], in source: SourceFile) {
    self.diagnostics = diagnostics
    self.source = source
  }

  /// The findings as the JSON `warnings` array: entries shaped as `lint --format json`'s.
  public var json: JSONValue {
    .array(
      diagnostics.map { diagnostic in
        (try? JSONValueEncoder().encode(LintJSONDocument.DiagnosticEntry(diagnostic, in: source)))
          ?? .string(diagnostic.message)
      })
  }

  /// The findings for standard error, each as `lint` prints it, then one line saying they do not
  /// stop a deploy; empty when there are none.
  public func text(style: TextStyle) -> String {
    guard !diagnostics.isEmpty else { return "" }
    let renderer = LintTextRenderer(style: style)
    let count = diagnostics.count
    return diagnostics.map { renderer.render($0, in: source) }.joined()
      + style.bold(
        "\(source.path): \(count) finding\(count == 1 ? "" : "s") that do\(count == 1 ? "es" : "") not stop "
          + "firebase deploy; the rules run as deployed, and what is wrong fails at evaluation")
      + "\n"
  }
}
