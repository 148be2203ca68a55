import RulesEvaluator
import RulesSyntax
import Testing

/// One row of a conformance table (cel-spec style): what an operator or built-in gave, and
/// what production gives.
struct ConformanceCase: Sendable, CustomTestStringConvertible {
  let description: String
  let actual: Value
  let expected: Value

  init(_ description: String, _ actual: Value, _ expected: Value) {
    self.description = description
    self.actual = actual
    self.expected = expected
  }

  var testDescription: String { description }

  /// Checks the row: rules equality plus the same types at every depth (so `1` is not `1.0`),
  /// NaN matching NaN, and for errors the same message and kind.
  func check(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    switch (actual, expected) {
    case (.error(let got), .error(let want)):
      #expect(got.message == want.message, sourceLocation: sourceLocation)
      #expect(got.kind == want.kind, sourceLocation: sourceLocation)
    case (.error(let got), _):
      Issue.record(
        "\(description): got error \(got.message), expected \(expected)", sourceLocation: sourceLocation)
    default:
      #expect(Self.same(actual, expected), "\(description): got \(actual)", sourceLocation: sourceLocation)
    }
  }

  static func same(_ a: Value, _ b: Value) -> Bool {
    switch (a, b) {
    case (.float(let x), .float(let y)): return (x == y && x.sign == y.sign) || (x.isNaN && y.isNaN)
    case (.list(let x), .list(let y)): return x.count == y.count && zip(x, y).allSatisfy(same)
    case (.map(let x), .map(let y)):
      return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
    case (.set(let x), .set(let y)):
      return x.count == y.count && x.elements.allSatisfy { value in y.elements.contains { same(value, $0) } }
    case (.mapDiff(let x), .mapDiff(let y)):
      return same(.map(x.left), .map(y.left)) && same(.map(x.right), .map(y.right))
    case (.error(let x), .error(let y)): return x == y
    default: return a.typeName == b.typeName && a.rulesEquals(b)
    }
  }
}

/// Short spellings for building conformance rows by calling the API directly.
enum Conformance {
  static let regexes = RegexCache()

  static func call(_ receiver: Value, _ name: String, _ arguments: Value...) -> Value {
    Builtins.method(receiver, name, arguments, regexes: regexes)
  }

  static func global(_ name: String, _ arguments: Value...) -> Value { Builtins.global(name, arguments) }

  static func namespace(_ namespace: String, _ name: String, _ arguments: Value...) -> Value {
    Builtins.namespace(namespace, name, arguments)
  }

  static func binary(_ left: Value, _ op: BinaryOperator, _ right: Value) -> Value {
    Operators.binary(op, left, right)
  }

  static func error(_ message: String) -> Value { .error(EvaluationError(message)) }

  static func strings(_ values: String...) -> Value { .list(values.map(Value.string)) }

  static func set(_ values: Value...) -> Value { .set(ValueSet(values)) }

  static func stringSet(_ values: String...) -> Value { .set(ValueSet(values.map(Value.string))) }

  /// A UTC timestamp from its civil parts.
  static func time(
    _ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0, _ minute: Int64 = 0,
    _ second: Int64 = 0, nanos: Int64 = 0
  ) -> Value {
    let date = Builtins.namespace("timestamp", "date", [.int(year), .int(month), .int(day)])
    let offset = Builtins.namespace(
      "duration", "time", [.int(hour), .int(minute), .int(second), .int(nanos)])
    return Operators.binary(.add, date, offset)
  }

  static func duration(_ seconds: Int64, _ nanos: Int32 = 0) -> Value {
    .duration(RulesDuration(seconds: seconds, nanos: nanos))
  }

  static func unsupported(_ received: String, _ expected: String) -> Value {
    error("Unsupported operation error. Received: \(received). Expected: \(expected).")
  }

  static func argumentCount(_ received: Int, _ expected: String) -> Value {
    error("Incorrect number of arguments. Received: \(received). Expected: \(expected).")
  }

  static func notFound(_ name: String) -> Value { .error(.functionNotFound(name)) }
}

@Suite struct RegexCacheTests {
  @Test func compilesEachPatternOnceAndCachesFailures() throws {
    let cache = RegexCache()
    let first = try cache.pattern("a+").get()
    let second = try cache.pattern("a+").get()
    #expect(first == second)
    #expect(cache.count == 1)
    #expect(throws: EvaluationError.invalidRegex(pattern: "(")) { try cache.pattern("(").get() }
    #expect(cache.count == 2)
  }

  @Test func stopsCachingAtCapacityButStillCompiles() throws {
    let cache = RegexCache(capacity: 2)
    for source in ["a", "b", "c", "d"] { _ = try cache.pattern(source).get() }
    #expect(cache.count == 2)
    #expect(try cache.pattern("d").get().matchesWhole("d"))
  }

  @Test func isSafeToShareAcrossTasks() async throws {
    let cache = RegexCache()
    let results = await withTaskGroup(of: Bool.self) { group in
      for index in 0..<64 {
        group.addTask {
          let digit = index % 8
          return (try? cache.pattern("x\(digit)+").get().matchesWhole("x\(digit)\(digit)")) == true
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results.count == 64 && results.allSatisfy { $0 })
    #expect(cache.count == 8)
  }
}
