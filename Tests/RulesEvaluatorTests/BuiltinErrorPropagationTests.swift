import RulesEvaluator
import RulesSyntax
import Testing

private typealias T = Conformance

/// An error operand, receiver or argument comes out unchanged (the leftmost one, kind kept)
/// from every operator and built-in (decisions.md §13).
@Suite struct BuiltinErrorPropagationTests {
  static let first = Value.error(.expressionLimit)
  static let second = Value.error(.nullValue)

  /// Every method by receiver: a sample receiver and each method name with its arity.
  static let methodCatalogue: [(receiver: Value, names: [(String, Int)])] = [
    (
      .string("abc"),
      [
        ("size", 0), ("lower", 0), ("upper", 0), ("trim", 0), ("toUtf8", 0), ("matches", 1), ("split", 1),
        ("replace", 2),
      ]
    ),
    (
      T.strings("a"),
      [
        ("size", 0), ("toSet", 0), ("concat", 1), ("removeAll", 1), ("hasAll", 1), ("hasAny", 1),
        ("hasOnly", 1), ("join", 1),
      ]
    ),
    (.map(["a": .int(1)]), [("size", 0), ("keys", 0), ("values", 0), ("get", 2), ("diff", 1)]),
    (
      T.stringSet("a"),
      [
        ("size", 0), ("hasAll", 1), ("hasAny", 1), ("hasOnly", 1), ("difference", 1), ("intersection", 1),
        ("union", 1),
      ]
    ),
    (
      .mapDiff(MapDiff(left: [:], right: [:])),
      [("addedKeys", 0), ("removedKeys", 0), ("changedKeys", 0), ("unchangedKeys", 0), ("affectedKeys", 0)]
    ),
    (.bytes([1]), [("size", 0), ("toBase64", 0), ("toHexString", 0)]),
    (T.global("path", .string("a/{b}")), [("bind", 1)]),
    (
      T.time(2025, 1, 1),
      [
        "year", "month", "day", "hours", "minutes", "seconds", "nanos", "dayOfWeek", "dayOfYear", "toMillis",
        "date", "time",
      ]
      .map { ($0, 0) }
    ),
    (T.duration(1), [("seconds", 0), ("nanos", 0)]),
    (T.namespace("latlng", "value", .int(1), .int(2)), [("latitude", 0), ("longitude", 0), ("distance", 1)]),
    (.int(1), [("unknown", 1)]),
    (.null, [("size", 0)]),
  ]

  static let functionCatalogue: [(namespace: String?, name: String, arity: Int)] = [
    (nil, "int", 1), (nil, "float", 1), (nil, "string", 1), (nil, "path", 1), (nil, "debug", 1),
    (nil, "bool", 1),
    (nil, "unknown", 2),
    ("math", "abs", 1), ("math", "ceil", 1), ("math", "floor", 1), ("math", "round", 1), ("math", "sqrt", 1),
    ("math", "pow", 2), ("math", "isNaN", 1), ("math", "isInfinite", 1),
    ("timestamp", "date", 3), ("timestamp", "value", 1),
    ("duration", "value", 2), ("duration", "time", 4), ("duration", "abs", 1),
    ("latlng", "value", 2),
    ("hashing", "crc32", 1), ("hashing", "crc32c", 1), ("hashing", "md5", 1), ("hashing", "sha256", 1),
    ("unknown", "f", 1),
  ]

  static let operatorRows: [ConformanceCase] = {
    var rows: [ConformanceCase] = []
    for op in BinaryOperator.allCases where op != .logicalAnd && op != .logicalOr {
      rows.append(.init("error \(op.spelling) 1", T.binary(first, op, .int(1)), first))
      rows.append(.init("1 \(op.spelling) error", T.binary(.int(1), op, first), first))
      rows.append(.init("error \(op.spelling) other error", T.binary(first, op, second), first))
      rows.append(.init("'a' \(op.spelling) error", T.binary(.string("a"), op, first), first))
    }
    rows.append(.init("error && error", T.binary(first, .logicalAnd, second), first))
    rows.append(.init("error || error", T.binary(first, .logicalOr, second), first))
    rows.append(.init("true && error", T.binary(.bool(true), .logicalAnd, first), first))
    rows.append(.init("-error", Operators.unary(.negate, first), first))
    rows.append(.init("!error", Operators.unary(.logicalNot, first), first))
    rows.append(.init("error is int", Operators.isType(first, "int"), first))
    rows.append(.init("error is nonsense", Operators.isType(first, "nonsense"), first))
    rows.append(.init("error[0]", Operators.index(first, .int(0)), first))
    rows.append(.init("list[error]", Operators.index(T.strings("a"), first), first))
    rows.append(.init("error[error]", Operators.index(first, second), first))
    rows.append(.init("null[error]", Operators.index(.null, first), first))
    rows.append(.init("error[0:1]", Operators.range(first, lower: .int(0), upper: .int(1)), first))
    rows.append(.init("list[error:1]", Operators.range(T.strings("a"), lower: first, upper: .int(1)), first))
    rows.append(.init("list[0:error]", Operators.range(T.strings("a"), lower: .int(0), upper: first), first))
    rows.append(.init("error[:]", Operators.range(first, lower: nil, upper: nil), first))
    rows.append(.init("error.field", Operators.member(first, "field"), first))
    return rows
  }()

  static let methodRows: [ConformanceCase] = {
    var rows: [ConformanceCase] = []
    for (receiver, names) in methodCatalogue {
      for (name, arity) in names {
        let fillers = [Value](repeating: .int(1), count: arity)
        rows.append(
          .init("error.\(name)()", Builtins.method(first, name, fillers, regexes: T.regexes), first))
        let withError = [first] + [Value](repeating: .int(1), count: max(arity - 1, 0))
        rows.append(
          .init(
            "\(receiver.typeName).\(name)(error, ...)",
            Builtins.method(receiver, name, withError, regexes: T.regexes),
            first))
        if arity >= 2 {
          let lastError = [Value](repeating: .int(1), count: arity - 1) + [first]
          rows.append(
            .init(
              "\(receiver.typeName).\(name)(..., error)",
              Builtins.method(receiver, name, lastError, regexes: T.regexes),
              first))
        }
      }
    }
    return rows
  }()

  static let functionRows: [ConformanceCase] = {
    var rows: [ConformanceCase] = []
    for (namespace, name, arity) in functionCatalogue {
      let label = namespace.map { "\($0).\(name)" } ?? name
      func call(_ arguments: [Value]) -> Value {
        namespace.map { Builtins.namespace($0, name, arguments) } ?? Builtins.global(name, arguments)
      }
      rows.append(
        .init(
          "\(label)(error, ...)", call([first] + Array(repeating: .int(1), count: max(arity - 1, 0))), first))
      rows.append(.init("\(label)(error, other error)", call([first, second]), first))
      if arity >= 2 {
        rows.append(
          .init("\(label)(..., error)", call(Array(repeating: .int(1), count: arity - 1) + [first]), first))
      }
    }
    return rows
  }()

  @Test(arguments: operatorRows) func operators(_ row: ConformanceCase) { row.check() }
  @Test(arguments: methodRows) func methods(_ row: ConformanceCase) { row.check() }
  @Test(arguments: functionRows) func functions(_ row: ConformanceCase) { row.check() }
}
