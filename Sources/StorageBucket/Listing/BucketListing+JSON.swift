import RulesEvaluator
import RulesSyntax

extension BucketListing {
  /// A JSON listing: `objects.list` pages (see ``parsePages(_:from:)``), or an array of names
  /// or of metadata objects with a `name` (and optionally `bucket`).
  static func parseJSON(_ bytes: [UInt8]) throws(ListingError) -> BucketListing {
    var start = 0
    JSONPositions.skipSpace(bytes, &start)
    if start < bytes.count, bytes[start] == UInt8(ascii: "{") { return try parsePages(bytes, from: start) }
    // An array is read element by element, each turned into an object as it is read, so the
    // document's values are never all held at once (a million objects' values take hundreds
    // of MB). As when the whole document is parsed first, malformed JSON anywhere is the
    // error; else the first element in order that is not an object.
    var objects: [Object] = []
    var bucket: (name: String, offset: Int)?
    var pages: ObjectsListPageReader?
    var failure: ListingError?
    let isArray: Bool
    do throws(JSONInputError) {
      isArray = try JSONInputParser.forEachElement(bytes: bytes[start...]) { element, relative in
        guard failure == nil else { return }
        let offset = start + relative.lowerBound
        if objects.isEmpty, pages == nil, ObjectsListPageReader.isPage(element) {
          pages = ObjectsListPageReader(bytes: bytes)
        }
        if pages != nil {
          do throws(ListingError) { try pages?.read(element, at: offset) } catch { failure = error }
          return
        }
        do throws(RequestInputError) {
          let (object, named) = try Self.object(
            element, at: offset..<(start + relative.upperBound), in: bytes)
          if let named {
            if let bucket, !bucket.name.utf8.elementsEqual(named.utf8) {
              let first = LineIndex(bytes).location(of: bucket.offset)
              failure = Self.error(
                at: offset, in: bytes,
                "names bucket '\(named)', but line \(first.line) names '\(bucket.name)'; a listing holds one bucket"
              )
              return
            }
            if bucket == nil { bucket = (named, offset) }
          }
          objects.append(object)
        } catch {
          failure = Self.error(at: offset, in: bytes, error.message)
        }
      }
    } catch {
      throw jsonError(error, from: start, in: bytes)
    }
    guard isArray else {
      _ = try parseJSONValue(bytes, start..<bytes.count)
      throw error(
        at: start, in: bytes,
        "a JSON listing must be an array of object names or of metadata objects with a \"name\", "
          + "or objects.list pages")
    }
    if let failure { throw failure }
    if let pages { return pages.listing() }
    // Taken out of the variable the closure shared, so the listing sorts the only copy.
    let all = objects
    objects = []
    return BucketListing(unsorted: consume all, bucket: bucket?.name)
  }

  /// The JSON value filling `range` of `bytes`; a malformed one is an error at its line and
  /// column in the whole file.
  static func parseJSONValue(_ bytes: [UInt8], _ range: Range<Int>) throws(ListingError) -> JSONInput {
    do {
      return try JSONInputParser.parse(bytes: bytes[range])
    } catch {
      throw jsonError(error, from: range.lowerBound, in: bytes)
    }
  }

  /// `error`, of JSON parsed from byte `start` of `bytes`, at its line and column in the whole file.
  static func jsonError(_ error: JSONInputError, from start: Int, in bytes: [UInt8]) -> ListingError {
    let origin = LineIndex(bytes).location(of: start)
    let column = error.line == 1 ? origin.column + error.column - 1 : error.column
    return ListingError(
      line: origin.line + error.line - 1, column: column, message: "malformed JSON: \(error.message)")
  }

  /// A ``ListingError`` at byte `offset` of `bytes`.
  static func error(at offset: Int, in bytes: [UInt8], _ message: String) -> ListingError {
    let location = LineIndex(bytes).location(of: offset)
    return ListingError(line: location.line, column: location.column, message: message)
  }

  /// The metadata of a JSON listing's metadata object: its members but `name` and `bucket`.
  static func jsonMetadata(_ element: JSONInput) throws(RequestInputError) -> [String: Value] {
    guard case .object(let members) = element else { return [:] }
    let fields = members.filter { $0.key != "name" && $0.key != "bucket" }
    return try RequestInput.metadata(.object(fields), field: "object")
  }

  /// One element, at `range` of `bytes`: a name, or `{"name": ..., "bucket"?: ..., metadata
  /// fields...}`.
  private static func object(
    _ element: JSONInput, at range: Range<Int>, in bytes: [UInt8]
  ) throws(RequestInputError) -> (Object, bucket: String?) {
    switch element {
    case .string(let name):
      try check(name)
      return (Object(name: ObjectName(name, literalAt: range.lowerBound, in: bytes)), nil)
    case .object:
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
      let metadata = try jsonMetadata(element)
      let objectName = ObjectName(
        name,
        literalAt: JSONPositions.member("name", ofObjectAt: range.lowerBound, in: bytes) ?? range.upperBound,
        in: bytes)
      // Kept as written when there is any, and made a map again when read (``ListedFields``).
      guard !metadata.isEmpty, let listed = ListedFields.json(bytes, range, reader: .arrayElement) else {
        return (Object(name: objectName, metadata: metadata), bucket)
      }
      return (Object(name: objectName, listed: .listed(listed)), bucket)
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
