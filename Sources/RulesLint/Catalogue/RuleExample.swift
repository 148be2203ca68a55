import RulesSemantics
import RulesSyntax

/// A passing or failing example of a lint rule; the catalogue test runs each one.
///
/// `code` is either a complete rules file (when it contains `service firebase.storage`) or a
/// fragment that is placed inside `match /b/{bucket}/o { … }` of a file with
/// `rules_version = '2';` (or no version line, for ``RulesVersion/v1``). In failing examples,
/// `⟦` and `⟧` mark exactly the ranges the rule must report; `⟦⟧` marks an empty range.
public struct RuleExample: Sendable {
  public enum Kind: String, Sendable, Codable {
    case passes, fails
  }

  public let kind: Kind
  /// The example as written, markers included.
  public let code: String
  /// For fixable rules: the example after `--fix`, in the same form as ``code``.
  public let fixed: String?
  /// The version a fragment is placed in.
  public let version: RulesVersion

  public static let openMarker: Character = "⟦"
  public static let closeMarker: Character = "⟧"

  public static func passes(_ code: String, version: RulesVersion = .v2) -> RuleExample {
    RuleExample(kind: .passes, code: code, fixed: nil, version: version)
  }

  public static func fails(_ code: String, fixed: String? = nil, version: RulesVersion = .v2) -> RuleExample {
    RuleExample(kind: .fails, code: code, fixed: fixed, version: version)
  }

  /// The example as shown in documentation: markers removed.
  public var displayText: String {
    code.filter { $0 != Self.openMarker && $0 != Self.closeMarker }
  }

  /// Whether ``code`` is a complete file rather than a fragment.
  public var isCompleteFile: Bool { code.contains("service firebase.storage") }

  /// The complete rules file the example stands for, and the marked ranges in it.
  public var document: (text: String, marked: [SourceRange]) {
    Self.unmark(wrap(code))
  }

  /// The complete file ``fixed`` stands for.
  public var fixedDocument: String? {
    fixed.map { Self.unmark(wrap($0)).text }
  }

  /// `text` placed in a complete file, unless it is one.
  public func wrap(_ text: String) -> String {
    guard !isCompleteFile else { return text }
    let body = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "    " + $0 }
      .joined(separator: "\n")
    let header = version == .v2 ? "rules_version = '2';\n" : ""
    return header + "service firebase.storage {\n  match /b/{bucket}/o {\n" + body + "\n  }\n}\n"
  }

  /// `text` without markers, and the UTF-8 ranges the marker pairs enclosed.
  public static func unmark(_ text: String) -> (text: String, marked: [SourceRange]) {
    var output = ""
    var marked: [SourceRange] = []
    var openOffsets: [Int] = []
    var offset = 0
    for character in text {
      if character == openMarker {
        openOffsets.append(offset)
      } else if character == closeMarker, let start = openOffsets.popLast() {
        marked.append(SourceRange(start: start, end: offset))
      } else {
        output.append(character)
        offset += character.utf8.count
      }
    }
    return (output, marked.sorted { ($0.start, $0.end) < ($1.start, $1.end) })
  }
}
