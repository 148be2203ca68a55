import RulesSyntax

/// What a folding region holds.
public enum FoldingKind: String, Sendable, Equatable {
  /// A `{ … }` block.
  case region
  /// A block comment or a run of line comments.
  case comment
}

/// A foldable stretch of the document.
///
/// For a block, ``start`` is the offset of `{` and ``end`` one past its `}`; for comments, the
/// first comment's start and the last one's end. Lines are 1-based; a server that keeps the
/// closing brace visible folds to `endLine - 1` for regions.
public struct FoldingRegion: Sendable, Equatable {
  public var start: Int
  public var end: Int
  public var startLine: Int
  public var endLine: Int
  public var kind: FoldingKind

  public init(start: Int, end: Int, startLine: Int, endLine: Int, kind: FoldingKind) {
    self.start = start
    self.end = end
    self.startLine = startLine
    self.endLine = endLine
    self.kind = kind
  }
}
