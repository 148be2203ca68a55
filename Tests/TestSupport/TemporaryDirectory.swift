import Foundation

/// A fresh directory under the system's temporary folder, removed when released.
public final class TemporaryDirectory {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rulescheck-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `contents` to `path` (relative, `/`-separated), creating folders on the way.
  @discardableResult
  public func write(_ path: String, _ contents: String) throws -> URL {
    try write(path, bytes: Array(contents.utf8))
  }

  @discardableResult
  public func write(_ path: String, bytes: [UInt8]) throws -> URL {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: file)
    return file
  }
}
