import Dispatch
import Synchronization

/// Drops references on another thread, so that freeing what they hold overlaps the caller's
/// next steps instead of delaying them.
///
/// A large file's ``LintContext`` (its facts, memo and compiled rules) takes about a tenth of
/// the whole lint to free, and its syntax tree (the ``RulesSemantics/CheckedRuleset``) about as
/// much again; ``RuleCatalogue`` hands the context here and ``LintRunner`` the checked file
/// when they may use another core (`concurrentFacts`). Whichever thread drops the last
/// reference frees the value, so this changes when memory is returned, never what is computed.
enum BackgroundRelease {
  /// Releases `value` (a reference, or a value holding references) on a global queue. A caller
  /// that gives up its own copy (`release(consume value)`) holds none once this returns, so the
  /// queue drops the last one whenever it runs.
  static func release<Value: Sendable>(_ value: consuming Value) {
    let handoff = Handoff(consume value)
    DispatchQueue.global().async(group: pending) { handoff.drop() }
  }

  /// Every release not yet run.
  private static let pending = DispatchGroup()

  /// Returns once every value handed over so far has been dropped.
  static func waitUntilDropped() {
    pending.wait()
  }
}

/// Holds a value until ``drop()``: the only copy, once the caller consumed its own.
private final class Handoff<Value: Sendable>: Sendable {
  private let held: Mutex<Value?>

  init(_ value: consuming Value) {
    held = Mutex(consume value)
  }

  func drop() {
    held.withLock { $0 = nil }
  }
}
