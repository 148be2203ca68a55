import RulesEvaluator

/// The objects of one bucket, indexed once for listing: sorted by the UTF-8 bytes of their
/// names, each name once, so a page is a binary search plus a walk (O(log n + page size)).
public struct BucketListing: Sendable {
  /// One stored object.
  public struct Object: Sendable {
    public var name: ObjectName
    /// Metadata as given, with Firebase's field names (`size`, `contentType`, …); nil when the
    /// listing gave only the name. Missing fields take production's defaults when decided.
    public var metadata: [String: Value]?
    /// The object's bytes, when the bucket has them (uploads, contents given to a simulated
    /// storage); nil for a listing's objects.
    public var contents: [UInt8]?

    public init(name: ObjectName, metadata: [String: Value]? = nil, contents: [UInt8]? = nil) {
      self.name = name
      self.metadata = metadata
      self.contents = contents
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
