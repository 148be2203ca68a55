import RulesEvaluator

/// The objects of one bucket, indexed once for listing: sorted by the UTF-8 bytes of their
/// names, each name once, so a page is a binary search plus a walk (O(log n + page size)).
public struct BucketListing: Sendable {
  /// One stored object.
  public struct Object: Sendable {
    public var name: ObjectName
    /// Metadata as given, with Firebase's field names (`size`, `contentType`, …); nil when the
    /// listing gave only the name. Missing fields take production's defaults when decided.
    public var metadata: [String: Value]? {
      get { fields ?? listed?.fields }
      set {
        fields = newValue
        listed = nil
      }
    }
    /// The object's bytes, when the bucket has them (uploads, contents given to a simulated
    /// storage); nil for a listing's objects.
    public var contents: [UInt8]?
    /// ``metadata`` as given, unless the listing's own text keeps it.
    private var fields: [String: Value]?
    /// ``metadata`` as the listing wrote it, made a map only when read: a map each would take
    /// a listing of a million objects hundreds of MB past its own size.
    private var listed: ListedFields?

    public init(name: ObjectName, metadata: [String: Value]? = nil, contents: [UInt8]? = nil) {
      self.name = name
      self.fields = metadata
      self.contents = contents
    }

    /// An object of a listing, with what its line or element shows.
    init(name: ObjectName, listed: ListedMetadata?) {
      self.name = name
      switch listed {
      case nil: break
      case .fields(let fields)?: self.fields = fields
      case .listed(let listed)?: self.listed = listed
      }
    }
  }

  /// What a listing line shows of an object besides its name: a map of fields, or fields kept
  /// as written.
  enum ListedMetadata: Sendable {
    case fields([String: Value])
    case listed(ListedFields)
  }

  /// What a listing shows of an object besides its name, kept as the listing wrote it and made
  /// a map (``fields``) each time it is read: a long-listing row's (`gsutil ls -l`) size and
  /// creation time, two numbers; or a JSON metadata object or `objects.list` item, its place
  /// in the listing's bytes (the listing keeps them), read and checked once already when the
  /// listing was. One word (a reference to either box), so a listing of names only pays
  /// nothing for it, and a row's box is the smallest heap block that holds two numbers.
  enum ListedFields: Sendable {
    case row(Row)
    case json(JSON)

    /// Which reader's rules turn a kept JSON value into metadata.
    enum JSONReader: Sendable {
      /// An element of a JSON array (``BucketListing/jsonMetadata(_:)``).
      case arrayElement
      /// An `objects.list` page's item (``ObjectsListPageReader/metadata(_:)``).
      case pageItem
    }

    /// A row's time, whole seconds, and its size, -1 when it gives none (no size is negative).
    final class Row: Sendable {
      let seconds: Int64
      let size: Int64

      init(seconds: Int64, size: Int64) {
        self.seconds = seconds
        self.size = size
      }
    }

    /// A JSON value's place in the listing's bytes, and the reader that accepted it.
    final class JSON: Sendable {
      let bytes: [UInt8]
      let start: UInt32
      let end: UInt32
      let reader: JSONReader

      init(bytes: [UInt8], start: UInt32, end: UInt32, reader: JSONReader) {
        self.bytes = bytes
        self.start = start
        self.end = end
        self.reader = reader
      }
    }

    /// A row's fields; nil for a time with a fraction of a second or a negative size (no row
    /// shows either).
    static func row(created: Timestamp, size: Int64?) -> ListedFields? {
      guard created.nanos == 0, (size ?? 0) >= 0 else { return nil }
      return .row(Row(seconds: created.seconds, size: size ?? -1))
    }

    /// The metadata a long-listing row shows: `timeCreated`, and `size` when it gives one.
    static func rowFields(created: Timestamp, size: Int64?) -> [String: Value] {
      var fields: [String: Value] = ["timeCreated": .timestamp(created)]
      if let size { fields["size"] = .int(size) }
      return fields
    }

    /// The JSON value at `range` of `bytes`, which `reader` accepted; nil past 4 GiB
    /// (listings are far smaller, ``RulesInput/InputLimits``).
    static func json(_ bytes: [UInt8], _ range: Range<Int>, reader: JSONReader) -> ListedFields? {
      guard let start = UInt32(exactly: range.lowerBound), let end = UInt32(exactly: range.upperBound) else {
        return nil
      }
      return .json(JSON(bytes: bytes, start: start, end: end, reader: reader))
    }

