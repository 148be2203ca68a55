import Dispatch
import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Synchronization
import Testing

/// Completion handlers, `Result` handlers and tasks with observers, after firebase-ios-sdk's
/// integration tests (`FirebaseStorage/Tests/Integration/StorageIntegration.swift`; each test
/// names the one it follows) and the SDK's observer semantics. Tasks run on the callback queue
/// once it is free: code that must act before a task runs (pause, cancel, observers of the
/// first events) runs on that queue, as the SDK's `testCancelErrorCode` does from a handler.
@Suite("Tasks and completion handlers")
struct TaskAndCompletionTests {
  /// The events a task's observers saw, in order.
  final class Events: Sendable {
    let seen = Mutex<[String]>([])
    func add(_ event: String) { seen.withLock { $0.append(event) } }
    var all: [String] { seen.withLock { $0 } }
  }

  /// testSimplePutData (completion form): the handler gets the metadata, then the download
  /// URL's handler a URL.
  @Test func putDataCompletion() async throws {
    let storage = Fixtures.storage()
    let riversRef = storage.reference(withPath: "images/rivers.jpg")
    let (metadata, error): (StorageMetadata?, Error?) = await withCheckedContinuation { continuation in
      riversRef.putData(Fixtures.hello, metadata: nil) { metadata, error in
        continuation.resume(returning: (metadata, error))
      }
    }
    #expect(error == nil)
    #expect(metadata?.size == 17)
    let url: URL? = await withCheckedContinuation { continuation in
      riversRef.downloadURL { url, _ in continuation.resume(returning: url) }
    }
    #expect(url?.absoluteString.hasSuffix("images%2Frivers.jpg?alt=media&token=") == false)
    #expect(url?.absoluteString.contains("/o/images%2Frivers.jpg?alt=media&token=") == true)
  }

  /// The SDK's observers: added right after the call, they see resume, progress with every byte
  /// done, then success with the metadata; the task's snapshot then reads success.
  @Test func uploadObserversSeeEveryEvent() async throws {
    let storage = Fixtures.storage()
    let events = Events()
    let snapshot: StorageTaskSnapshot = await withCheckedContinuation { continuation in
      storage.callbackQueue.sync {
        let task = storage.reference(withPath: "a/b").putData(Fixtures.hello)
        task.observe(.resume) { _ in events.add("resume") }
        task.observe(.progress) { snapshot in
          let progress = snapshot.progress
          events.add("progress \(progress?.completedUnitCount ?? -1)/\(progress?.totalUnitCount ?? -1)")
        }
        task.observe(.failure) { _ in events.add("failure") }
        task.observe(.success) { snapshot in
          events.add("success")
          continuation.resume(returning: snapshot)
        }
      }
    }
    #expect(events.all == ["resume", "progress 17/17", "success"])
    #expect(snapshot.status == .success && snapshot.error == nil)
    #expect(snapshot.metadata?.size == 17 && snapshot.reference.fullPath == "a/b")
    #expect(snapshot.task.snapshot.status == .success)
    #expect(snapshot.description == "<State: Success>")
  }

  /// An observer added after the task ended is called once with the end, as in the SDK, and
  /// (unlike the SDK) a progress observer with the progress.
  @Test func lateObserversSeeTheEnd() async throws {
    let storage = Fixtures.storage(rules: Fixtures.rules("match /{f} { allow create: if false; }"))
    let task = storage.reference(withPath: "x").putData(Fixtures.hello)
    let first: StorageTaskStatus = await withCheckedContinuation { continuation in
      task.observe(.failure) { continuation.resume(returning: $0.status) }
    }
    #expect(first == .failure)
    let late: String = await withCheckedContinuation { continuation in
      task.observe(.failure) { continuation.resume(returning: $0.error?.localizedDescription ?? "") }
    }
    #expect(late == "User does not have permission to access gs://bkt/x.")
    let done = Fixtures.storage().reference(withPath: "y").putData(Data([1, 2, 3]))
    _ = await withCheckedContinuation { c in done.observe(.success) { c.resume(returning: $0.status) } }
    let progress: Int64 = await withCheckedContinuation { continuation in
      done.observe(.progress) { continuation.resume(returning: $0.progress?.completedUnitCount ?? -1) }
    }
    #expect(progress == 3)
  }

  /// testCancelErrorCode: a cancelled download fails with `cancelled` and the SDK's message.
  @Test func cancelledDownload() async throws {
    try await Fixtures.withTemporaryDirectory { directory in
      let storage = Fixtures.storage()
      let ref = storage.reference(withPath: "ios/public/helloworld")
      _ = try await ref.putDataAsync(Fixtures.hello)
      let fileURL = directory.appendingPathComponent("hello.txt")
      let (message, code): (String, Int) = await withCheckedContinuation { continuation in
        storage.callbackQueue.sync {
          let task = ref.write(toFile: fileURL)
          task.observe(.success) { _ in continuation.resume(returning: ("success", 0)) }
          task.observe(.failure) { snapshot in
            let error = snapshot.error
            continuation.resume(
              returning: (error?.localizedDescription ?? "", (error as NSError?)?.code ?? 0))
          }
          task.cancel()
        }
      }
      #expect(message == "User cancelled the upload/download.")
      #expect(code == StorageErrorCode.cancelled.rawValue)
      #expect(!FileManager.default.fileExists(atPath: fileURL.path))
    }
  }

