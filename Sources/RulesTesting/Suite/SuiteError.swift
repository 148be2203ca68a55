/// A position in a suite file: 1-based line and column (columns count Unicode scalars).
public struct SuiteLocation: Sendable, Hashable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column)" }
}

/// Why suites could not be loaded or run (exit status 2): a problem in a suite file, naming
/// the file and, where known, the line and column, or in what a suite points to.
public struct SuiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file the problem is in, as given.
  public var file: String
  public var location: SuiteLocation?
  public var message: String

  public init(file: String, location: SuiteLocation? = nil, message: String) {
    self.file = file
    self.location = location
    self.message = message
  }

  /// `file:line:column: message`.
  public var description: String {
    location.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
  }
}
