/// A set of values: unique by set-member equality (``Value/setMemberEquals(_:)``), in
/// first-insertion order; the first of equal elements is kept.
///
/// Beyond a few elements the set keeps a hash index (``MemberKey``), so building it and
/// looking a value up take time linear in its size and constant per look-up.
public struct ValueSet: Sendable {
  public private(set) var elements: [Value]
  /// The elements, hashed, once there are more than ``linearLimit``.
  private var index: Set<MemberKey>?

  /// Up to this many elements, comparing with each is faster than hashing.
  static let linearLimit = 8

  public init<S: Sequence>(_ values: S) where S.Element == Value {
    var elements: [Value] = []
    var index: Set<MemberKey>?
    for value in values {
      if var hashed = index {
        index = nil
        if hashed.insert(MemberKey(value: value, equality: .set)).inserted { elements.append(value) }
        index = hashed
      } else if !elements.contains(where: { $0.setMemberEquals(value) }) {
        elements.append(value)
        if elements.count > Self.linearLimit {
          index = Set(elements.lazy.map { MemberKey(value: $0, equality: .set) })
        }
      }
    }
    self.elements = elements
    self.index = index
  }

  public func contains(_ value: Value) -> Bool {
    if let index { return index.contains(MemberKey(value: value, equality: .set)) }
    return elements.contains { $0.setMemberEquals(value) }
  }

  public var count: Int { elements.count }
}

/// The result of `left.diff(right)`.
public struct MapDiff: Sendable {
  public var left: [MapKey: Value]
  public var right: [MapKey: Value]

  public init(left: [MapKey: Value], right: [MapKey: Value]) {
    self.left = left
    self.right = right
  }
}

/// A path value: its segments, without slashes. `request.path` of an object operation is
/// `b`, the bucket, `o`, then the object name's segments. Segments compare as bytes, never by
/// Unicode canonical equivalence (decisions.md §15, §18).
public struct PathValue: Sendable, Hashable {
  public var segments: [String]

  public init(segments: [String]) {
    self.segments = segments
  }

  /// Splits `text` on every `/` code unit (a `/` followed by a combining mark too), dropping
  /// empty segments.
  public init(parsing text: String) {
    self.segments = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map {
      String(Substring($0))
    }
  }

  public static func == (lhs: PathValue, rhs: PathValue) -> Bool {
    lhs.segments.count == rhs.segments.count && zip(lhs.segments, rhs.segments).allSatisfy(JavaString.equal)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(segments.count)
    for segment in segments { JavaString.hash(segment, into: &hasher) }
  }

  /// `/a/b/c`; the empty path is `/`.
  public var description: String { "/" + segments.joined(separator: "/") }

  /// The UTF-8 length of ``description`` but for the empty path: a `/` and the bytes of each
  /// segment.
  public var textLength: Int { segments.reduce(0) { $0 + 1 + $1.utf8.count } }
}

/// A point in time, UTC, with nanosecond precision.
public struct Timestamp: Sendable, Hashable, Comparable {
  /// Seconds since 1970-01-01T00:00:00Z.
  public var seconds: Int64
  /// 0 ..< 1_000_000_000.
  public var nanos: Int32

  public init(seconds: Int64, nanos: Int32) {
    self.seconds = seconds
    self.nanos = nanos
  }

  /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999999999Z, the documented range.
  public static let minimumSeconds: Int64 = -62_135_596_800
  public static let maximumSeconds: Int64 = 253_402_300_799

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
  }
}

/// A signed span of time: seconds and nanoseconds with the same sign.
public struct RulesDuration: Sendable, Hashable, Comparable {
  public var seconds: Int64
  /// -999_999_999 ... 999_999_999, with the sign of `seconds` when both are non-zero.
  public var nanos: Int32

  public init(seconds: Int64, nanos: Int32) {
    self.seconds = seconds
    self.nanos = nanos
  }

  /// Total nanoseconds, when it fits.
  public var totalNanoseconds: Int64? {
    let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return nil }
    let (sum, overflow2) = product.addingReportingOverflow(Int64(nanos))
    return overflow2 ? nil : sum
  }

  public static func < (lhs: RulesDuration, rhs: RulesDuration) -> Bool {
    (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
  }
}

/// A latitude and longitude in degrees.
public struct LatLng: Sendable, Hashable {
  public var latitude: Double
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }
}
