/// Why a bucket listing could not be read: the 1-based line (and, for JSON, column, counting
/// Unicode scalars) and what is wrong there.
public struct ListingError: Error, Sendable, Hashable, CustomStringConvertible {
  public var line: Int
  public var column: Int?
  public var message: String

  public init(line: Int, column: Int? = nil, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `line:column: message`, or `line: message` without a column.
  public var description: String {
    column.map { "\(line):\($0): \(message)" } ?? "\(line): \(message)"
  }
}

/// How a listing file is written.
public enum ListingFormat: String, Sendable, CaseIterable {
  /// One object name per line, or `gs://bucket/name` lines.
  case text
  /// A JSON array of names, or of metadata objects with a `name`.
  case json
  /// JSON when the first character that is not white space is `[`, else text.
  case automatic
}

/// The one bucket a listing may name, and where it first named it.
struct ListingBucket {
  var name: String?
  var line = 0

  mutating func note(_ bucket: String, line: Int, column: Int? = nil) throws(ListingError) {
    guard let name else {
      self.name = bucket
      self.line = line
      return
    }
    guard name.utf8.elementsEqual(bucket.utf8) else {
      throw ListingError(
        line: line, column: column,
        message: "names bucket '\(bucket)', but line \(self.line) names '\(name)'; a listing holds one bucket"
      )
    }
  }
}
