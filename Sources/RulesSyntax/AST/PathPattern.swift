/// The path after `match`: a sequence of segments, each written as `/segment`.
public struct PathPattern: Sendable {
  public var segments: [PathSegment]
  public var range: SourceRange

  public init(segments: [PathSegment], range: SourceRange) {
    self.segments = segments
    self.range = range
  }
}

/// One segment of a match path.
public struct PathSegment: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    /// Matches exactly this text.
    case literal(String)
    /// `{name}` (or its other spelling `{name=*}`): matches one segment and binds it as a string.
    case wildcard(String)
    /// `{name=**}`: matches several segments and binds them as a path.
    case recursiveWildcard(String)
  }
  public var kind: Kind
  public var range: SourceRange
  /// The range of the wildcard's name, for wildcards.
  public var nameRange: SourceRange?
  /// Whether a single-segment wildcard was written `{name=*}` rather than `{name}`; the two
  /// mean the same (decisions.md §6), and dumps keep the spelling.
  public var isWrittenWithStar: Bool

  public init(
    _ kind: Kind, range: SourceRange, nameRange: SourceRange? = nil, isWrittenWithStar: Bool = false
  ) {
    self.kind = kind
    self.range = range
    self.nameRange = nameRange
    self.isWrittenWithStar = isWrittenWithStar
  }

  /// The bound name, for wildcards.
  public var variableName: String? {
    switch kind {
    case .literal: nil
    case .wildcard(let name), .recursiveWildcard(let name): name
    }
  }

  public var isRecursive: Bool {
    if case .recursiveWildcard = kind { return true }
    return false
  }
}
