/// Reusing a statement's evaluation alone (``TraceDetail/everyStatement``) as its evaluation in
/// the decision's sequence, instead of evaluating the condition a second time.
extension Evaluation {
  /// Whether this evaluation has evaluated nothing yet and records nothing (no trace, no
  /// coverage): evaluating a condition here is then evaluating it on a fresh evaluation of the
  /// same request and pattern, and leaves this one as ``absorb(_:)`` of that fresh evaluation
  /// would, or as evaluating the condition here again where it would not take it over.
  var isUnspent: Bool {
    expressions == 0 && work == 0 && callDepth == 0 && slots.isEmpty && lookups.isEmpty && fatal == nil
      && traced == nil && coverage == nil
  }

  /// Takes over what `alone` spent, when it evaluated, on a fresh budget, the same condition
  /// this evaluation is about to evaluate (same request, block and bindings), and returns true
  /// when this evaluation would have reached the same value; returns false, changing nothing,
  /// otherwise.
  ///
  /// The value is the same when no budget runs out in either: the expressions, work units and
  /// Firestore documents counted are then the same sequence of the same values, started from
  /// this evaluation's counts instead of zero, and a document this evaluation looked up already
  /// reads the same as a fresh look-up. So the reuse holds when the sums stay within
  /// ``EvaluationLimits`` (the union of documents within ``EvaluationLimits/maximumLookups``),
  /// `alone` ended on no fatal error, and nothing is recorded (no trace, no coverage, which
  /// would miss the nodes).
  mutating func absorb(_ alone: Evaluation) -> Bool {
    guard traced == nil, coverage == nil, alone.fatal == nil,
      expressions + alone.expressions <= EvaluationLimits.maximumExpressions,
      work + alone.work <= EvaluationLimits.maximumWork
    else { return false }
    // The usual statement reads no document: nothing to merge, no map copied.
    if alone.lookups.isEmpty {
      guard lookups.count <= EvaluationLimits.maximumLookups else { return false }
    } else {
      var documents = lookups
      for (key, value) in alone.lookups where documents[key] == nil { documents[key] = value }
      guard documents.count <= EvaluationLimits.maximumLookups else { return false }
      lookups = documents
    }
    expressions += alone.expressions
    work += alone.work
    return true
  }
}
