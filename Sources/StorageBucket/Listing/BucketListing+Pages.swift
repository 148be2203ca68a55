import RulesEvaluator

extension BucketListing {
  /// Cloud Storage JSON API `objects.list` responses written back to back from `start`
  /// (separated by white space or nothing, e.g. one page per line), read as one listing.
  static func parsePages(_ bytes: [UInt8], from start: Int) throws(ListingError) -> BucketListing {
    var reader = ObjectsListPageReader(bytes: bytes)
    var position = start
    while position < bytes.count {
      guard bytes[position] == UInt8(ascii: "{") else {
        throw error(
          at: position, in: bytes,
          "expected another objects.list page (a JSON object starting with '{') or the end of the file")
      }
      let end = JSONPositions.end(ofValueAt: position, in: bytes)
      try reader.read(try parseJSONValue(bytes, position..<end), at: position)
      position = end
      JSONPositions.skipSpace(bytes, &position)
    }
    return reader.listing()
  }
}
