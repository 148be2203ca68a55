import Foundation

/// Runs `body` on a new thread whose stack is `bytes` long, and returns its result.
///
/// Apple platforms give secondary threads 512 KiB of stack, as the language server's may be;
/// Linux usually gives 8 MiB. An overflow crashes the test process, which is how it shows.
func onSmallStack<T: Sendable>(bytes: Int = 512 * 1024, _ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.stackSize = bytes
    thread.start()
  }
}