  /// A cancelled upload stores nothing; a paused one waits for `resume()`.
  @Test func pauseResumeAndCancelUploads() async throws {
    let storage = Fixtures.storage()
    let events = Events()
    let cancelled = storage.callbackQueue.sync {
      let task = storage.reference(withPath: "cancelled").putData(Fixtures.hello)
      task.cancel()
      return task
    }
    await withCheckedContinuation { continuation in
      storage.callbackQueue.sync {
        let task = storage.reference(withPath: "paused").putData(Fixtures.hello)
        task.pause()
        task.observe(.pause) { _ in
          events.add("pause")
          task.resume()
        }
        task.observe(.success) { _ in
          events.add("success")
          continuation.resume()
        }
      }
    }
    #expect(events.all == ["pause", "success"])
    #expect(storage.objects.object(named: ObjectName("paused")) != nil)
    #expect(storage.objects.object(named: ObjectName("cancelled")) == nil)
    #expect(cancelled.snapshot.status == .failure)
  }

  /// testSimpleGetDataWithCustomCallbackQueue: handlers run on the queue the storage names.
  @Test func customCallbackQueue() async throws {
    let storage = Fixtures.storage()
    let key = DispatchSpecificKey<String>()
    let queue = DispatchQueue(label: "custom")
    queue.setSpecific(key: key, value: "custom")
    storage.callbackQueue = queue
    let ref = storage.reference(withPath: "ios/public/1mb")
    _ = try await ref.putDataAsync(Fixtures.hello)
    let onQueue: Bool = await withCheckedContinuation { continuation in
      ref.getData(maxSize: 1024) { _, _ in
        continuation.resume(returning: DispatchQueue.getSpecific(key: key) == "custom")
      }
    }
    #expect(onQueue)
  }

  /// testSimpleGetDataTooSmall (`Result` form): handlers get the SDK's `NSError`, with the
  /// sizes in its user info.
  @Test func getDataResultTooSmall() async throws {
    let ref = Fixtures.storage().reference(withPath: "ios/public/1mb")
    _ = try await ref.putDataAsync(Data(count: 2048))
    let result: Result<Data, Error> = await withCheckedContinuation { continuation in
      ref.getData(maxSize: 1024) { continuation.resume(returning: $0) }
    }
    guard case .failure(let failure) = result else {
      Issue.record("expected a failure, got \(result)")
      return
    }
    #expect(!(failure is StorageError))
    let error = failure as NSError
    #expect(error.domain == StorageErrorDomain)
    #expect(StorageErrorCode(rawValue: error.code) == .downloadSizeExceeded)
    #expect(error.userInfo["totalSize"] as? Int64 == 2048)
    #expect(error.userInfo["maxAllowedSize"] as? Int64 == 1024)
  }

  /// testDeleteWithNilCompletion: the delete happens without a handler.
  @Test func deleteWithNilCompletion() async throws {
    let storage = Fixtures.storage(["ios/public/fileToDelete"])
    storage.reference(withPath: "ios/public/fileToDelete").delete(completion: nil)
    #expect(storage.objects.count == 0)
  }

  /// testPagedListFilesTooManyError: `maxResults` over 1,000 fails before the rules are asked.
  @Test func listTooManyIsAnInvalidArgument() async {
    let ref = Fixtures.storage(rules: Fixtures.rules("match /{f} { allow list: if false; }")).reference()
    let error: Error? = await withCheckedContinuation { continuation in
      ref.list(maxResults: 22222) { _, error in continuation.resume(returning: error) }
    }
    #expect((error as NSError?)?.code == StorageErrorCode.invalidArgument.rawValue)
    #expect(error?.localizedDescription == "Argument 'maxResults' must be between 1 and 1000 inclusive.")
  }

  /// The `Result` forms of list, metadata and update carry what the async forms return.
  @Test func resultForms() async throws {
    let storage = Fixtures.storage(["d/a", "d/b"])
    let ref = storage.reference(withPath: "d")
    let all: Result<StorageListResult, Error> = await withCheckedContinuation { c in
      ref.listAll { c.resume(returning: $0) }
    }
    #expect(try Fixtures.paths(all.get().items) == ["d/a", "d/b"])
    let page: Result<StorageListResult, Error> = await withCheckedContinuation { c in
      ref.list(maxResults: 1) { c.resume(returning: $0) }
    }
    let token = try #require(try page.get().pageToken)
    let next: Result<StorageListResult, Error> = await withCheckedContinuation { c in
      ref.list(maxResults: 1, pageToken: token) { c.resume(returning: $0) }
    }
    #expect(try Fixtures.paths(next.get().items) == ["d/b"])
    let change = StorageMetadata()
    change.contentType = "text/plain"
    let updated: Result<StorageMetadata, Error> = await withCheckedContinuation { c in
      ref.child("a").updateMetadata(change) { c.resume(returning: $0) }
    }
    #expect(try updated.get().contentType == "text/plain")
    let read: Result<StorageMetadata, Error> = await withCheckedContinuation { c in
      ref.child("a").getMetadata { c.resume(returning: $0) }
    }
    #expect(try read.get() == updated.get())
  }

  /// A removed observer is not called.
  @Test func removedObserversAreNotCalled() async {
    let storage = Fixtures.storage()
    let events = Events()
    await withCheckedContinuation { continuation in
      storage.callbackQueue.sync {
        let task = storage.reference(withPath: "x").putData(Fixtures.hello)
        let handle = task.observe(.success) { _ in events.add("removed") }
        task.observe(.progress) { _ in events.add("progress") }
        task.removeObserver(withHandle: handle)
        task.removeAllObservers(for: .progress)
        task.observe(.success) { _ in
          events.add("kept")
          continuation.resume()
        }
      }
    }
    #expect(events.all == ["kept"])
  }
}
