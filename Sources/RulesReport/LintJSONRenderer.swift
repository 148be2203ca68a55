import RulesLint

/// Renders a lint report as the `--format json` document of `cli.md`.
///
/// Keys follow the contract's order; the output is one document ending in a newline, and the
/// same report always gives the same bytes.
public struct LintJSONRenderer: Sendable {
  public var layout: JSONValue.Layout

  public init(layout: JSONValue.Layout = .pretty) {
    self.layout = layout
  }

  public func render(_ report: LintReport) -> String {
    document(report).serialized(layout) + "\n"
  }

  /// The report as a JSON tree, for embedding or inspection; its last member is `tool`.
  public func document(_ report: LintReport) -> JSONValue {
    do {
      return try JSONValueEncoder().encode(LintJSONDocument(report)).withTool()
    } catch {
      // Only non-finite numbers fail to encode, and the document holds integers only.
      return .object([JSONValue.Member("error", .string("\(error)"))])
    }
  }
}
