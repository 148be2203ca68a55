import RulesSemantics
import RulesSyntax

extension CompiledRuleset {
  /// Evaluates one expression with `bindings` as its free variables (version 2 rules, a `get`
  /// of `/b/test-bucket/o/x` signed out, so `request` and `resource` exist), for conformance
  /// tables and debugging. A syntax error is returned as an error value.
  public static func evaluate(
    _ expression: String, bindings: [String: Value] = [:],
    firestore: FirestoreDocuments = FirestoreDocuments()
  ) -> Value {
    let names = bindings.keys.sorted()
    let text = """
      rules_version = '2';
      function expressionUnderTest(\(names.joined(separator: ", "))) {
        return \(expression);
      }
      service firebase.storage { match /b/{bucket}/o { match /x { allow get: if expressionUnderTest(\(names.joined(separator: ", "))); } } }
      """
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(text, path: "<expression>"))
    if let error = checked.file.diagnostics.first(where: { $0.severity == .error }) {
      return .error(EvaluationError("syntax error: \(error.message)"))
    }
    let ruleset = CompiledRuleset(checked)
    guard
      let index = checked.functions.firstIndex(where: { $0.declaration.name.name == "expressionUnderTest" })
    else {
      return .error(EvaluationError("no function"))
    }
    let request = Request(
      method: .get, bucket: "test-bucket", path: "x", time: Timestamp(seconds: 0, nanos: 0))
    var evaluation = Evaluation(program: ruleset.program, request: request.context, firestore: firestore)
    let function = ruleset.program.functions[index]
    var slots: [Frame.Slot] = names.map { .done(bindings[$0] ?? .null) }
    for binding in function.lets { slots.append(.binding(binding)) }
    evaluation.slots = slots
    return evaluation.evaluate(function.body, Frame(base: 0, count: slots.count))
  }
}
