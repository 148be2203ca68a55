import Foundation
import RulesSyntax

/// Reads rules files from disk into ``SourceFile``s, refusing files that are not UTF-8.
///
/// A non-UTF-8 file is an input error (exit 2), not a diagnostic: its position is reported as
/// line, column (Unicode scalars, each invalid byte counting as one) and byte offset.
public struct SourceReader: Sendable {
  public init() {}

  /// The source of `input`, named by its display path.
  public func read(_ input: LintInput) throws(LintError) -> SourceFile {
    let data = try Self.readData(at: input.fileURL, displayPath: input.displayPath)
    return try Self.validated(SourceFile(path: input.displayPath, bytes: Array(data)))
  }

  /// Every input's source, in order; stops at the first file that cannot be used.
  public func read(_ inputs: [LintInput]) throws(LintError) -> [SourceFile] {
    var sources: [SourceFile] = []
    sources.reserveCapacity(inputs.count)
    for input in inputs { sources.append(try read(input)) }
    return sources
  }

  /// `source` itself when it is valid UTF-8.
  public static func validated(_ source: SourceFile) throws(LintError) -> SourceFile {
    guard let offset = UTF8Validation.firstInvalidOffset(source.bytes) else { return source }
    throw .invalidUTF8(
      path: source.path, location: source.lineIndex.location(of: offset),
      byte: source.bytes[offset])
  }

  static func readData(at url: URL, displayPath: String) throws(LintError) -> Data {
    let path = url.path
    let fileManager = FileManager.default
    switch FileKind(of: url) {
    case .missing: throw .noSuchFile(path: displayPath, namedBy: nil)
    case .directory: throw .unreadable(path: displayPath, reason: "is a directory")
    case .file: break
    }
    guard fileManager.isReadableFile(atPath: path) else {
      throw .unreadable(path: displayPath, reason: "permission denied")
    }
    do {
      return try Data(contentsOf: url)
    } catch {
      throw .unreadable(path: displayPath, reason: error.localizedDescription)
    }
  }
}
