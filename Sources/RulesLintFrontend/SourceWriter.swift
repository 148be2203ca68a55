import Foundation

/// Writes fixed files back: to a temporary file in the same folder, then renamed over the
/// original, so that a reader never sees a half-written file. The original's permissions are
/// kept.
public struct SourceWriter: Sendable {
  public init() {}

  public func write(_ bytes: [UInt8], to input: LintInput) throws(LintError) {
    let url = input.fileURL.resolvingSymlinksInPath()
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(
      ".\(url.lastPathComponent).rulescheck-\(UUID().uuidString).tmp")
    let fileManager = FileManager.default
    do {
      try Data(bytes).write(to: temporary, options: .withoutOverwriting)
      if let permissions = try fileManager.attributesOfItem(atPath: url.path)[.posixPermissions] {
        try fileManager.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
      }
    } catch {
      try? fileManager.removeItem(at: temporary)
      throw .unwritable(path: input.displayPath, reason: error.localizedDescription)
    }
    guard rename(temporary.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? fileManager.removeItem(at: temporary)
      throw .unwritable(path: input.displayPath, reason: reason)
    }
  }
}
