import RulesEvaluator
import RulesInput
import RulesLint
import RulesSyntax

/// The part of `firebase.json` that names storage rules files.
///
/// Accepts `"storage": {"rules": "..."}` and the per-bucket array form
/// `"storage": [{"bucket": "...", "rules": "..."}]`. `//` and `/* */` comments are allowed, as
/// the Firebase CLI allows them, and so are trailing commas; otherwise the file must be strict
/// JSON, and a syntax error is reported with its line and column.
struct FirebaseConfiguration {
  /// The rules paths in file order, as written (relative to the folder of `firebase.json`).
  var storageRules: [String]
  /// Whether the file has a `storage` key (not null) at all.
  var hasStorage: Bool

  /// The message used when `storage` has neither accepted shape.
  static let shapeMessage =
    #""storage" must be {"rules": "FILE"} or [{"bucket": "NAME", "rules": "FILE"}, ...]"#

  /// Reads `bytes`, describing a failure in one line: `firebase.json:3:5: malformed JSON: …`.
  static func decode(_ bytes: [UInt8], path: String) throws(LintError) -> FirebaseConfiguration {
    let source = try SourceReader.validated(SourceFile(path: path, bytes: bytes))
    let json: JSONInput
    do {
      json = try JSONInputParser.parse(bytes: try CommentedJSON.plain(bytes)[...])
    } catch let error as CommentedJSON.UnterminatedComment {
      let location = source.lineIndex.location(of: error.offset)
      throw .invalidConfiguration(
        path: path, line: location.line, column: location.column,
        message: "malformed JSON: unterminated /* comment")
    } catch let error as JSONInputError {
      throw .invalidConfiguration(
        path: path, line: error.line, column: error.column, message: "malformed JSON: \(error.message)")
    } catch {
      throw .invalidFirebaseConfiguration(path: path, reason: "malformed JSON")
    }
    guard case .object(let members) = json else {
      throw .invalidFirebaseConfiguration(path: path, reason: "expected a JSON object, not \(json.kindName)")
    }
    let storage = members.last { $0.key == "storage" }?.value
    switch storage {
    case nil, .null?:
      return FirebaseConfiguration(storageRules: [], hasStorage: false)
    case .object?:
      guard let rules = rulesPath(storage) else { break }
      return FirebaseConfiguration(storageRules: [rules], hasStorage: true)
    case .array(let targets)?:
      let paths = targets.compactMap(rulesPath)
      guard paths.count == targets.count else { break }
      return FirebaseConfiguration(storageRules: paths, hasStorage: true)
    default:
      break
    }
    throw .invalidFirebaseConfiguration(path: path, reason: shapeMessage)
  }

  /// The `rules` string of one storage target.
  private static func rulesPath(_ target: JSONInput?) -> String? {
    guard case .string(let rules)? = target?["rules"] else { return nil }
    return rules
  }
}
