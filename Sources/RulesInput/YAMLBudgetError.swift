/// A YAML document past a ``YAMLBudget`` limit: where (1-based line and column, columns in
/// Unicode scalars, as libyaml counts them) and which limit.
public struct YAMLBudgetError: Error, Sendable, Hashable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  /// Names the limit and its value.
  public var message: String

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `line:column: message`.
  public var description: String { "\(line):\(column): \(message)" }
}
