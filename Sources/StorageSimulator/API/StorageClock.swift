import RulesEvaluator

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// Where a ``Storage`` takes `request.time` from.
public enum StorageClock: Sendable, Hashable {
  /// The system's wall clock.
  case system
  /// Always this time: for tests.
  case fixed(Timestamp)

  /// The current time.
  public func now() -> Timestamp {
    switch self {
    case .fixed(let time): return time
    case .system:
      var spec = timespec()
      clock_gettime(CLOCK_REALTIME, &spec)
      return Timestamp(seconds: Int64(spec.tv_sec), nanos: Int32(spec.tv_nsec))
    }
  }
}
