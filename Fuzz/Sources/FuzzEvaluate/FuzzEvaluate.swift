import FuzzSupport
import RulesEvaluator
import RulesReport
import RulesSemantics
import RulesSyntax

/// Bytes as rules decided against a fixed request mix (first byte even), or as a batch of
/// JSON-lines requests decided against `examples/storage.rules` (first byte odd).
///
/// Invariants: every way of deciding (no trace, statements, values, every statement alone, with
/// coverage) gives the same decision; decision JSON parses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvaluate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  if data[0] & 1 == 0 {
    let checked = SemanticAnalyzer.analyze(SourceFile(path: "fuzz.rules", bytes: bytes))
    guard let ruleset = try? CompiledRuleset(deploying: checked) else { return 0 }
    decideAll(Fixtures.requests, ruleset)
  } else {
    guard let text = String(validating: bytes, as: UTF8.self),
      let requests = try? RequestBatch.parse(text)
    else { return 0 }
    decideAll(requests, Fixtures.ruleset)
  }
  return 0
}

private func decideAll(_ requests: [RequestInput], _ ruleset: CompiledRuleset) {
  let writer = DecisionJSON(source: ruleset.checked.source, layout: .compact)
  var coverage = RulesCoverage(ruleset)
  for input in requests {
    let request = input.request(now: Fixtures.now)
    let plain = ruleset.decide(request)
    let statements = ruleset.decide(request, firestore: FirestoreDocuments(), detail: .statements)
    let values = ruleset.decide(request, trace: true)
    let alone = ruleset.decide(request, firestore: FirestoreDocuments(), detail: .everyStatement)
    let covered = ruleset.decide(request, coverage: &coverage)
    for (other, how) in [
      (statements, "statements"), (values, "values"), (alone, "every statement"), (covered, "coverage"),
    ] {
      Invariant.require(
        other.allowed == plain.allowed && other.error == plain.error && other.reason == plain.reason,
        "deciding with \(how) disagrees with the plain decision for \(request.method) \(request.path)")
    }
    Invariant.requireJSON(writer.document(values, explain: true).serialized(.compact), "decision JSON")
  }
}
