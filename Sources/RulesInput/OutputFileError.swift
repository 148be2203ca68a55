#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// Why an output file could not be written; ``description`` says it in a few words.
public enum OutputFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The folder the file would go in does not exist.
  case noSuchFolder
  /// The path names a directory.
  case directory
  /// Writing failed: `reason` says why (`permission denied`, `no space left on device`).
  case failed(reason: String)

  init(_ code: Int32, folder: Bool = false) {
    switch code {
    case ENOENT, ENOTDIR: self = .noSuchFolder
    case EISDIR: self = .directory
    case EACCES, EPERM:
      self = .failed(reason: folder ? "permission denied (the folder)" : "permission denied")
    default: self = .failed(reason: String(cString: strerror(code)))
    }
  }

  public var description: String {
    switch self {
    case .noSuchFolder: "no such directory"
    case .directory: "is a directory"
    case .failed(let reason): reason
    }
  }
}
