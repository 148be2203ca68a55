import StorageBucket

/// One page (or, from `listAll()`, every page) of a list, shaped like the SDK's
/// `StorageListResult`.
public struct StorageListResult: Sendable, Hashable {
  /// The folders directly inside the listed one.
  public var prefixes: [StorageReference]
  /// The objects directly inside the listed folder.
  public var items: [StorageReference]
  /// Pass to `list(maxResults:pageToken:)` for the next page; nil when none remains (always
  /// nil from `listAll()`).
  public var pageToken: String?

  init(_ page: ListPage, root: StorageReference) {
    self.prefixes = page.prefixes.map { root.child($0) }
    self.items = page.items.map { root.child($0) }
    self.pageToken = page.nextPageToken
  }
}
