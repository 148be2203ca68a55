#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// Writes a whole output file (a report, coverage) so that a reader never sees half of it.
///
/// A regular file, or a path where nothing exists yet, is written to a temporary file in the
/// same folder and renamed over the target (a symbolic link is followed, so the link stays
/// and its target is replaced). A pipe, FIFO or device (`/dev/stdout`, `>(gzip > x)`) cannot
/// be replaced and is written in place. An existing file keeps its permissions; a new one
/// gets `0666` less the umask, as any new file.
public enum OutputFile {
  /// Writes `bytes` to `path`.
  public static func write(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
    switch FileKind(path: path) {
    case .directory: throw .directory
    case .stream: try writeInPlace(bytes, to: path)
    case .missing, .regular: try replace(path: resolved(path), with: bytes)
    }
  }

  /// `path` with symbolic links resolved when it is one, so that the rename replaces the
  /// target rather than the link.
  private static func resolved(_ path: String) -> String {
    guard FileKind.isSymbolicLink(path), let target = realpath(path, nil) else { return path }
    defer { free(target) }
    return String(cString: target)
  }

  private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    guard descriptor >= 0 else { throw OutputFileError(errno) }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor)
  }

  private static func replace(path: String, with bytes: [UInt8]) throws(OutputFileError) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !name.isEmpty else { throw .directory }
    let temporary = "\(folder)/.\(name).rulescheck-\(String(UInt64.random(in: 0...UInt64.max), radix: 36))"
    // open(2) applies the umask to 0666, as for any new file.
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o666)
    guard descriptor >= 0 else { throw OutputFileError(errno, folder: true) }
    var status = stat()
    if stat(path, &status) == 0 { fchmod(descriptor, status.st_mode & 0o7777) }
    var failure: OutputFileError?
    do {
      try writeAll(bytes, to: descriptor)
    } catch {
      failure = error
    }
    if close(descriptor) != 0, failure == nil { failure = OutputFileError(errno) }
    if let failure {
      unlink(temporary)
      throw failure
    }
    guard rename(temporary, path) == 0 else {
      let error = OutputFileError(errno)
      unlink(temporary)
      throw error
    }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(OutputFileError) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw OutputFileError(errno)
      }
      written += count
    }
  }
}

/// POSIX `write`, which `OutputFile.write` hides by name.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
