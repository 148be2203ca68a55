import RulesSyntax

/// Why a lint run could not do its job: a problem with the inputs, not with the rules in them.
///
/// Each case renders as one line (see ``description``) that names the file and, where it
/// helps, the position; the command line prints it after `rulescheck: error: ` and exits 2.
public enum LintError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A path given on the command line (or named by `firebase.json`) does not exist.
  case noSuchFile(path: String, namedBy: String?)
  /// A file exists but could not be read.
  case unreadable(path: String, reason: String)
  /// A file is larger than rulescheck reads (``RulesInput/InputLimits``); `reason` names the
  /// limit.
  case tooLarge(path: String, reason: String)
  /// A file is not valid UTF-8; `location` is where the first bad byte is.
  case invalidUTF8(path: String, location: SourceLocation, byte: UInt8)
  /// A directory holds no `*.rules` file.
  case noRulesFiles(directory: String)
  /// Neither `firebase.json` nor `storage.rules` exists in the directory searched.
  case nothingToLint(directory: String)
  /// `firebase.json` (at `path`) has no `storage` key, and there is no `storage.rules` in
  /// `directory` either.
  case noStorageKey(path: String, directory: String)
  /// `firebase.json` is not valid JSON or its `storage` section has the wrong shape.
  case invalidFirebaseConfiguration(path: String, reason: String)
  /// A `.rulescheck.yml` file is malformed or names an unknown key or rule, or `firebase.json`
  /// is malformed JSON; `line` and `column` (1-based, Unicode scalars) point at the problem.
  case invalidConfiguration(path: String, line: Int, column: Int, message: String)
  /// `--fix` could not write a file back.
  case unwritable(path: String, reason: String)

  public var description: String {
    switch self {
    case .noSuchFile(let path, nil):
      "\(path): no such file or directory"
    case .noSuchFile(let path, let namedBy?):
      "\(path): no such file or directory (named in \(namedBy))"
    case .unreadable(let path, let reason):
      "\(path): cannot read file: \(reason)"
    case .tooLarge(let path, let reason):
      "\(path): \(reason)"
    case .invalidUTF8(let path, let location, let byte):
      "\(path):\(location.line):\(location.column): file is not valid UTF-8: invalid byte 0x"
        + "\(String(byte, radix: 16, uppercase: true)) at offset \(location.offset)"
    case .noRulesFiles(let directory):
      "\(directory): no *.rules files in this directory"
    case .nothingToLint(let directory):
      "nothing to lint: no firebase.json or storage.rules in \(directory); "
        + "pass rules files or directories to lint"
    case .noStorageKey(let path, let directory):
      "\(path): no \"storage\" key naming rules files, and no storage.rules in \(directory); "
        + "add \"storage\": {\"rules\": \"FILE\"} or pass rules files or directories to lint"
    case .invalidFirebaseConfiguration(let path, let reason):
      "\(path): \(reason)"
    case .invalidConfiguration(let path, let line, let column, let message):
      "\(path):\(line):\(column): \(message)"
    case .unwritable(let path, let reason):
      "\(path): cannot write file: \(reason)"
    }
  }
}
