/// How an LSP `Position.character` counts: UTF-16 code units (the protocol's default) or
/// UTF-8 bytes (offered when the client lists `utf-8` in `general.positionEncodings`).
public enum PositionEncoding: String, Sendable, Equatable {
  case utf8 = "utf-8"
  case utf16 = "utf-16"

  /// The encoding to use for a client offering `offered` (nil: the client did not say): UTF-8
  /// when offered, since offsets are UTF-8 bytes inside, else UTF-16, which every client
  /// supports.
  public static func negotiate(_ offered: [String]?) -> PositionEncoding {
    offered?.contains(PositionEncoding.utf8.rawValue) == true ? .utf8 : .utf16
  }
}
