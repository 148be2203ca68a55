import RulesRegex
import Synchronization

/// Compiled patterns of `matches`, `replace` and `split`, shared by all requests: each pattern
/// string is compiled once (patterns are told apart by code units, as map keys are).
/// Thread-safe; holds at most `capacity` patterns of at most
/// ``EvaluationLimits/regexCachePatternBytes`` each, and compiles others on every use without
/// keeping them, so it never holds more than a few MiB.
public final class RegexCache: Sendable {
  public let capacity: Int
  private let patterns = Mutex<[MapKey: Result<RegexPattern, EvaluationError>]>([:])

  public init(capacity: Int = EvaluationLimits.regexCacheCapacity) {
    self.capacity = capacity
  }

  /// The compiled pattern, or the evaluation error for an invalid one (also cached).
  public func pattern(_ source: String) -> Result<RegexPattern, EvaluationError> {
    let key = MapKey(source)
    if let cached = patterns.withLock({ $0[key] }) { return cached }
    let compiled: Result<RegexPattern, EvaluationError>
    do {
      compiled = .success(try RegexPattern(source))
    } catch {
      compiled = .failure(.invalidRegex(pattern: source))
    }
    guard source.utf8.count <= EvaluationLimits.regexCachePatternBytes else { return compiled }
    patterns.withLock { cache in
      if cache.count < capacity { cache[key] = compiled }
    }
    return compiled
  }

  /// The number of patterns held.
  public var count: Int { patterns.withLock { $0.count } }
}
