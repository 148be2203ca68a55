#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

extension BucketListing {
  /// The names at `ranges` of `bytes` (each `start << 16 | length`), sorted and made unique
  /// (the later of equal names wins, as in ``init(unsorted:bucket:)``): the fast path for large
  /// text listings, which sorts plain integers instead of arrays.
  init(names ranges: inout [UInt64], in bytes: [UInt8], bucket: String?) {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      func order(_ left: UInt64, _ right: UInt64) -> Int {
        let (leftCount, rightCount) = (Int(left & 0xFFFF), Int(right & 0xFFFF))
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
      for (index, range) in ranges.enumerated() {
        if index + 1 < ranges.count, order(range, ranges[index + 1]) == 0 { continue }
        unique.append(range)
      }
      ranges = unique
    }
    self.init()
    self.bucket = bucket
    self.objects = ranges.map { range in
      let start = Int(range >> 16)
      return Object(name: ObjectName(bytes: Array(bytes[start..<start + Int(range & 0xFFFF)])))
    }
  }
}
