import RulesEvaluator
import RulesSyntax

extension BucketListing {
  /// A JSON array of names, or of metadata objects with a `name` (and optionally `bucket`).
  static func parseJSON(_ bytes: [UInt8]) throws(ListingError) -> BucketListing {
    let document: JSONInput
    do {
      document = try JSONInputParser.parse(bytes: bytes[...])
    } catch {
      throw ListingError(line: error.line, column: error.column, message: "malformed JSON: \(error.message)")
    }
    let lines = LineIndex(bytes)
    func failure(at index: Int?, _ message: String) -> ListingError {
      let offset =
        index.map { JSONArrayScanner.offset(ofElement: $0, in: bytes) }
        ?? bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? 0
      let location = lines.location(of: offset)
      return ListingError(line: location.line, column: location.column, message: message)
    }
    guard case .array(let elements) = document else {
      throw failure(
        at: nil, "a JSON listing must be an array of object names or of metadata objects with a \"name\"")
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
        throw failure(at: index, error.message)
      }
      if let named {
        if let bucket, !bucket.name.utf8.elementsEqual(named.utf8) {
          let first = lines.location(of: JSONArrayScanner.offset(ofElement: bucket.index, in: bytes))
          throw failure(
            at: index,
            "names bucket '\(named)', but line \(first.line) names '\(bucket.name)'; a listing holds one bucket"
          )
        }
        if bucket == nil { bucket = (named, index) }
      }
      objects.append(object)
    }
    return BucketListing(unsorted: objects, bucket: bucket?.name)
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

  private static func check(_ name: String) throws(RequestInputError) {
    if let issue = PathIssue.firstError(name) { throw RequestInputError(issue.message) }
  }
}

/// Finds where the elements of a well-formed top-level JSON array start.
enum JSONArrayScanner {
  /// The byte offset of element `index` of the array `bytes` holds (already known to parse).
  static func offset(ofElement index: Int, in bytes: [UInt8]) -> Int {
    var position = 0
    skipSpace(bytes, &position)
    position += 1  // [
    for _ in 0..<index {
      skipSpace(bytes, &position)
      skipValue(bytes, &position)
      skipSpace(bytes, &position)
      position += 1  // ,
    }
    skipSpace(bytes, &position)
    return min(position, bytes.count)
  }

  private static func skipSpace(_ bytes: [UInt8], _ position: inout Int) {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
  }

  private static func skipValue(_ bytes: [UInt8], _ position: inout Int) {
    var depth = 0
    var inString = false
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      if inString {
        if byte == UInt8(ascii: "\\") {
          position += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { return }
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth <= 0 {
          if depth < 0 { position -= 1 }
          return
        }
      case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
        if depth == 0 {
          position -= 1
          return
        }
      default: break
      }
    }
  }
}
