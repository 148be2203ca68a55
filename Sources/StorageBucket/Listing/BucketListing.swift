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
      get { fields ?? row?.fields }
      set {
        fields = newValue
        row = nil
      }
    }
    /// The object's bytes, when the bucket has them (uploads, contents given to a simulated
    /// storage); nil for a listing's objects.
    public var contents: [UInt8]?
    /// ``metadata`` as given, unless it is a long-listing row's.
    private var fields: [String: Value]?
    /// A long-listing row's size and time, kept as they are rather than as a map each (which
    /// would take a listing of a million rows past 400 MB).
    private var row: ListedRow?

    public init(name: ObjectName, metadata: [String: Value]? = nil, contents: [UInt8]? = nil) {
      self.name = name
      self.fields = metadata
      self.contents = contents
    }

    /// An object of a listing, with what its line shows.
    init(name: ObjectName, listed: ListedMetadata?) {
      self.name = name
      switch listed {
      case nil: break
      case .fields(let fields)?: self.fields = fields
      case .row(let row)?: self.row = row
      }
    }
  }

  /// What a listing line shows of an object besides its name: a map of fields, or a
  /// long-listing row's size and time alone.
  enum ListedMetadata: Sendable {
    case fields([String: Value])
    case row(ListedRow)
  }

  /// What a long-listing row (`gsutil ls -l`) shows of an object besides its name: its
  /// ``Object/metadata`` is `timeCreated` and, unless the size was given in rounded units,
  /// `size`. A class, so an object holds one word for it (and a listing of names only, none);
  /// two words inside: a row's time is whole seconds, and no size is negative.
  final class ListedRow: Sendable {
    private let seconds: Int64
    /// The size, or -1 when the row gives none.
    private let bytes: Int64

    /// Nil for a time with a fraction of a second or a negative size (no row shows either).
    init?(created: Timestamp, size: Int64?) {
      guard created.nanos == 0, (size ?? 0) >= 0 else { return nil }
      self.seconds = created.seconds
      self.bytes = size ?? -1
    }

    var fields: [String: Value] {
      var fields: [String: Value] = ["timeCreated": .timestamp(Timestamp(seconds: seconds, nanos: 0))]
      if bytes >= 0 { fields["size"] = .int(bytes) }
      return fields
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

  /// `objects` sorted by name; when a name appears twice, the later object wins.
  public init(unsorted objects: [Object], bucket: String? = nil) {
    self.bucket = bucket
    var isSorted = true
    for index in objects.indices.dropFirst() where !(objects[index - 1].name < objects[index].name) {
      isSorted = false
      break
    }
    if isSorted {
      self.objects = objects
      return
    }
    // Sort positions, ties by position, so "the later wins" does not depend on sort stability.
    var order = Array(objects.indices)
    order.sort { left, right in
      let order = objects[left].name.withBytes { name in
        objects[right].name.withBytes { ObjectName.compare(name, $0) }
      }
      return order != 0 ? order < 0 : left < right
    }
    var sorted: [Object] = []
    sorted.reserveCapacity(objects.count)
    for (rank, index) in order.enumerated() {
      if rank + 1 < order.count, objects[order[rank + 1]].name == objects[index].name { continue }
      sorted.append(objects[index])
    }
    self.objects = sorted
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
