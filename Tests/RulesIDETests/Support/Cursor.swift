import RulesIDE
import RulesSyntax

/// A document whose `⎀` marks the cursor; the marker is removed and its UTF-8 offset kept
/// (the end of the text when there is no marker).
struct Cursor {
  let text: String
  let offset: Int

  init(_ marked: String) {
    var text = ""
    var offset: Int?
    for character in marked {
      if character == "⎀" {
        offset = text.utf8.count
      } else {
        text.append(character)
      }
    }
    self.text = text
    self.offset = offset ?? text.utf8.count
  }

  var document: RulesDocument { RulesDocument(text: text) }

  /// The text of `range` in this document.
  func text(_ range: SourceRange) -> String {
    String(decoding: Array(text.utf8)[range.start..<range.end], as: UTF8.self)
  }

  /// The offset of the `occurrence`-th (0-based) appearance of `needle`, plus `plus`.
  func offset(of needle: String, occurrence: Int = 0, plus: Int = 0) -> Int {
    let bytes = Array(text.utf8)
    let pattern = Array(needle.utf8)
    var seen = 0
    var index = 0
    while index + pattern.count <= bytes.count {
      if Array(bytes[index..<index + pattern.count]) == pattern {
        if seen == occurrence { return index + plus }
        seen += 1
      }
      index += 1
    }
    preconditionFailure("'\(needle)' #\(occurrence) not in document")
  }
}

/// A version 2 file with `body` inside `match /b/{bucket}/o { … }`.
func storageFile(_ body: String, version: String? = "2") -> String {
  (version.map { "rules_version = '\($0)';\n" } ?? "")
    + "service firebase.storage {\n  match /b/{bucket}/o {\n" + body + "\n  }\n}\n"
}
