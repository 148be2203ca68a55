import RulesAudit
import RulesSemantics
import RulesSyntax

/// Renders an audit or a diff as GitHub-flavoured Markdown for a pull-request comment:
/// statements as a list, then per pattern the table in a collapsed `<details>` block.
public struct AuditMarkdownRenderer: Sendable {
  public init() {}

  public func render(_ matrix: AccessMatrix, source: SourceFile) -> String {
    let statements = matrix.statements()
    var lines = ["### Access audit of `\(source.path)`", ""]
    for statement in statements {
      lines.append("- " + AuditSentences.text(statement) + grantLine(statement.grant, source: source))
    }
    if matrix.budgetExhausted {
      lines.append("")
      lines.append(
        "> **Note:** audit budget exhausted after \(matrix.decisions) decisions; some cells were not probed.")
    }
    lines += ["", "<details><summary>Access matrix</summary>", ""]
    for (index, pattern) in matrix.patterns.enumerated() {
      lines.append("**`\(pattern.probe.pattern.isEmpty ? "/" : pattern.probe.pattern)`**")
      lines.append("")
      lines.append("| identity | " + AccessMatrix.methods.map(\.rawValue).joined(separator: " | ") + " |")
      lines.append("| --- |" + String(repeating: " :-: |", count: AccessMatrix.methods.count))
      for identity in matrix.identities {
        let cells = AccessMatrix.methods.map { method in
          matrix.cell(pattern: index, identity: identity, method: method).map(AuditTextRenderer.symbol) ?? ""
        }
        lines.append("| \(identity.label) | " + cells.joined(separator: " | ") + " |")
      }
      lines.append("")
    }
    lines.append("</details>")
    return lines.joined(separator: "\n") + "\n"
  }

  public func render(_ diff: AccessDiff, old: SourceFile, new: SourceFile) -> String {
    var lines = ["### Access changes from `\(old.path)` to `\(new.path)`", ""]
    if diff.changes.isEmpty { lines.append("No change in access.") }
    let widened = diff.changes.filter { $0.direction == .widened }
    let narrowed = diff.changes.filter { $0.direction == .narrowed }
    if !widened.isEmpty {
      lines.append("**Widens access** (review needed):")
      lines.append("")
      for change in widened {
        lines.append("- " + AuditSentences.text(change) + grantLine(change.grant, source: new))
      }
      lines.append("")
    }
    if !narrowed.isEmpty {
      lines.append("**Narrows access:**")
      lines.append("")
      for change in narrowed {
        lines.append("- " + AuditSentences.text(change) + grantLine(change.grant, source: old))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private func grantLine(_ grant: SourceRange?, source: SourceFile) -> String {
    guard let grant else { return "" }
    return " (line \(source.lineIndex.location(of: grant.start).line))"
  }
}
