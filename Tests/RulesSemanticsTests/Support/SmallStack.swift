import Foundation

/// Runs `body` on a new thread whose stack is `bytes` long, and returns its result (as
/// `RulesSyntaxTests` does for the parser: Apple platforms give secondary threads 512 KiB).
func onSmallStack<T: Sendable>(bytes: Int = 512 * 1024, _ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.stackSize = bytes
    thread.start()
  }
}
