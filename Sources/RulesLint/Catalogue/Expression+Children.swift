import RulesSyntax

extension Expression {
  /// Calls `body` with each direct sub-expression (``Expression/children``), last first, so
  /// that a stack they are pushed on pops them in source order; builds no array.
  public func forEachChildReversed(_ body: (Expression) -> Void) {
    switch kind {
    case .null, .bool, .integer, .float, .string, .bytes, .identifier, .missing:
      return
    case .list(let elements):
      for element in elements.reversed() { body(element) }
    case .map(let entries):
      for entry in entries.reversed() {
        body(entry.value)
        body(entry.key)
      }
    case .path(let path):
      for segment in path.segments.reversed() {
        if case .interpolation(let inner) = segment.kind { body(inner) }
      }
    case .member(let base, _), .unary(_, let base), .isType(let base, _):
      body(base)
    case .call(let callee, let arguments):
      for argument in arguments.reversed() { body(argument) }
      body(callee)
    case .index(let base, let index):
      body(index)
      body(base)
    case .range(let base, let lower, let upper):
      if let upper { body(upper) }
      if let lower { body(lower) }
      body(base)
    case .binary(_, let left, let right):
      body(right)
      body(left)
    case .ternary(let condition, let then, let otherwise):
      body(otherwise)
      body(then)
      body(condition)
    }
  }
}
