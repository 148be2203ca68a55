import Foundation
import RulesInput
import RulesSyntax

/// Reads rules files from disk into ``SourceFile``s, refusing files that are not UTF-8 or are
/// larger than ``InputLimits/rulesFile`` (1 MiB, 4× the 256 KiB Firebase accepts).
///
/// A non-UTF-8 file is an input error (exit 2), not a diagnostic: its position is reported as
/// line, column (Unicode scalars, each invalid byte counting as one) and byte offset. An
/// oversized file is refused before it is read.
public struct SourceReader: Sendable {
  public init() {}

  /// The source of `input`, named by its display path.
  public func read(_ input: LintInput) throws(LintError) -> SourceFile {
    let bytes = try Self.readData(
      path: input.isStandardInput ? "-" : input.fileURL.path, displayPath: input.displayPath,
      limit: InputLimits.rulesFile)
    return try Self.validated(SourceFile(path: input.displayPath, bytes: bytes))
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

  /// The bytes of the file at `url`, refused when larger than `limit`.
  static func readData(at url: URL, displayPath: String, limit: SizeLimit) throws(LintError) -> [UInt8] {
    try readData(path: url.path, displayPath: displayPath, limit: limit)
  }

  /// The bytes of the file at `path` (`-`: standard input), refused when larger than `limit`.
  static func readData(path: String, displayPath: String, limit: SizeLimit) throws(LintError) -> [UInt8] {
    do {
      return try InputFile.read(path, limit: limit)
    } catch {
      switch error {
      case .missing: throw .noSuchFile(path: displayPath, namedBy: nil)
      case .directory: throw .unreadable(path: displayPath, reason: "is a directory")
      case .unreadable(let reason): throw .unreadable(path: displayPath, reason: reason)
      case .tooLarge: throw .tooLarge(path: displayPath, reason: error.description)
      }
    }
  }
}
