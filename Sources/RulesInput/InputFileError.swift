#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// Why an input file could not be read.
public enum InputFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Nothing exists at the path.
  case missing
  /// The path names a directory.
  case directory
  /// The file exists but could not be read: `reason` says why (`permission denied`).
  case unreadable(reason: String)
  /// The input is larger than `limit`; `size` is its size in bytes when known.
  case tooLarge(size: Int?, limit: SizeLimit)

  init(openFailure code: Int32) {
    switch code {
    case ENOENT, ENOTDIR: self = .missing
    case EISDIR: self = .directory
    default: self = .unreadable(reason: InputFile.reason(code))
    }
  }

  /// `no such file or directory`, `is a directory`, the reason, or the size limit's message.
  public var description: String {
    switch self {
    case .missing: "no such file or directory"
    case .directory: "is a directory"
    case .unreadable(let reason): reason
    case .tooLarge(let size, let limit): limit.message(size: size)
    }
  }
}
