import RulesEvaluator
import RulesSyntax

/// Collects the objects of Cloud Storage JSON API `objects.list` pages
/// (`{"kind": "storage#objects", "items": [...], "prefixes": [...], "nextPageToken": ...}`).
///
/// Items keep the metadata Firebase exposes (`size`, `generation` and `metageneration` as the
/// API's strings or as numbers, `contentType`, `timeCreated`, `metadata`, …); the API's other
/// fields (`kind`, `id`, `selfLink`, `acl`, …) are skipped. Items with a `timeDeleted` or
/// `softDeleteTime` are noncurrent or soft-deleted versions, which a Firebase list never
/// shows, and are left out. Each prefix (`folder/`) becomes a folder placeholder object: it
/// proves the folder exists and never replaces an item of the same name.
struct ObjectsListPageReader {
  /// The members a page may have.
  static let pageKeys = ["kind", "items", "prefixes", "nextPageToken"]

  let bytes: [UInt8]
  private var folders: [BucketListing.Object] = []
  private var items: [BucketListing.Object] = []
  /// The bucket items name, and the byte offset of the first item naming it.
  private var bucket: (name: String, offset: Int)?

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// Whether `value` is a page rather than a name or a metadata object.
  static func isPage(_ value: JSONInput) -> Bool {
    value["kind"] == .string("storage#objects") || value["items"] != nil || value["prefixes"] != nil
  }

  /// Every object read so far, items winning over placeholders of the same name.
  func listing() -> BucketListing {
    BucketListing(unsorted: folders + items, bucket: bucket?.name)
  }

  /// Reads the page that starts at byte `offset`.
  mutating func read(_ page: JSONInput, at offset: Int) throws(ListingError) {
    guard case .object(let members) = page else {
      throw failure(at: offset, "an objects.list page must be a JSON object, not \(page.kindName)")
    }
    let bytes = self.bytes  // the position closures below must not capture `self`
    for (key, value) in members {
      // Found only when needed: scanning to a member costs as much as the page.
      let position = { JSONPositions.member(key, ofObjectAt: offset, in: bytes) ?? offset }
      switch (key, value) {
      case ("kind", .string("storage#objects")), ("nextPageToken", .string), ("nextPageToken", .null):
        break
      case ("kind", _):
        throw failure(at: position(), "\"kind\" of an objects.list page must be \"storage#objects\"")
      case ("nextPageToken", _):
        throw failure(at: position(), "\"nextPageToken\" must be a string")
      case ("prefixes", .array(let prefixes)):
        for (index, prefix) in prefixes.enumerated() {
          try readPrefix(prefix, at: { JSONPositions.element(index, ofArrayAt: position(), in: bytes) })
        }
      case ("items", .array(let items)):
        let ranges = JSONPositions.elementRanges(ofArrayAt: position(), count: items.count, in: bytes)
        for (item, range) in zip(items, ranges) { try readItem(item, at: range) }
      case ("prefixes", _), ("items", _):
        throw failure(at: position(), "\"\(key)\" must be an array")
      default:
        throw failure(
          at: position(),
          "unknown member \"\(key)\" in an objects.list page; expected \(Self.pageKeys.joined(separator: ", "))"
        )
      }
    }
  }

  private mutating func readPrefix(_ prefix: JSONInput, at offset: () -> Int) throws(ListingError) {
    guard case .string(let name) = prefix else {
      throw failure(at: offset(), "a prefix must be a string, not \(prefix.kindName)")
    }
    if let issue = PathIssue.firstError(name) { throw failure(at: offset(), issue.message) }
    guard name.utf8.last == UInt8(ascii: "/") else {
      throw failure(
        at: offset(),
        "prefix '\(name)' does not end with '/'; export the pages with the delimiter '/' or without one")
    }
    folders.append(BucketListing.Object(name: ObjectName(name)))
  }

  /// Reads the item that fills `range` of the bytes.
  private mutating func readItem(_ item: JSONInput, at range: Range<Int>) throws(ListingError) {
    let offset = range.lowerBound
    guard case .object(let members) = item else {
      throw failure(at: offset, "an item must be an object with a \"name\", not \(item.kindName)")
    }
    let bytes = self.bytes
    func position(of key: String) -> Int {
      JSONPositions.member(key, ofObjectAt: offset, in: bytes) ?? offset
    }
    guard case .string(let name)? = item["name"] else {
      throw failure(at: offset, "an item needs a \"name\" string")
    }
    if let issue = PathIssue.firstError(name) { throw failure(at: position(of: "name"), issue.message) }
    switch item["bucket"] {
    case nil, .null?: break
    case .string(let named)?: try note(named, at: position(of: "bucket"))
    default: throw failure(at: position(of: "bucket"), "\"bucket\" must be a string")
    }
    for key in ["timeDeleted", "softDeleteTime"] where item[key] != nil && item[key] != .null { return }
    let objectName = ObjectName(name, literalAt: position(of: "name"), in: bytes)
    do {
      let metadata = try Self.metadata(members)
      // Kept as written when there is any, and made a map again when read
      // (``BucketListing/ListedFields``).
      if !metadata.isEmpty, let listed = BucketListing.ListedFields.json(bytes, range, reader: .pageItem) {
        items.append(BucketListing.Object(name: objectName, listed: .listed(listed)))
      } else {
        items.append(BucketListing.Object(name: objectName, metadata: metadata))
      }
    } catch {
      // Name the member at fault: the first one that fails on its own.
      var culprit = offset
      for field in Self.firebaseFields(members)
      where (try? RequestInput.metadata(.object([field]), field: "item")) == nil {
        culprit = position(of: field.key)
        break
      }
      throw failure(at: culprit, error.message)
    }
  }

  /// The metadata of an item with `members`: those Firebase shows, but `name` and `bucket`.
  static func metadata(
    _ members: [(key: String, value: JSONInput)]
  ) throws(RequestInputError) -> [String: Value] {
    try RequestInput.metadata(.object(firebaseFields(members)), field: "item")
  }

  private static func firebaseFields(
    _ members: [(key: String, value: JSONInput)]
  ) -> [(key: String, value: JSONInput)] {
    members.filter { $0.key != "name" && $0.key != "bucket" && firebaseKeys.contains($0.key) }
  }

  private static let firebaseKeys = Set(ObjectMetadata.storedKeys)

  private mutating func note(_ named: String, at offset: @autoclosure () -> Int) throws(ListingError) {
    guard let bucket else {
      bucket = (named, offset())
      return
    }
    guard bucket.name.utf8.elementsEqual(named.utf8) else {
      let first = LineIndex(bytes).location(of: bucket.offset)
      throw failure(
        at: offset(),
        "names bucket '\(named)', but line \(first.line) names '\(bucket.name)'; a listing holds one bucket")
    }
  }

  private func failure(at offset: Int, _ message: String) -> ListingError {
    BucketListing.error(at: offset, in: bytes, message)
  }
}
