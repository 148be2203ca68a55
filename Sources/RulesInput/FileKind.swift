#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// What a path names, symbolic links followed: the distinction discovery and writing need.
///
/// A directory scan takes only ``regular`` files (a FIFO named `x.rules` would block the run
/// until something writes to it); a path named explicitly may be any kind but a directory.
public enum FileKind: Sendable, Equatable {
  /// Nothing is there (or a link points nowhere).
  case missing
  /// A regular file.
  case regular
  case directory
  /// A pipe, FIFO, terminal, socket or device: readable as a stream, never replaced on write.
  case stream

  /// The kind of the file at `path`.
  public init(path: String) {
    var status = stat()
    guard !path.isEmpty, stat(path, &status) == 0 else {
      self = .missing
      return
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .directory
    default: self = .stream
    }
  }

  /// Whether the path is a symbolic link itself (not followed).
  public static func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }
}
