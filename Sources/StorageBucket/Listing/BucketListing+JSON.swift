import RulesEvaluator
import RulesSyntax

extension BucketListing {
  /// A JSON listing: `objects.list` pages (see ``parsePages(_:from:)``), or an array of names
  /// or of metadata objects with a `name` (and optionally `bucket`).
  static func parseJSON(_ bytes: [UInt8]) throws(ListingError) -> BucketListing {
    var start = 0
    JSONPositions.skipSpace(bytes, &start)
    if start < bytes.count, bytes[start] == UInt8(ascii: "{") { return try parsePages(bytes, from: start) }
    let document = try parseJSONValue(bytes, start..<bytes.count)
    guard case .array(let elements) = document else {
      throw error(
        at: start, in: bytes,
        "a JSON listing must be an array of object names or of metadata objects with a \"name\", "
          + "or objects.list pages")
    }
    if let first = elements.first, ObjectsListPageReader.isPage(first) {
      return try parsePages(elements, arrayAt: start, in: bytes)
    }
    var objects: [Object] = []
    objects.reserveCapacity(elements.count)
    var bucket: (name: String, index: Int)?
    for (index, element) in elements.enumerated() {
      let object: Object
      let named: String?
      do {
        (object, named) = try Self.object(element)
      } catch {
        throw Self.error(
          at: JSONPositions.element(index, ofArrayAt: start, in: bytes), in: bytes, error.message)
      }
      if let named {
        if let bucket, !bucket.name.utf8.elementsEqual(named.utf8) {
          let first = LineIndex(bytes).location(
            of: JSONPositions.element(bucket.index, ofArrayAt: start, in: bytes))
          throw Self.error(
            at: JSONPositions.element(index, ofArrayAt: start, in: bytes), in: bytes,
            "names bucket '\(named)', but line \(first.line) names '\(bucket.name)'; a listing holds one bucket"
          )
        }
        if bucket == nil { bucket = (named, index) }
      }
      objects.append(object)
    }
    return BucketListing(unsorted: objects, bucket: bucket?.name)
  }

  /// The JSON value filling `range` of `bytes`; a malformed one is an error at its line and
  /// column in the whole file.
  static func parseJSONValue(_ bytes: [UInt8], _ range: Range<Int>) throws(ListingError) -> JSONInput {
    do {
      return try JSONInputParser.parse(bytes: bytes[range])
    } catch {
      let start = LineIndex(bytes).location(of: range.lowerBound)
      let column = error.line == 1 ? start.column + error.column - 1 : error.column
      throw ListingError(
        line: start.line + error.line - 1, column: column, message: "malformed JSON: \(error.message)")
    }
  }

  /// A ``ListingError`` at byte `offset` of `bytes`.
  static func error(at offset: Int, in bytes: [UInt8], _ message: String) -> ListingError {
    let location = LineIndex(bytes).location(of: offset)
    return ListingError(line: location.line, column: location.column, message: message)
  }

  /// One element: a name, or `{"name": ..., "bucket"?: ..., metadata fields...}`.
  private static func object(_ element: JSONInput) throws(RequestInputError) -> (Object, bucket: String?) {
    switch element {
    case .string(let name):
      try check(name)
      return (Object(name: ObjectName(name)), nil)
    case .object(let members):
      guard case .string(let name)? = element["name"] else {
        throw RequestInputError("a metadata object needs a \"name\" string")
      }
      try check(name)
      var bucket: String?
      switch element["bucket"] {
      case nil, .null?: break
      case .string(let named)?: bucket = named
      default: throw RequestInputError("\"bucket\" must be a string")
      }
      let fields = members.filter { $0.key != "name" && $0.key != "bucket" }
      let metadata = try RequestInput.metadata(.object(fields), field: "object")
      return (Object(name: ObjectName(name), metadata: metadata), bucket)
    default:
      throw RequestInputError(
        "an element must be an object name (a string) or a metadata object with a \"name\", not \(element.kindName)"
      )
    }
  }

  static func check(_ name: String) throws(RequestInputError) {
    if let issue = PathIssue.firstError(name) { throw RequestInputError(issue.message) }
  }
}
