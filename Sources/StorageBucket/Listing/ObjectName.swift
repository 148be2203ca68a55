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
public struct ObjectName: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The name's UTF-8 bytes.
  public let bytes: [UInt8]

  public init(_ string: String) { self.bytes = Array(string.utf8) }

  /// A name from bytes that the caller knows to be valid UTF-8.
  public init(bytes: [UInt8]) { self.bytes = bytes }

  /// The name as text (the bytes are UTF-8).
  public var string: String { String(decoding: bytes, as: UTF8.self) }

  public var description: String { string }

  public static func < (lhs: ObjectName, rhs: ObjectName) -> Bool {
    ObjectName.compare(lhs.bytes, rhs.bytes) < 0
  }

  /// Byte order: negative when `lhs` sorts first, zero when equal.
  static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
    lhs.withUnsafeBufferPointer { left in
      rhs.withUnsafeBufferPointer { right in
        let common = min(left.count, right.count)
        if common > 0, let a = left.baseAddress, let b = right.baseAddress {
          let order = memcmp(a, b, common)
          if order != 0 { return Int(order) }
        }
        return left.count - right.count
      }
    }
  }

  /// Whether the name begins with `prefix`, byte for byte.
  public func hasPrefix(_ prefix: [UInt8]) -> Bool {
    bytes.count >= prefix.count
      && bytes.withUnsafeBufferPointer { name in
        prefix.withUnsafeBufferPointer { start in
          guard let a = name.baseAddress, let b = start.baseAddress else { return true }
          return memcmp(a, b, start.count) == 0
        }
      }
  }
}
