/// The text of a document at one version, handed to the linter off the request thread.
public struct DocumentSnapshot: Sendable {
  public let uri: String
  public let version: Int
  public let bytes: [UInt8]
  public let index: PositionIndex

  public init(_ document: TextDocument) {
    self.uri = document.uri
    self.version = document.version
    self.bytes = document.bytes
    self.index = document.index
  }
}
