import Foundation

/// Files for `putFile` and `write(toFile:)`.
extension StorageReference {
  /// The bytes of the regular file at `url`, or the SDK's error for a file it cannot upload.
  static func contents(ofFile url: URL) throws(StorageError) -> Data {
    if let error = unreadable(url) { throw error }
    guard let data = try? Data(contentsOf: url) else { throw unreachable(url) }
    return data
  }

  /// The SDK's error for `url` when it names no regular file (which the SDK's upload task
  /// checks before it starts), nil when it does.
  static func unreadable(_ url: URL) -> StorageError? {
    guard url.isFileURL, (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
    else { return unreachable(url) }
    return nil
  }

  private static func unreachable(_ url: URL) -> StorageError {
    .unknown(
      message: "File at URL: \(url.absoluteString) is not reachable. Ensure file URL is not a directory, "
        + "symbolic link, or invalid url.",
      serverError: [:])
  }

  /// `data` written to `url`, replacing what was there and creating missing folders.
  static func write(_ data: Data, to url: URL) throws(StorageError) {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url, options: .atomic)
    } catch {
      throw .unknown(
        message: "Failed to write \(url.absoluteString): \(error.localizedDescription)", serverError: [:])
    }
  }

  /// `metadata` (or new metadata) with the file's content type when none is set, as the SDK
  /// guesses it from the extension (`application/octet-stream` when not known).
  static func fileMetadata(_ metadata: StorageMetadata?, for url: URL) -> StorageMetadata {
    let result = metadata ?? StorageMetadata()
    if result.contentType == nil {
      result.contentType = mimeTypes[url.pathExtension.lowercased()] ?? "application/octet-stream"
    }
    return result
  }

  /// The common extensions' types (the SDK asks the platform's type database).
  static let mimeTypes: [String: String] = [
    "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
    "heic": "image/heic", "svg": "image/svg+xml", "txt": "text/plain", "html": "text/html",
    "htm": "text/html",
    "css": "text/css", "csv": "text/csv", "json": "application/json", "pdf": "application/pdf",
    "zip": "application/zip", "mp3": "audio/mpeg", "m4a": "audio/mp4", "mp4": "video/mp4",
    "mov": "video/quicktime", "xml": "application/xml", "js": "text/javascript",
  ]
}
