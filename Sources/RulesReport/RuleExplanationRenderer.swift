import RulesLint

/// Renders one rule for `rulescheck explain`: summary, rationale, examples and limitations,
/// as text for a terminal or as JSON.
public struct RuleExplanationRenderer: Sendable {
  public var style: TextStyle

  public init(style: TextStyle = TextStyle(colored: false)) {
    self.style = style
  }

  struct Document: Encodable {
    var code: String
    var name: String
    var category: String
    var severity: String
    var summary: String
    var fixable: Bool
    /// `none`, `safe`, `unsafe` or `sometimes`, and why (absent for `none`).
    var fix: String
    var fixReason: String?
    var rationale: String
    var examples: [Example]
    var limitations: String
  }

  struct Example: Encodable {
    var kind: String
    var code: String
    var reported: [String]?
    var fixed: String?
    var rulesVersion: Int
  }

  public func json(_ descriptor: RuleDescriptor) -> String {
    let document = Document(
      code: descriptor.code, name: descriptor.name, category: descriptor.category.rawValue,
      severity: descriptor.defaultSeverity.rawValue, summary: descriptor.summary,
      fixable: descriptor.isFixable, fix: descriptor.fix.label, fixReason: descriptor.fix.reason,
      rationale: descriptor.rationale,
      examples: descriptor.examples.map { example in
        Example(
          kind: example.kind.rawValue, code: example.displayText,
          reported: example.kind == .fails ? RuleDocumentation.reportedTexts(example) : nil,
          fixed: example.fixed,
          rulesVersion: example.isCompleteFile
            ? (example.code.contains("rules_version = '2'") ? 2 : 1) : example.version.rawValue)
      },
      limitations: descriptor.limitations)
    let value = (try? JSONValueEncoder().encode(document)) ?? .object([])
    return value.withTool().serialized() + "\n"
  }

  public func text(_ descriptor: RuleDescriptor) -> String {
    var lines: [String] = []
    lines.append(
      style.bold("\(descriptor.code)/\(descriptor.name)") + "  \(descriptor.category.rawValue), "
        + "\(descriptor.defaultSeverity.rawValue)\(descriptor.isFixable ? ", \(descriptor.fix.label) fix" : "")"
    )
    lines.append(descriptor.summary)
    lines.append("")
    lines += Self.wrap(descriptor.rationale)
    if let sentence = RuleDocumentation.fixSentence(descriptor.fix) {
      lines.append("")
      lines += Self.wrap("Fix: " + sentence)
    }
    for example in descriptor.examples {
      lines.append("")
      let version = example.version == .v1 && !example.isCompleteFile ? " (version 1)" : ""
      lines.append(
        example.kind == .fails
          ? style.severity(.error, "Fails\(version):") : style.severity(.note, "Passes\(version):"))
      lines += example.displayText.split(separator: "\n", omittingEmptySubsequences: false).map {
        "    " + $0
      }
      if example.kind == .fails {
        let reported = RuleDocumentation.reportedTexts(example)
        if !reported.isEmpty { lines.append("  reported: " + reported.joined(separator: ", ")) }
      }
      if let fixed = example.fixed {
        lines.append("  after --fix:")
        lines += fixed.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
      }
    }
    lines.append("")
    lines.append(style.bold("Limitations:"))
    lines += Self.wrap(descriptor.limitations)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` with each paragraph line wrapped at `width` columns.
  static func wrap(_ text: String, width: Int = 96) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let indent = paragraph.hasPrefix("- ") ? "  " : ""
      var line = ""
      for word in paragraph.split(separator: " ") {
        if !line.isEmpty && line.count + 1 + word.count > width {
          lines.append(line)
          line = indent + word
        } else {
          line += (line.isEmpty ? "" : " ") + word
        }
      }
      lines.append(line)
    }
    return lines
  }
}
