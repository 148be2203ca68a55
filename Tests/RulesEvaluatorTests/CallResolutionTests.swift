import RulesEvaluator
import RulesSemantics
import Testing

private typealias T = Conformance

/// Built-ins are declared once (``BuiltinFunctionID``, ``BuiltinMethodID``) and resolved when
/// compiling; a call of a name nothing has still compiles, and fails when evaluated with
/// production's error (decisions.md §21).
@Suite struct CallResolutionTests {
  /// A value of every type that has methods.
  static let receivers: [(type: ValueType, value: Value)] = [
    (.string, .string("abc")), (.bytes, .bytes([1])), (.list, T.strings("a")), (.map, .map(["a": .int(1)])),
    (.set, T.stringSet("a")), (.mapDiff, .mapDiff(MapDiff(left: [:], right: [:]))),
    (.path, .path(PathValue(segments: ["a"]))), (.timestamp, T.time(2025, 1, 1)), (.duration, T.duration(1)),
    (.latlng, .latlng(LatLng(latitude: 1, longitude: 2))), (.bool, .bool(true)), (.int, .int(1)),
    (.float, .float(1)),
  ]

  static let notFoundPrefix = "Function not found error"

  @Test("the evaluator implements exactly the methods the catalogue lists, per receiver type")
  func methodsMatchTheCatalogue() {
    #expect(Set(Self.receivers.map(\.type)) == Set(ValueType.allCases).subtracting([.null]))
    for (type, receiver) in Self.receivers {
      for method in BuiltinMethodID.allCases {
        let declared = BuiltinCatalogue.methods[type]?[method.rawValue] != nil
        // No arguments: an implemented method answers with a value or an argument error.
        let result = Builtins.method(receiver, method, [], regexes: T.regexes)
        var implemented = true
        if case .error(let error) = result, error.message.hasPrefix(Self.notFoundPrefix) {
          implemented = false
        }
        #expect(implemented == declared, "\(type.rawValue).\(method)()")
      }
    }
  }

  @Test("every function the catalogue lists is implemented", arguments: BuiltinFunctionID.allCases)
  func functionsMatchTheCatalogue(_ function: BuiltinFunctionID) {
    let signature = function.signature
    let table =
      function.namespace.map { BuiltinCatalogue.namespaceFunctions[$0] } ?? BuiltinCatalogue.globalFunctions
    #expect(table?[function.name]?.parameters == signature.parameters)
    let arguments = [Value](repeating: .null, count: signature.parameters.count)
    let result = Builtins.call(function, arguments)
    if case .firestore = function {
      // Reached only with a wrong argument count: a call with one argument is a look-up.
      #expect(result.displayText == "error: Function not found error: Name: [\(function)].")
    } else if case .error(let error) = result {
      #expect(!error.message.hasPrefix(Self.notFoundPrefix), "\(function)")
    }
  }

  @Test("names resolve to the built-ins the checker knows")
  func namesResolve() {
    #expect(BuiltinFunctionID(namespace: nil, name: "int") == .global(.int))
    #expect(BuiltinFunctionID(namespace: "math", name: "abs") == .math(.abs))
    #expect(BuiltinFunctionID(namespace: "duration", name: "abs") == .duration(.abs))
    #expect(BuiltinFunctionID(namespace: nil, name: "bool") == nil)
    #expect(BuiltinFunctionID(namespace: "math", name: "isInfinite") == nil)
    #expect(BuiltinFunctionID(namespace: "request", name: "size") == nil)
    #expect(BuiltinFunctionID.math(.isNaN).description == "math.isNaN")
    #expect(BuiltinMethodID(rawValue: "startsWith") == nil)
    for name in BuiltinCatalogue.unavailableFunctions.keys {
      let parts = name.split(separator: ".").map(String.init)
      #expect(BuiltinFunctionID(namespace: parts.count == 2 ? parts[0] : nil, name: parts.last ?? "") == nil)
    }
  }

  static let unknownCalls: [ExpressionCase] = [
    ExpressionCase("'abc'.startsWith('a')", failsWith: "Function not found error: Name: [startsWith]."),
    ExpressionCase("[1].startsWith(1, 2, 3)", failsWith: "Function not found error: Name: [startsWith]."),
    ExpressionCase("null.startsWith('a')", failsWith: "Null value error."),
    ExpressionCase("(1 / 0).startsWith('a')", failsWith: "Divide by zero error."),
    ExpressionCase("'abc'.startsWith(1 / 0)", failsWith: "Divide by zero error."),
    ExpressionCase("'abc'.keys()", failsWith: "Function not found error: Name: [keys]."),
    ExpressionCase("true.size()", failsWith: "Function not found error: Name: [size]."),
    ExpressionCase("bool('true')", failsWith: "Function not found error: Name: [bool]."),
    ExpressionCase("nothing(1 / 0)", failsWith: "Divide by zero error."),
    ExpressionCase("math.isInfinite(1.0)", failsWith: "Function not found error: Name: [math.isInfinite]."),
    ExpressionCase("hashing.sha1('a')", failsWith: "Function not found error: Name: [hashing.sha1]."),
    ExpressionCase("firestore.get()", failsWith: "Function not found error: Name: [firestore.get]."),
    ExpressionCase("'abc'.size(1)", failsWith: "Incorrect number of arguments. Received: 1."),
    ExpressionCase("math.abs()", failsWith: "Incorrect number of arguments. Received: 0."),
    ExpressionCase("'abc'.startsWith('a') || true", .bool(true)),
    ExpressionCase("'abc'.size() == 3 && duration.abs(duration.value(-1, 's')).seconds() == 1", .bool(true)),
  ]

  @Test("calls of unknown names compile and fail when evaluated", arguments: unknownCalls)
  func unknownCallsFailWhenEvaluated(_ row: ExpressionCase) {
    let value = CompiledRuleset.evaluate(row.expression, bindings: row.bindings)
    switch row.expected {
    case .value(let expected): #expect(value.displayText == expected.displayText)
    case .error(let prefix): #expect(value.displayText.hasPrefix("error: " + prefix), "\(value.displayText)")
    }
  }

  @Test("a file calling an unknown method deploys, runs, and its allow grants nothing")
  func unknownMethodDenies() throws {
    let ruleset = CompiledRuleset(
      source: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /files/{name} {
              allow get: if name.startsWith('public-');
              allow list: if name.startsWith('x') || true;
            }
          }
        }
        """)
    let time = Timestamp(seconds: 0, nanos: 0)
    let get = ruleset.decide(
      Request(method: .get, bucket: "b", path: "files/public-a", time: time), trace: true)
    #expect(!get.allowed)
    let outcomes = get.trace.flatMap(\.allows).map(\.outcome)
    #expect(outcomes.contains(.error("Function not found error: Name: [startsWith].")))
    #expect(ruleset.decide(Request(method: .list, bucket: "b", path: "files", time: time)).allowed)
  }
}
