import Dispatch
import RulesSyntax
import Synchronization

/// The rules of one check, taken one at a time, in order, by the calling thread and by the
/// thread that decided the access facts (``AccessFactsPrefetch``) once those are stored: on a
/// large file the shared facts keep the calling thread busy for about as long as the access
/// facts keep the other, and the rules after them are then split between both.
///
/// Each rule writes its own report, kept in its place, so the findings are those of running
/// the rules one after another: the facts and memo they read are the same whichever thread
/// computes them first (``LintContext``). What a shared budget leaves to each rule depends on
/// the order they run in; ``RuleCatalogue`` runs them again on one thread when one ran short.
///
/// Contract: ``run(on:)`` is called once, by the thread that made the context; ``help()`` at
/// most once, from another thread. ``run(on:)`` returns once every rule has run and neither
/// thread runs one any more.
final class SharedRuleRun: Sendable {
  private let rules: [any LintRule]
  /// The positions in ``rules`` in the order they are handed out.
  private let order: [Int]

  private struct State {
    var context: LintContext?
    /// The next position in ``order`` to hand out.
    var next = 0
    var reports: [[Diagnostic]]
    /// Whether the helping thread is between taking its first rule and finishing its last.
    var helping = false
    /// Whether the calling thread took its last rule and waits for the helping one.
    var closed = false
  }

  private let state: Mutex<State>
  /// Signalled once the context is there to run rules on.
  private let published = DispatchSemaphore(value: 0)
  /// Signalled by the helping thread when it is done while the calling thread waits.
  private let helped = DispatchSemaphore(value: 0)

  /// - Parameter order: the positions in `rules` to run, first to last.
  init(_ rules: [any LintRule], order: [Int]) {
    self.rules = rules
    self.order = order
    self.state = Mutex(State(reports: Array(repeating: [], count: rules.count)))
  }

  /// Runs rules from the other thread until none is left, once the context is published;
  /// returns at once if the calling thread already took the last one.
  func help() {
    published.wait()
    guard
      let context = state.withLock({ state -> LintContext? in
        guard !state.closed, state.next < order.count else { return nil }
        state.helping = true
        return state.context
      })
    else { return }
    drain(context)
    let waited = state.withLock { state in
      state.helping = false
      return state.closed
    }
    if waited { helped.signal() }
  }

  /// The findings of every rule on `context`, each rule's in its place in ``rules``, with the
  /// helping thread taking rules too once it comes.
  func run(on context: LintContext) -> [[Diagnostic]] {
    state.withLock { $0.context = context }
    published.signal()
    drain(context)
    let wait = state.withLock { state in
      state.closed = true
      return state.helping
    }
    if wait { helped.wait() }
    // The caller decides where the context is freed (``BackgroundRelease``): this run keeps
    // no reference to it.
    return state.withLock { state in
      state.context = nil
      return state.reports
    }
  }

  /// Takes the next rule and runs it, until none is left.
  private func drain(_ context: LintContext) {
    while let index = state.withLock({ state -> Int? in
      guard state.next < order.count else { return nil }
      defer { state.next += 1 }
      return order[state.next]
    }) {
      var report = RuleReport(id: rules[index].descriptor.id)
      rules[index].check(context, report: &report)
      let diagnostics = report.diagnostics
      state.withLock { $0.reports[index] = diagnostics }
    }
  }
}
