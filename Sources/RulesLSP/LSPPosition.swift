/// A zero-based line and character, as LSP counts them in the negotiated encoding.
public struct LSPPosition: Hashable, Sendable {
  public var line: Int
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }
}

/// A range of LSP positions, end exclusive.
public struct LSPRange: Hashable, Sendable {
  public var start: LSPPosition
  public var end: LSPPosition

  public init(start: LSPPosition, end: LSPPosition) {
    self.start = start
    self.end = end
  }
}
