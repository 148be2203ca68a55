import RulesLint

/// Renders the lint catalogue for `rulescheck rules`: an aligned table, or the JSON document
/// of `cli.md` (`{"rules": [{"code", "name", "category", "severity", "summary", "fixable"}]}`),
/// plus `fix` (`none`, `safe`, `unsafe` or `sometimes`), `enabled` and `blocksDeploy`.
///
/// `enabled` is whether the rule runs by default; configuration files are not read, since
/// each linted file may have its own.
public struct RuleListRenderer: Sendable {
  public init() {}

  struct Document: Encodable {
    var rules: [Entry]
  }

  struct Entry: Encodable {
    var code: String
    var name: String
    var category: String
    var severity: String
    var summary: String
    var fixable: Bool
    var fix: String
    /// Whether the rule runs unless configuration turns it off.
    var enabled: Bool
    var blocksDeploy: Bool
  }

  public func json(_ catalogue: RuleCatalogue) -> String {
    let document = Document(
      rules: catalogue.descriptors.map { descriptor in
        Entry(
          code: descriptor.code, name: descriptor.name, category: descriptor.category.rawValue,
          severity: descriptor.defaultSeverity.rawValue, summary: descriptor.summary,
          fixable: descriptor.isFixable, fix: descriptor.fix.label,
          enabled: descriptor.isEnabledByDefault, blocksDeploy: descriptor.blocksDeploy)
      })
    let value = (try? JSONValueEncoder().encode(document)) ?? .object([])
    return value.withTool().serialized() + "\n"
  }

  public func text(_ catalogue: RuleCatalogue) -> String {
    let header = ["CODE", "NAME", "CATEGORY", "SEVERITY", "FIX", "DEFAULT", "SUMMARY"]
    let rows =
      [header]
      + catalogue.descriptors.map { descriptor in
        [
          descriptor.code, descriptor.name, descriptor.category.rawValue, descriptor.defaultSeverity.rawValue,
          descriptor.isFixable ? descriptor.fix.label : "", descriptor.isEnabledByDefault ? "on" : "off",
          descriptor.summary,
        ]
      }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }
}
