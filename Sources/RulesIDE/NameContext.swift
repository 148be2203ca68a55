import RulesSyntax

/// The names visible at a place in the document: the wildcards of the enclosing matches (outer
/// first) and the function whose body holds the place, if any.
struct NameContext: Sendable {
  /// One frame per enclosing match, outermost first; within a pattern a later segment with the
  /// same name replaces an earlier one, as semantic analysis binds them.
  var frames: [[String: PathSegment]] = []
  /// The function (index into `CheckedRuleset.functions`) whose body holds the place.
  var function: Int?
  /// The user functions visible here (indexes into `CheckedRuleset.functions`), outer first.
  var functions: [Int] = []

  /// The wildcard `name` as seen here: the innermost match that binds it.
  func wildcard(_ name: String) -> PathSegment? {
    for frame in frames.reversed() {
      if let segment = frame[name] { return segment }
    }
    return nil
  }

  /// Every visible wildcard, innermost binding of each name.
  var visibleWildcards: [String: PathSegment] {
    frames.reduce(into: [:]) { visible, frame in visible.merge(frame) { _, inner in inner } }
  }

  /// The context inside a match with `pattern`.
  func entering(_ pattern: PathPattern) -> NameContext {
    var inner = self
    var frame: [String: PathSegment] = [:]
    for segment in pattern.segments {
      if let name = segment.variableName, !name.isEmpty { frame[name] = segment }
    }
    inner.frames.append(frame)
    return inner
  }
}
