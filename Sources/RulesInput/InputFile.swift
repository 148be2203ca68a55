#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  import Darwin
#endif

/// Reads a whole input file, or standard input, refusing one larger than its ``SizeLimit``.
///
/// A regular file's size is checked before anything is read; standard input, pipes and other
/// streams are read up to one byte past the limit and no further, so memory stays bounded by
/// the limit whatever the input.
public enum InputFile {
  /// The bytes of the file at `path`, or of standard input when `path` is `-`.
  public static func read(_ path: String, limit: SizeLimit) throws(InputFileError) -> [UInt8] {
    if path == "-" { return try readStream(STDIN_FILENO, limit: limit, regularSize: nil) }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw InputFileError(openFailure: errno) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .unreadable(reason: Self.reason(errno)) }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: throw .directory
    case S_IFREG:
      let size = Int(status.st_size)
      if size > limit.bytes { throw .tooLarge(size: size, limit: limit) }
      return try readStream(descriptor, limit: limit, regularSize: size)
    default:
      return try readStream(descriptor, limit: limit, regularSize: nil)
    }
  }

  /// Reads `descriptor` to its end, failing once more than `limit.bytes` have arrived.
  private static func readStream(
    _ descriptor: Int32, limit: SizeLimit, regularSize: Int?
  ) throws(InputFileError) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(regularSize ?? 0, limit.bytes) + 1)
    let chunkSize = 1 << 16
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, chunkSize) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(reason: Self.reason(errno))
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
      // A regular file that grew while being read is reported with its size at the start.
      if bytes.count > limit.bytes { throw .tooLarge(size: nil, limit: limit) }
    }
  }

  static func reason(_ code: Int32) -> String {
    switch code {
    case EACCES, EPERM: "permission denied"
    case EISDIR: "is a directory"
    default: String(cString: strerror(code))
    }
  }
}

/// POSIX `read`, which `InputFile.read` hides by name.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
