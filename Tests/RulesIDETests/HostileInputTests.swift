import RulesIDE
import RulesSyntax
import Testing

/// Inputs built to hurt, at the parser's nesting limit and beyond, with every feature run at a
/// few offsets on a 512 KiB stack: nothing overflows, traps or hangs. (The document is made on
/// a larger stack: semantic analysis of the deepest expressions needs more than 512 KiB in a
/// debug build.)
@Suite struct HostileInputTests {
  static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

  static func inMatch(_ body: String) -> String {
    "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n" + body + "\n  }\n}\n"
  }

  static let inputs: [(String, String)] = [
    ("a member chain at the limit", inMatch("allow read: if request" + repeated(".auth", 190) + ";")),
    ("a call chain at the limit", inMatch("allow read: if 'a'" + repeated(".lower()", 60) + ".⎀")),
    (
      "parentheses at the limit",
      inMatch("allow read: if " + repeated("(", 190) + "x" + repeated(")", 190) + ";")
    ),
    ("parentheses past the limit", inMatch("allow read: if " + repeated("(", 5_000) + "x")),
    ("a 100,000-term chain", inMatch("allow read: if a" + repeated(" && a", 100_000) + ";")),
    (
      "matches nested 150 deep",
      inMatch(repeated("match /{x} {\n", 150) + "allow read: if x;" + repeated("}", 150))
    ),
    (
      "lets that follow each other",
      inMatch(
        "function f() {\n"
          + (0..<12).map {
            "let l\($0) = \($0 == 0 ? "request" : "l\($0 - 1)")" + repeated(".auth", 150) + ";\n"
          }
          .joined() + "return l11.⎀ }")
    ),
    ("braces only", repeated("{", 20_000) + repeated("}", 5_000)),
    ("a long dotted receiver", inMatch("allow read: if " + repeated("a.", 20_000) + "⎀")),
  ]

  @Test(arguments: 0..<9)
  func survives(_ index: Int) async {
    let (name, text) = Self.inputs[index]
    let cursor = Cursor(text)
    // Semantic analysis gets a main-thread-sized stack; the features run on a small one.
    let document = await onSmallStack(bytes: 8 << 20) { RulesDocument(text: cursor.text) }
    let outcome: Int = await onSmallStack {
      let size = cursor.text.utf8.count
      var results = document.symbols().count + document.foldingRanges().count
      for offset in [0, size / 3, size / 2, cursor.offset, max(0, cursor.offset - 10), size] {
        results += document.hover(at: offset) == nil ? 0 : 1
        results += document.completions(at: offset).count
        results += document.definition(at: offset) == nil ? 0 : 1
        results += document.references(at: offset, includeDeclaration: true).count
      }
      return results
    }
    #expect(outcome >= 0, "\(name)")
  }
}
