#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// An object name as Cloud Storage keeps it: UTF-8 bytes, compared and ordered byte by byte.
///
/// Never compare names as `String`s: Swift's `==` and `<` use canonical equivalence, so
/// `"e\u{301}"` and `"\u{e9}"` would be one object, where Cloud Storage has two.
///
/// A name is a range of a byte buffer that other names may share: the names of a large listing
/// live in one buffer (``BucketListing/init(names:in:bucket:metadata:)``), not one allocation
/// each, which halves the memory a listing of a million objects takes.
public struct ObjectName: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The buffer that holds the name at `start`, maybe among other names.
  private let storage: [UInt8]
  private let start: UInt32
  /// The name's length, or ``wholeStorage``: a name of its own is all of `storage`, however
  /// long (a Swift caller may build one past 4 GiB; a listing's shared names are far shorter).
  private let length: UInt32
  private static let wholeStorage = UInt32.max

  public init(_ string: String) { self.init(bytes: Array(string.utf8)) }

  /// A name from bytes that the caller knows to be valid UTF-8.
  public init(bytes: [UInt8]) { self.init(storage: bytes, start: 0, length: Self.wholeStorage) }

  private init(storage: [UInt8], start: UInt32, length: UInt32) {
    self.storage = storage
    self.start = start
    self.length = length
  }

  /// `name`, sharing `bytes` when the JSON string literal at `start` of them holds exactly
  /// its UTF-8 (no escapes): a listing's names then cost no allocation each. Else a copy.
  init(_ name: String, literalAt start: Int, in bytes: [UInt8]) {
    if let raw = JSONPositions.unescapedString(at: start, in: bytes), bytes[raw].elementsEqual(name.utf8) {
      self.init(in: bytes, raw)
    } else {
      self.init(name)
    }
  }

  /// The name at `range` of `storage`, sharing it; a copy of those bytes when the range does
  /// not fit 32 bits (listings are far below 4 GiB, ``RulesInput/InputLimits``). `range` is
  /// within `storage`: every caller takes it from the buffer it passes.
  init(in storage: [UInt8], _ range: Range<Int>) {
    guard let start = UInt32(exactly: range.lowerBound), let length = UInt32(exactly: range.count),
      length < Self.wholeStorage
    else {
      self.init(bytes: Array(storage[range]))
      return
    }
    self.init(storage: storage, start: start, length: length)
  }

  /// The name's UTF-8 bytes (a copy when the name shares a buffer).
  public var bytes: [UInt8] {
    length == Self.wholeStorage ? storage : withBytes { Array($0) }
  }

  /// The number of bytes.
  public var count: Int { length == Self.wholeStorage ? storage.count : Int(length) }

  /// Calls `body` with the name's bytes, without copying them.
  public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try storage.withUnsafeBufferPointer { buffer in
      guard length != Self.wholeStorage else { return try body(buffer) }
      return try body(UnsafeBufferPointer(rebasing: buffer[Int(start)..<Int(start) + Int(length)]))
    }
  }

  /// The name as text (the bytes are UTF-8).
  public var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }

  public var description: String { string }

  public static func == (lhs: ObjectName, rhs: ObjectName) -> Bool {
    lhs.count == rhs.count && lhs.withBytes { left in rhs.withBytes { compare(left, $0) == 0 } }
  }

  public func hash(into hasher: inout Hasher) {
    withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  public static func < (lhs: ObjectName, rhs: ObjectName) -> Bool {
    lhs.withBytes { left in rhs.withBytes { compare(left, $0) < 0 } }
  }

  /// Byte order of the name and `key`: negative when the name sorts first, zero when equal.
  func compare(to key: [UInt8]) -> Int {
    withBytes { name in key.withUnsafeBufferPointer { Self.compare(name, $0) } }
  }

  /// Byte order: negative when `lhs` sorts first, zero when equal.
  static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(left.count, right.count)
    if common > 0, let a = left.baseAddress, let b = right.baseAddress {
      let order = memcmp(a, b, common)
      if order != 0 { return Int(order) }
    }
    return left.count - right.count
  }

  /// Whether the name begins with `prefix`, byte for byte.
  public func hasPrefix(_ prefix: [UInt8]) -> Bool {
    count >= prefix.count
      && withBytes { name in
        prefix.withUnsafeBufferPointer { start in
          guard let a = name.baseAddress, let b = start.baseAddress else { return true }
          return memcmp(a, b, start.count) == 0
        }
      }
  }
}
