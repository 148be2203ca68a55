import Foundation

/// Runs `body` on a new thread whose stack is `bytes` long, and returns its result.
///
/// Apple platforms give secondary threads (Swift Testing's among them) 512 KiB of stack; Linux
/// usually gives 8 MiB. Running deep inputs here makes every platform face the small stack. An
/// overflow crashes the test process, which is how such a failure shows.
func onSmallStack<T: Sendable>(bytes: Int = 512 * 1024, _ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.stackSize = bytes
    thread.start()
  }
}
