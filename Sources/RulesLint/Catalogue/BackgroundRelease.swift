import Dispatch

/// Drops references on another thread, so that freeing what they hold overlaps the caller's
/// next steps instead of delaying them.
///
/// A large file's ``LintContext`` (its facts, memo, compiled rules and the syntax tree they
/// share) takes about a tenth of the whole lint to free; ``RuleCatalogue`` hands it here when
/// it may use another core (`concurrentFacts`). Whichever thread drops the last reference
/// frees the value, so this changes when memory is returned, never what is computed.
enum BackgroundRelease {
  /// Releases `value` on a global queue once the caller has dropped its own references.
  static func release(_ value: some AnyObject & Sendable) {
    DispatchQueue.global().async { withExtendedLifetime(value) {} }
  }
}
