/// Why a bucket listing could not be read: the 1-based line and column (columns count Unicode
/// scalars) and what is wrong there.
public struct ListingError: Error, Sendable, Hashable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  public var message: String

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `line:column: message`.
  public var description: String { "\(line):\(column): \(message)" }
}

/// The one bucket a listing may name, and the line that first named it.
struct ListingBucket {
  private var bytes: [UInt8]?
  private var line = 0

  /// The bucket, once a line has named one.
  var name: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

  /// Records that `line` names `bucket` (UTF-8) at `column`; a second bucket is an error there.
  mutating func note(
    _ bucket: some Collection<UInt8>, line: Int, column: @autoclosure () -> Int
  ) throws(ListingError) {
    guard let bytes else {
      self.bytes = Array(bucket)
      self.line = line
      return
    }
    guard bytes.elementsEqual(bucket) else {
      let named = String(decoding: Array(bucket), as: UTF8.self)
      throw ListingError(
        line: line, column: column(),
        message:
          "names bucket '\(named)', but line \(self.line) names '\(name ?? "")'; a listing holds one bucket"
      )
    }
  }
}
