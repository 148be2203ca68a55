import RulesSemantics
import RulesSyntax
import Synchronization

/// Works out what an expression evaluates to whatever the request, by running the evaluator
/// itself on it (cel-go folds constants the same way), so the linter and `simulate` cannot
/// disagree on what `1 / 0`, `int('x')` or `timestamp.date(2025, 13, 1)` is.
///
/// What a request supplies (`request`, `resource`, wildcards, Firestore look-ups) evaluates to
/// an unknown value, which operators and calls pass on like an error, and which `&&` and `||`
/// absorb only when the other operand decides (`x || true` is true whatever `x` is; so an
/// unknown is taken never to end the request, as a third Firestore look-up in it would). Calls
/// of user functions are evaluated as when deciding, with the evaluator's budgets and limits
/// (``EvaluationLimits``): a value that would outgrow its limit is the same error value.
///
/// All the folds of one folder share ``EvaluationLimits/maximumFoldingWork``: once it is
/// spent, every value is unknown (nil), so folding a whole file takes bounded time. A fold
/// that surely ends unknown (``UnknownSpines``: most conditions read the request first) is
/// neither compiled nor evaluated, and spends nothing.
public struct ConstantFolder: Sendable {
  /// The checked ruleset every fold's compiler reads.
  let input: Compiler.Input
  /// The user functions, compiled by the first fold that is evaluated (on whichever thread)
  /// with ``functionCompiler`` and shared by the folder's copies: on a large file most folds
  /// surely end unknown, and no fold of most files calls a function.
  private let program = ComputedOnce<Program>()
  /// The folding compiler the functions are compiled with (its arena becomes the program's).
  private let functionCompiler: Compiler
  /// Compiles the literals and names folded without evaluating them.
  private let leaves: Compiler
  /// Each user function's ``UnknownSpine``, for the folds that surely end unknown; nil to
  /// evaluate every fold (for tests of the spines).
  private let spines: UnknownSpines?
  /// Work units spent by all folds so far (shared by copies of this folder).
  private let spent = SharedCount()
  /// Never read: every read of the request compiles to an unknown value.
  private let request = Request(
    method: .get, bucket: "", path: "", time: Timestamp(seconds: 0, nanos: 0)
  ).context

  public init(_ checked: CheckedRuleset) {
    self.init(checked, skipsSurelyUnknown: true)
  }

  /// A folder that evaluates even the folds that surely end unknown when `skipsSurelyUnknown`
  /// is false (what the spines are checked against).
  init(_ checked: CheckedRuleset, skipsSurelyUnknown: Bool) {
    let input = Compiler.Input(checked)
    let compiler = Compiler(input: input, folding: true)
    self.input = input
    self.leaves = compiler
    self.spines = skipsSurelyUnknown ? UnknownSpines(compiler) : nil
    self.functionCompiler = compiler
  }

  /// Whether less than a request's budget (``EvaluationLimits/maximumWork``) is left of
  /// ``EvaluationLimits/maximumFoldingWork``. Until then every fold starts with a request's
  /// whole budget, so what it gives does not depend on the folds before it.
  public var hasLessThanARequestLeft: Bool {
    EvaluationLimits.maximumFoldingWork - spent.value.withLock { $0 } < EvaluationLimits.maximumWork
  }

  /// The value of `expression`, a part of the checked ruleset, for every request; nil when it
  /// depends on the request. An error value means evaluating it always fails.
  ///
  /// - Parameter locals: the values of the parameters and `let` names of the enclosing function
  ///   that `expression` reads, when the caller knows them; any other is unknown.
  public func value(of expression: Expression, locals: [ResolvedName: Value] = [:]) -> Value? {
    let left = EvaluationLimits.maximumFoldingWork - spent.value.withLock { $0 }
    guard left > 0 else { return nil }
    let context = Compiler.Context(wildcards: [], function: nil, locals: locals)
    // With less than a request's budget left, start as if the rest had been spent.
    let start = max(0, EvaluationLimits.maximumWork - left)
    let (value, charged) = evaluate(expression, context, startingAt: start)
    spent.value.withLock { $0 += charged }
    if case .error(let error) = value {
      if error.kind == .unknown { return nil }
      // Out of the folder's budget, not of a request's: nothing is known.
      if error == .workLimit && start > 0 { return nil }
    }
    return value
  }
}

extension ConstantFolder {
  /// The value of `expression` in `context`, evaluated with `start` work spent, and the work
  /// it charges to the folder: what it spent, plus ``EvaluationLimits/foldingWorkPerExpression``
  /// per expression evaluated. An expression whose fold surely ends unknown
  /// (``UnknownSpines/spine(_:_:depth:)``) is that, charged nothing.
  private func evaluate(
    _ expression: Expression, _ context: Compiler.Context, startingAt start: Int
  ) -> (Value, charged: Int) {
    // A literal or a name is one node: valued without compiling or evaluating it, and charged
    // as evaluating it is (no work, one expression).
    switch leaves.leaf(expression, context) {
    case .constant(let value)?: return (value, EvaluationLimits.foldingWorkPerExpression)
    case .failure(let error)?: return (.error(error), EvaluationLimits.foldingWorkPerExpression)
    default: break
    }
    // Surely unknown (`request.auth != null && isOwner(x)`, most conditions): not compiled nor
    // evaluated, and charged nothing. (Every function's spine is worked out already: the copy
    // changes nothing.)
    if var spines, spines.spine(expression, context) != nil {
      return (.error(.unknown), 0)
    }
    let functions = program.value { [functionCompiler, count = input.checked.functions.count] in
      var compiler = functionCompiler
      let compiled = (0..<count).map { compiler.compileFunction($0) }
      return Program(functions: compiled, regexes: RegexCache(), arena: compiler.arena)
    }
    var compiler = Compiler(input: input, folding: true)
    let node = compiler.compile(expression, context)
    // The fold's nodes live in its compiler's arena, kept until they are evaluated.
    return withExtendedLifetime(compiler.arena) {
      var evaluation = Evaluation(program: functions, request: request, firestore: FirestoreDocuments())
      evaluation.work = start
      let value = evaluation.evaluate(node, nil)
      let charged =
        evaluation.work - start + evaluation.expressions * EvaluationLimits.foldingWorkPerExpression
      return (value, charged)
    }
  }
}

extension EvaluationError {
  /// A value only a request supplies, while folding (``Kind/unknown``).
  static let unknown = EvaluationError("The value depends on the request.", kind: .unknown)
}

/// A count that copies of a value type share.
private final class SharedCount: Sendable {
  let value = Mutex<Int>(0)
}
