/// An expression node: a kind and the exact range it was written at.
public struct Expression: Sendable {
  public var kind: Kind
  public var range: SourceRange

  public init(_ kind: Kind, range: SourceRange) {
    self.kind = kind
    self.range = range
  }

  public indirect enum Kind: Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case float(Double)
    case string(String)
    case bytes([UInt8])
    case list([Expression])
    case map([MapEntry])
    case path(PathLiteral)
    case identifier(String)
    /// `base.name`.
    case member(Expression, Identifier)
    /// `callee(arguments)`; the callee is an identifier or a member access.
    case call(Expression, [Expression])
    /// `base[index]`.
    case index(Expression, Expression)
    /// `base[lower:upper]`; at least one bound is present.
    case range(Expression, lower: Expression?, upper: Expression?)
    case unary(UnaryOperator, Expression)
    case binary(BinaryOperator, Expression, Expression)
    /// `value is typeName`.
    case isType(Expression, Identifier)
    /// `condition ? then : else`.
    case ternary(Expression, Expression, Expression)
    /// A placeholder where the parser expected an expression; already reported.
    case missing
  }
}

extension Expression {
  /// Calls `body` with each direct sub-expression, in source order, without building an array.
  public func forEachChild(_ body: (Expression) throws -> Void) rethrows {
    switch kind {
    case .null, .bool, .integer, .float, .string, .bytes, .identifier, .missing: break
    case .list(let elements): for element in elements { try body(element) }
    case .map(let entries):
      for entry in entries {
        try body(entry.key)
        try body(entry.value)
      }
    case .path(let path):
      for segment in path.segments {
        if case .interpolation(let inner) = segment.kind { try body(inner) }
      }
    case .member(let base, _): try body(base)
    case .call(let callee, let arguments):
      try body(callee)
      for argument in arguments { try body(argument) }
    case .index(let base, let index):
      try body(base)
      try body(index)
    case .range(let base, let lower, let upper):
      try body(base)
      if let lower { try body(lower) }
      if let upper { try body(upper) }
    case .unary(_, let operand): try body(operand)
    case .binary(_, let left, let right):
      try body(left)
      try body(right)
    case .isType(let value, _): try body(value)
    case .ternary(let condition, let then, let otherwise):
      try body(condition)
      try body(then)
      try body(otherwise)
    }
  }

  /// The direct sub-expressions, in source order.
  public var children: [Expression] {
    switch kind {
    case .null, .bool, .integer, .float, .string, .bytes, .identifier, .missing: []
    case .list(let elements): elements
    case .map(let entries): entries.flatMap { [$0.key, $0.value] }
    case .path(let path):
      path.segments.compactMap { segment in
        if case .interpolation(let inner) = segment.kind { return inner }
        return nil
      }
    case .member(let base, _): [base]
    case .call(let callee, let arguments): [callee] + arguments
    case .index(let base, let index): [base, index]
    case .range(let base, let lower, let upper): [base] + [lower, upper].compactMap { $0 }
    case .unary(_, let operand): [operand]
    case .binary(_, let left, let right): [left, right]
    case .isType(let value, _): [value]
    case .ternary(let condition, let then, let otherwise): [condition, then, otherwise]
    }
  }
}

/// `key: value` in a map literal.
public struct MapEntry: Sendable {
  public var key: Expression
  public var value: Expression
}

/// A path literal such as `/databases/$(db)/documents/users/{uid}`.
public struct PathLiteral: Sendable {
  public var segments: [PathLiteralSegment]
}

/// One `/segment` of a path literal.
public struct PathLiteralSegment: Sendable {
  public enum Kind: Sendable {
    case text(String)
    /// `$(expression)`.
    case interpolation(Expression)
    /// `{name}`, filled by `path.bind(map)`.
    case binding(String)
  }
  public var kind: Kind
  public var range: SourceRange
}

public enum UnaryOperator: String, Sendable {
  case logicalNot = "!"
  case negate = "-"
}

/// Binary operators, named by meaning.
public enum BinaryOperator: String, Sendable, CaseIterable {
  case logicalOr = "||"
  case logicalAnd = "&&"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case membership = "in"
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"

  /// The spelling used in source and in dumps.
  public var spelling: String { rawValue }
}
