import RulesAudit
import RulesSemantics
import RulesSyntax

/// Renders an audit for a terminal: a headline, then per pattern a compact table (rows:
/// identities; columns: get list create update delete) followed by its statements, each with
/// the line of the `allow` that grants.
///
/// Cells: `yes` every probe allowed, `some` some were (the statement says which), `-` none,
/// `?` appended when the answer depends on what a probe cannot know, `..` not probed.
public struct AuditTextRenderer: Sendable {
  public var style: TextStyle

  public init(style: TextStyle = TextStyle(colored: false)) {
    self.style = style
  }

  /// The audit of the rules in `source`.
  public func render(_ matrix: AccessMatrix, source: SourceFile) -> String {
    let statements = matrix.statements()
    var lines: [String] = [headline(matrix, source: source)]
    for statement in statements where statement.pattern.isEmpty {
      lines.append(AuditSentences.text(statement))
    }
    let byPattern = Dictionary(grouping: statements.filter { !$0.pattern.isEmpty }, by: \.pattern)
    var shown: Set<String> = []
    let width = max(14, matrix.identities.map(\.label.count).max() ?? 0) + 2
    for (index, pattern) in matrix.patterns.enumerated() {
      lines.append("")
      let line = pattern.range.map { " (line \(source.lineIndex.location(of: $0.start).line))" } ?? ""
      lines.append(style.bold(pattern.probe.pattern.isEmpty ? "/" : pattern.probe.pattern) + line)
      lines.append(
        "  " + pad("", width) + AccessMatrix.methods.map { pad($0.rawValue, 7) }.joined().trimmedTrailing)
      for identity in matrix.identities {
        let row = AccessMatrix.methods.map { method in
          pad(matrix.cell(pattern: index, identity: identity, method: method).map(Self.symbol) ?? "", 7)
        }
        lines.append(("  " + pad(identity.label, width) + row.joined()).trimmedTrailing)
      }
      // Two blocks in different buckets can share a pattern's text; its statements show once.
      for statement in shown.insert(pattern.probe.pattern).inserted
        ? byPattern[pattern.probe.pattern] ?? [] : []
      {
        lines.append("  - " + AuditSentences.text(statement) + grantLine(statement, source: source))
      }
    }
    if matrix.budgetExhausted {
      lines.append("")
      lines.append(
        "note: audit budget exhausted after \(matrix.decisions) decisions; cells shown `..` were not probed")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `audit of storage.rules (rules_version 2): 3 patterns, 4 identities, 812 decisions`.
  func headline(_ matrix: AccessMatrix, source: SourceFile) -> String {
    let version = matrix.rulesVersion == .v1 ? 1 : 2
    let patterns = matrix.patterns.count == 1 ? "1 pattern" : "\(matrix.patterns.count) patterns"
    return style.bold("audit of \(source.path)")
      + " (rules_version \(version)): \(patterns), \(matrix.identities.count) identities, "
      + "\(matrix.decisions) decisions"
  }

  /// ` (line 7)` for a granting statement.
  func grantLine(_ statement: AccessStatement, source: SourceFile) -> String {
    guard let grant = statement.grant else { return "" }
    return " (line \(source.lineIndex.location(of: grant.start).line))"
  }

  /// The table symbol of a cell.
  static func symbol(_ cell: AccessCell) -> String {
    let base: String
    switch cell.access {
    case .always: base = "yes"
    case .sometimes: base = "some"
    case .never: base = "-"
    case .notProbed: return ".."
    }
    return cell.unknowns.isEmpty ? base : base + "?"
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  /// The changes of a diff: one line each, widening first, or a line saying nothing changed.
  public func render(_ diff: AccessDiff, old: SourceFile, new: SourceFile) -> String {
    var lines = [style.bold("access changes from \(old.path) to \(new.path)") + ":"]
    let ordered =
      diff.changes.filter { $0.direction == .widened } + diff.changes.filter { $0.direction == .narrowed }
    if ordered.isEmpty { lines.append("  no change in access") }
    for change in ordered {
      let file = change.direction == .widened ? new : old
      let line =
        change.grant.map { " (\(file.path) line \(file.lineIndex.location(of: $0.start).line))" } ?? ""
      let mark = change.direction == .widened ? "+" : "-"
      lines.append("  \(mark) " + AuditSentences.text(change) + line)
    }
    if diff.old.budgetExhausted || diff.new.budgetExhausted {
      lines.append("note: audit budget exhausted; cells not probed are left out of the comparison")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The text without trailing spaces.
  fileprivate var trimmedTrailing: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
