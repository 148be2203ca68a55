import RulesSyntax

/// A Firestore document path argument as a reader wants to see it: `users/{uid}` for
/// `/databases/$(database)/documents/users/$(request.auth.uid)`.
enum DocumentText {
  /// The document path of `argument`: a path literal's segments, each interpolation shown as
  /// `{name}` (the last name of its member chain), without the `/databases/…/documents/`
  /// prefix; any other expression as written (at most 80 characters).
  static func render(_ argument: Expression, source: SourceFile) -> String {
    guard case .path(let literal) = argument.kind else {
      let text = source.text(argument.range)
      return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }
    let segments = literal.segments
    // The prefix is three text segments' worth (a binding or an interpolation shows as `{…}`).
    var skipped = 0
    if segments.count > 3, case .text("databases") = segments[0].kind,
      case .text("documents") = segments[2].kind
    {
      skipped = 3
    }
    // Built in place, as joining each segment's text with `/` would.
    var text = ""
    for position in skipped..<segments.count {
      if position > skipped { text.append("/") }
      switch segments[position].kind {
      case .text(let segment): text.append(segment)
      case .binding(let name):
        text.append("{")
        text.append(name)
        text.append("}")
      case .interpolation(let inner):
        text.append("{")
        text.append(lastName(of: inner) ?? source.text(inner.range))
        text.append("}")
      }
    }
    return text
  }

  /// The last name of ``ExpressionReading/chain(_:)`` of `expression`, read without building the
  /// chain; nil where the chain is nil.
  static func lastName(of expression: Expression) -> String? {
    guard let head = ExpressionReading.head(expression) else { return nil }
    return ExpressionReading.step(expression)?.name ?? head.first
  }
}
