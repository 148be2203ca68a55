import RulesSyntax

/// Renders `rulescheck dump-ast --format json`: the tree's dump lines and the syntax
/// diagnostics, shaped like the lint document's diagnostics.
public struct ASTJSONRenderer: Sendable {
  public var layout: JSONValue.Layout

  public init(layout: JSONValue.Layout = .pretty) {
    self.layout = layout
  }

  struct Document: Encodable {
    var version = LintJSONDocument.formatVersion
    var path: String
    /// One line of ``ASTDump`` per element; indentation (two spaces a level) is kept.
    var ast: [String]
    var diagnostics: [LintJSONDocument.DiagnosticEntry]
  }

  public func render(_ file: RulesFile, includeRanges: Bool) -> String {
    let lines = ASTDump.render(file, includeRanges: includeRanges).split(separator: "\n").map(String.init)
    let document = Document(
      path: file.source.path, ast: lines,
      diagnostics: file.diagnostics.sortedBySource().map { .init($0, in: file.source) })
    do {
      return try JSONValueEncoder().encode(document).withTool().serialized(layout) + "\n"
    } catch {
      return "{\"error\": \"\(error)\"}\n"
    }
  }
}
