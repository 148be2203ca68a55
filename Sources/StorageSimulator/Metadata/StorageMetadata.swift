import Foundation
import Synchronization

/// An object's metadata, shaped like the SDK's `StorageMetadata`: a class with the fields a
/// client sets (`cacheControl`, `contentDisposition`, `contentEncoding`, `contentLanguage`,
/// `contentType`, `customMetadata`) and, read-only as in the SDK, those the bucket fills in.
///
/// Like the SDK's, it remembers the settable fields as they were read (from the bucket, or the
/// dictionary given to ``init(dictionary:)``), and `updateMetadata(_:)` sends only what changed
/// since: a field set to nil is cleared, a key removed from `customMetadata` is removed, and
/// `customMetadata = nil` removes every key (decisions.md §11). `StorageMetadata()` was read as
/// empty, so it sends the fields that are set. Equal when the ``dictionaryRepresentation()``s
/// are, as in the SDK. Thread-safe: the fields sit behind a lock.
public final class StorageMetadata: Sendable, Hashable, CustomStringConvertible {
  let state: Mutex<Fields>

  /// Empty metadata, to fill in before an upload or an update.
  public convenience init() {
    self.init(dictionary: [:])
  }

  /// Metadata from the SDK's dictionary form (`bucket`, `name`, `size`, `generation`,
  /// `timeCreated` as RFC 3339, `metadata` for the custom keys, …), which it then counts as
  /// read.
  public init(dictionary: [String: AnyHashable]) {
    state = Mutex(Fields(dictionary: dictionary))
  }

  /// Metadata the bucket holds (its map with Firebase field names): a file, read.
  init(fields: Fields) {
    state = Mutex(fields)
  }

  private func read<T: Sendable>(_ key: KeyPath<Fields, T>) -> T { state.withLock { $0[keyPath: key] } }

  private func write<T: Sendable>(_ key: WritableKeyPath<Fields, T>, _ value: T) {
    state.withLock { $0[keyPath: key] = value }
  }

  /// The bucket, `""` when not known.
  public var bucket: String { read(\.bucket) }
  public var cacheControl: String? {
    get { read(\.cacheControl) }
    set { write(\.cacheControl, newValue) }
  }
  public var contentDisposition: String? {
    get { read(\.contentDisposition) }
    set { write(\.contentDisposition, newValue) }
  }
  public var contentEncoding: String? {
    get { read(\.contentEncoding) }
    set { write(\.contentEncoding, newValue) }
  }
  public var contentLanguage: String? {
    get { read(\.contentLanguage) }
    set { write(\.contentLanguage, newValue) }
  }
  public var contentType: String? {
    get { read(\.contentType) }
    set { write(\.contentType, newValue) }
  }
  /// Standard base64 of the MD5 digest.
  public var md5Hash: String? { read(\.md5Hash) }
  /// Standard base64 of the big-endian CRC-32C (not in the SDK's type; rules can read it).
  public var crc32c: String? { read(\.crc32c) }
  public var generation: Int64 { read(\.generation) }
  public var customMetadata: [String: String]? {
    get { read(\.customMetadata) }
    set { write(\.customMetadata, newValue) }
  }
  public var metageneration: Int64 { read(\.metageneration) }
  /// The last segment of the path.
  public var name: String? { read(\.name) }
  /// The full path of the object.
  public var path: String? { read(\.path) }
  /// Bytes.
  public var size: Int64 { read(\.size) }
  public var timeCreated: Date? { read(\.timeCreated).map(Fields.date) }
  public var updated: Date? { read(\.updated).map(Fields.date) }

  /// Whether the metadata describes a stored object (metadata the bucket returned).
  public var isFile: Bool { read(\.isFile) }
  /// Always false, as in the SDK (nothing there sets it).
  public var isFolder: Bool { false }

  /// The SDK's dictionary form: the fields that are set, `size`, `generation` and
  /// `metageneration` when not 0 (the generations as strings), times as RFC 3339 with
  /// milliseconds, the object's path as `name`, `customMetadata` as `metadata`.
  public func dictionaryRepresentation() -> [String: AnyHashable] {
    read(\.self).dictionary
  }

  /// An independent copy, with the same fields read, as the SDK's `copy()`.
  public func copy() -> Any {
    StorageMetadata(fields: read(\.self))
  }

  public static func == (lhs: StorageMetadata, rhs: StorageMetadata) -> Bool {
    lhs.dictionaryRepresentation() == rhs.dictionaryRepresentation()
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(dictionaryRepresentation())
  }

  /// `StorageMetadata` and the dictionary form.
  public var description: String { "StorageMetadata \(dictionaryRepresentation())" }
}
