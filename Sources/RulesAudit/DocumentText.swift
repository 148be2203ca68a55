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
    var segments: [String] = []
    for segment in literal.segments {
      switch segment.kind {
      case .text(let text): segments.append(text)
      case .binding(let name): segments.append("{\(name)}")
      case .interpolation(let inner):
        let name = ExpressionReading.chain(inner)?.last ?? source.text(inner.range)
        segments.append("{\(name)}")
      }
    }
    if segments.count > 3, segments[0] == "databases", segments[2] == "documents" {
      segments.removeFirst(3)
    }
    return segments.joined(separator: "/")
  }
}
