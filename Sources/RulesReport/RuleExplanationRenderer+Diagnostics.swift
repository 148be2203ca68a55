import RulesLint
import RulesSyntax

/// `rulescheck explain RSxxx`: a parser or semantic diagnostic's documentation.
extension RuleExplanationRenderer {
  struct DiagnosticDocument: Encodable {
    var code: String
    var name: String
    /// `parser` or `semantic analysis`.
    var producer: String
    var severity: String
    var blocksDeploy: Bool
    var summary: String
    var rationale: String
    var fix: String
    var fixReason: String?
    /// Absent when no short snippet shows it; then `noExample` says why.
    var example: DiagnosticExample?
    var noExample: String?
  }

  struct DiagnosticExample: Encodable {
    /// `fragment` (inside `match /b/{bucket}/o` of a version 2 file) or `file`.
    var kind: String
    var code: String
    var reported: [String]
  }

  public func json(_ documentation: DiagnosticDocumentation) -> String {
    let example = documentation.example
    var shown: DiagnosticExample?
    var noExample: String?
    switch example {
    case .fragment:
      shown = DiagnosticExample(
        kind: "fragment", code: example.displayText ?? "", reported: example.reportedTexts)
    case .file:
      shown = DiagnosticExample(
        kind: "file", code: example.displayText ?? "", reported: example.reportedTexts)
    case .unavailable(let reason):
      noExample = reason
    }
    let document = DiagnosticDocument(
      code: documentation.code, name: documentation.name,
      producer: AnalyzerDocumentation.producer(of: documentation.id),
      severity: documentation.id.defaultSeverity.rawValue, blocksDeploy: documentation.id.blocksDeploy,
      summary: documentation.summary, rationale: documentation.rationale, fix: documentation.fix.label,
      fixReason: documentation.fix.reason,
      example: shown, noExample: noExample)
    let value = (try? JSONValueEncoder().encode(document)) ?? .object([])
    return value.serialized() + "\n"
  }

  public func text(_ documentation: DiagnosticDocumentation) -> String {
    let id = documentation.id
    var lines: [String] = []
    lines.append(
      style.bold("\(id.code)/\(id.name)") + "  \(AnalyzerDocumentation.producer(of: id)), "
        + "\(id.defaultSeverity.rawValue)\(documentation.fix.isFixable ? ", \(documentation.fix.label) fix" : "")"
    )
    lines.append(documentation.summary)
    lines.append("")
    lines += Self.wrap(documentation.rationale)
    lines.append("")
    lines += Self.wrap("Blocks deploy: " + RuleDocumentation.deploySentence(id))
    if let sentence = RuleDocumentation.fixSentence(documentation.fix) {
      lines.append("")
      lines += Self.wrap("Fix: " + sentence)
    }
    lines.append("")
    switch documentation.example {
    case .fragment, .file:
      let place = RuleDocumentation.examplePlace(documentation.example)
      lines.append(style.severity(.error, "Example\(place):"))
      lines += (documentation.example.displayText ?? "").split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .map { "    " + $0 }
      lines.append("  reported: " + documentation.example.reportedTexts.joined(separator: ", "))
    case .unavailable(let reason):
      lines += Self.wrap("No example: \(reason).")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
