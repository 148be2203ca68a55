import RulesEvaluator

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

extension BucketListing {
  /// Marks, in a name range, a folder placeholder that only proves a folder exists (a
  /// long-listing folder row): it never replaces an object of the same name.
  static let placeholderFlag: UInt64 = 0x8000
  private static let lengthMask: UInt64 = 0x7FFF

  /// The names at `ranges` of `bytes` (each `start << 16 | flags | length`), sorted and made
  /// unique, with the metadata of some names (by name start, in increasing order of start): the
  /// fast path for large text listings, which sorts plain integers instead of arrays. Of equal
  /// names the later wins, as in ``init(unsorted:bucket:)``, except that a placeholder loses to
  /// any object.
  init(
    names ranges: inout [UInt64], in bytes: [UInt8], bucket: String?,
    metadata: [(start: Int, listed: ListedMetadata)] = []
  ) {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      func order(_ left: UInt64, _ right: UInt64) -> Int {
        let (leftCount, rightCount) = (Int(left & Self.lengthMask), Int(right & Self.lengthMask))
        let common = min(leftCount, rightCount)
        if common > 0 {
          let result = memcmp(base + Int(left >> 16), base + Int(right >> 16), common)
          if result != 0 { return Int(result) }
        }
        return leftCount - rightCount
      }
      var isSorted = true
      for index in ranges.indices.dropFirst() where order(ranges[index - 1], ranges[index]) >= 0 {
        isSorted = false
        break
      }
      // Equal names tie by position, so the later one ends last.
      if !isSorted {
        ranges.sort {
          let result = order($0, $1); return result != 0 ? result < 0 : $0 < $1
        }
      }
      var unique: [UInt64] = []
      unique.reserveCapacity(ranges.count)
      var index = 0
      while index < ranges.count {
        var end = index + 1
        while end < ranges.count, order(ranges[index], ranges[end]) == 0 { end += 1 }
        if end == index + 1 {
          unique.append(ranges[index])
        } else {
          unique.append(ranges[index..<end].last { $0 & Self.placeholderFlag == 0 } ?? ranges[end - 1])
        }
        index = end
      }
      ranges = unique
    }
    self.init()
    self.bucket = bucket
    // The names, in order, in one buffer they share: one allocation, not one per name.
    var names: [UInt8] = []
    names.reserveCapacity(ranges.reduce(0) { $0 + Int($1 & Self.lengthMask) })
    for range in ranges {
      let start = Int(range >> 16)
      names += bytes[start..<start + Int(range & Self.lengthMask)]
    }
    var offset = 0
    var objects: [Object] = []
    objects.reserveCapacity(ranges.count)
    for range in ranges {
      let (start, count) = (Int(range >> 16), Int(range & Self.lengthMask))
      let name = ObjectName(in: names, offset..<offset + count)
      objects.append(
        Object(name: name, listed: metadata.isEmpty ? nil : Self.listed(at: start, in: metadata)))
      offset += count
    }
    self.objects = objects
  }

  /// What was recorded for the name at `start`, found by binary search.
  private static func listed(
    at start: Int, in metadata: [(start: Int, listed: ListedMetadata)]
  ) -> ListedMetadata? {
    var low = 0
    var high = metadata.count
    while low < high {
      let middle = low + (high - low) / 2
      if metadata[middle].start < start { low = middle + 1 } else { high = middle }
    }
    return low < metadata.count && metadata[low].start == start ? metadata[low].listed : nil
  }
}
