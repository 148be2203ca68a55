/// One page of a list, as production answers it: folders and objects directly inside the
/// listed folder, and a token when more remain.
public struct ListPage: Sendable, Hashable {
  /// Folders: full paths without the trailing slash, in byte order.
  public var prefixes: [String]
  /// Objects: full names, in byte order.
  public var items: [String]
  /// Standard padded base64 of the last returned key (a folder's key ends with `/`); nil
  /// when no entry remains after this page.
  public var nextPageToken: String?

  public init(prefixes: [String] = [], items: [String] = [], nextPageToken: String? = nil) {
    self.prefixes = prefixes
    self.items = items
    self.nextPageToken = nextPageToken
  }
}
