import RulesLint
import RulesSyntax

/// The documentation of a lint rule (`RC…`) or a parser or semantic diagnostic (`RS…`) as
/// Markdown, for hover on a diagnostic: heading, summary, why, fix safety, whether it stops a
/// deploy, and a link to its section of `docs/rules.md`.
public enum RuleHelp {
  /// The relative link to a code's section: `docs/rules.md#rc301-allow-if-true`, the anchor
  /// `docs/rules.md`'s own tables use.
  public static func link(code: String, name: String) -> String {
    "docs/rules.md#\(code.lowercased())-\(name.lowercased())"
  }

  /// The Markdown for `code` (`RC301`, `RS204`, any case, or a rule's name), or nil when no
  /// rule or diagnostic has it.
  public static func markdown(forCode code: String) -> String? {
    if let descriptor = RuleCatalogue.standard.descriptor(code) {
      return render(
        code: descriptor.code, name: descriptor.name, severity: descriptor.defaultSeverity,
        summary: descriptor.summary, rationale: descriptor.rationale, fix: descriptor.fix,
        blocksDeploy: descriptor.blocksDeploy, limitations: descriptor.limitations)
    }
    if let documentation = AnalyzerDocumentation.documentation(code) {
      return render(
        code: documentation.code, name: documentation.name, severity: documentation.id.defaultSeverity,
        summary: documentation.summary, rationale: documentation.rationale, fix: documentation.fix,
        blocksDeploy: documentation.id.blocksDeploy, limitations: "")
    }
    return nil
  }

  private static func render(
    code: String, name: String, severity: Severity, summary: String, rationale: String, fix: FixSafety,
    blocksDeploy: Bool, limitations: String
  ) -> String {
    var output = "**\(code) \(name)** · default severity: \(severity.rawValue)"
    output += blocksDeploy ? " · Firebase refuses to deploy a file with this\n\n" : "\n\n"
    output += summary.prefix(1).uppercased() + summary.dropFirst() + ".\n\n"
    output += rationale.trimmingWhitespace() + "\n\n"
    if let reason = fix.reason { output += "Fix (\(fix.label)): \(reason)\n\n" }
    if !limitations.trimmingWhitespace().isEmpty {
      output += "Limitations: \(limitations.trimmingWhitespace())\n\n"
    }
    output += "[Documentation](\(link(code: code, name: name)))"
    return output
  }
}

extension String {
  /// The string without leading and trailing whitespace and newlines.
  func trimmingWhitespace() -> String {
    let characters = Substring(self).drop { $0.isWhitespace }
    var end = characters.endIndex
    while end > characters.startIndex, characters[characters.index(before: end)].isWhitespace {
      end = characters.index(before: end)
    }
    return String(characters[characters.startIndex..<end])
  }
}