    var fields: [String: Value] {
      switch self {
      case .row(let row):
        return Self.rowFields(
          created: Timestamp(seconds: row.seconds, nanos: 0), size: row.size >= 0 ? row.size : nil)
      case .json(let json):
        // Read as when the listing was read, which succeeded.
        guard let value = try? JSONInputParser.parse(bytes: json.bytes[Int(json.start)..<Int(json.end)])
        else {
          return [:]
        }
        let fields: [String: Value]?
        switch (json.reader, value) {
        case (.arrayElement, _): fields = try? BucketListing.jsonMetadata(value)
        case (.pageItem, .object(let members)): fields = try? ObjectsListPageReader.metadata(members)
        case (.pageItem, _): fields = nil
        }
        return fields ?? [:]
      }
    }
  }

  /// The bucket the listing itself names (its `gs://` lines or metadata), if any.
  public var bucket: String?
  /// Every object, sorted by name bytes; names are unique.
  public internal(set) var objects: [Object]

  /// An empty bucket.
  public init() {
    self.objects = []
  }

  /// The objects named; a name given twice is one object.
  public init(names: some Sequence<String>, bucket: String? = nil) {
    self.init(unsorted: names.map { Object(name: ObjectName($0)) }, bucket: bucket)
  }

  /// `objects` sorted by name; when a name appears twice, the later object wins. Sorted in
  /// place: a caller that gives up its array (`consume`) has it sorted without a copy.
  public init(unsorted objects: consuming [Object], bucket: String? = nil) {
    self.bucket = bucket
    var objects = objects
    var isSorted = true
    for index in objects.indices.dropFirst() where !(objects[index - 1].name < objects[index].name) {
      isSorted = false
      break
    }
    if !isSorted {
      // Positions sorted, ties by position, so "the later wins" does not depend on sort
      // stability; then the objects moved into that order and the earlier of equal names left
      // out, both in place.
      var order = Array(objects.indices)
      order.sort { left, right in
        let order = objects[left].name.withBytes { name in
          objects[right].name.withBytes { ObjectName.compare(name, $0) }
        }
        return order != 0 ? order < 0 : left < right
      }
      Self.permute(&objects, into: &order)
      var kept = 0
      for index in objects.indices {
        if index + 1 < objects.count, objects[index + 1].name == objects[index].name { continue }
        if kept != index { objects.swapAt(kept, index) }
        kept += 1
      }
      objects.removeLast(objects.count - kept)
    }
    self.objects = objects
  }

  /// Moves the element at `order[k]` to position `k`, for every `k`, by swaps along each cycle
  /// of the permutation (linear time, no second array); `order` is spent.
  private static func permute(_ objects: inout [Object], into order: inout [Int]) {
    for start in order.indices where order[start] != start {
      var current = start
      while order[current] != start {
        let next = order[current]
        objects.swapAt(current, next)
        order[current] = current
        current = next
      }
      order[current] = current
    }
  }

  public var count: Int { objects.count }

  /// The stored object named `name`, if any.
  public func object(named name: ObjectName) -> Object? {
    let index = lowerBound(name.bytes)
    return index < objects.count && objects[index].name == name ? objects[index] : nil
  }

  /// Adds `object`, replacing one of the same name.
  public mutating func insert(_ object: Object) {
    let index = lowerBound(object.name.bytes)
    if index < objects.count && objects[index].name == object.name {
      objects[index] = object
    } else {
      objects.insert(object, at: index)
    }
  }

  /// Removes the object named `name`; returns it, or nil when there was none.
  @discardableResult
  public mutating func remove(_ name: ObjectName) -> Object? {
    let index = lowerBound(name.bytes)
    guard index < objects.count && objects[index].name == name else { return nil }
    return objects.remove(at: index)
  }

  /// The first position at or after `start` whose name is not below `key`.
  func lowerBound(_ key: [UInt8], from start: Int = 0) -> Int {
    partition(from: start) { $0.compare(to: key) < 0 }
  }

  /// The first position at or after `start` whose name is above `key`.
  func upperBound(_ key: [UInt8], from start: Int = 0) -> Int {
    partition(from: start) { $0.compare(to: key) <= 0 }
  }

  /// The first position at or after `start` (itself at or after the first name with `prefix`)
  /// whose name does not start with `prefix`.
  func end(ofPrefix prefix: [UInt8], from start: Int) -> Int {
    partition(from: start) { $0.hasPrefix(prefix) }
  }

  /// The first position in `start...` where `isBefore` turns false; it must be true then false.
  private func partition(from start: Int, _ isBefore: (ObjectName) -> Bool) -> Int {
    var low = start
    var high = objects.count
    while low < high {
      let middle = low + (high - low) / 2
      if isBefore(objects[middle].name) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
