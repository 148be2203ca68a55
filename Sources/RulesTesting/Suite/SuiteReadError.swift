/// Why a file a suite needs (the suite itself, a Firestore fixture) cannot be used: missing,
/// unreadable, not UTF-8 or over its size limit.
struct SuiteReadError: Error, Sendable, CustomStringConvertible {
  let reason: String

  init(_ reason: String) { self.reason = reason }

  var description: String { reason }
}
