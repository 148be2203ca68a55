import Foundation
import Testing

/// A piece of rules quoted in the project's shared Markdown (its `spec` and `seeds` folders).
struct Snippet: CustomTestStringConvertible, Sendable {
  enum Form: String, Sendable {
    case fencedBlock = "block"
    case inlineCode = "code"
  }

  var file: String
  var line: Int
  var form: Form
  /// The fence's info string, empty for inline code.
  var language: String
  var text: String

  var testDescription: String { "\(file):\(line) \(form.rawValue) \(text.prefix(60))" }

  /// `text` as a rules file: whole files as they are, statements inside the blocks they belong in,
  /// anything else as an `allow` condition.
  var wrapped: String {
    let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
    switch Snippet.firstWord(of: body) {
    case "rules_version", "syntax", "function", "import":
      return body
    case "service":
      return body.contains("{") ? body : body + " {}"
    case "match":
      // A path alone (`match /a/{b}`) gets a body; wildcards' braces have no space before them.
      let block = body.contains(" {") ? body : body + " { allow read; }"
      return "service firebase.storage {\n  match /b/{bucket}/o {\n\(block)\n  }\n}\n"
    case "allow":
      return "service firebase.storage {\n  match /b/{bucket}/o {\n\(body)\n  }\n}\n"
    default:
      return "allow read: if \(body);\n"
    }
  }

  static let statementKeywords: Set<String> = [
    "rules_version", "syntax", "service", "match", "allow", "function", "import",
  ]

  /// The first word, skipping blank lines and `//` comments.
  static func firstWord(of text: String) -> String {
    for line in text.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
      return String(trimmed.prefix { $0.isLetter || $0 == "_" })
    }
    return ""
  }
}

/// Finds rules snippets in the shared Markdown and sorts them into checked and skipped.
enum SpecSnippets {
  /// The `shared` folder beside the repository root (present in CI only), found from this
  /// file's path.
  static let sharedFolder: URL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // RulesSyntaxTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // repository root
    .deletingLastPathComponent().appendingPathComponent("shared")

  static let sharedFolderExists: Bool = {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: sharedFolder.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }()

  /// Fence languages that are never rules.
  static let otherLanguages: Set<String> = [
    "swift", "objective-c", "objc", "kotlin", "java", "js", "javascript", "ts", "typescript", "json", "jsonc",
    "ebnf", "bash", "sh", "shell", "console", "python", "go", "dart", "yaml", "xml", "html", "diff",
  ]

  /// Blocks that look like rules but are not meant to parse, by file and first line, with why.
  static let notRules: [String: String] = [
    "rules-language.md:Listing objects in a bucket is disallowed for rules_version = \"1\".":
      "quotes an error message, not rules"
  ]

  /// Every snippet of every Markdown file in `spec` and `seeds`, in file order.
  static let all: [Snippet] = {
    var snippets: [Snippet] = []
    for folder in ["spec", "seeds"] {
      let directory = sharedFolder.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      for name in names.sorted() where name.hasSuffix(".md") {
        guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        else {
          continue
        }
        snippets += extract(from: text, file: name)
      }
    }
    return snippets
  }()

  /// Why `snippet` is not checked, or nil when it must parse.
  static func reasonToSkip(_ snippet: Snippet) -> String? {
    let words = Set(snippet.text.split { !($0.isLetter || $0 == "_") }.map(String.init))
    if words.isDisjoint(with: ["service", "match", "allow", "function", "rules_version"]) {
      return "no rules keyword"
    }
    let language = snippet.language.split(separator: " ").first.map { $0.lowercased() } ?? ""
    if otherLanguages.contains(language) { return "\(language) code" }
    let firstLine = snippet.text.split(separator: "\n").first.map(String.init) ?? ""
    if let reason = notRules["\(snippet.file):\(firstLine)"] { return reason }
    if snippet.text.contains("(*") || snippet.text.contains("::=") { return "EBNF grammar" }
    if hasPlaceholder(snippet.text) { return "schematic, with placeholders" }
    switch snippet.form {
    case .inlineCode:
      // Inline code is checked only when it is a statement, not a keyword named in prose.
      let first = Snippet.firstWord(of: snippet.text)
      if !Snippet.statementKeywords.contains(first) || !snippet.text.contains(" ") {
        return "a name in prose"
      }
    case .fencedBlock:
      break
    }
    return nil
  }

  /// `…`, `...` or `<name>` standing for code left out.
  static func hasPlaceholder(_ text: String) -> Bool {
    if text.contains("…") || text.contains("...") { return true }
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "<") {
      let after = rest[rest.index(after: open)...]
      let name = after.prefix { $0.isLetter }
      if !name.isEmpty, after.dropFirst(name.count).first == ">" { return true }
      rest = after
    }
    return false
  }

  /// Fenced blocks (``` or ~~~, possibly indented) and inline code spans outside them.
  static func extract(from markdown: String, file: String) -> [Snippet] {
    var snippets: [Snippet] = []
    let lines = markdown.components(separatedBy: "\n")
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let indent = line.prefix { $0 == " " }.count
      let trimmed = line.dropFirst(indent)
      guard let fence = ["```", "~~~"].first(where: { trimmed.hasPrefix($0) }) else {
        snippets += inlineCode(in: line, file: file, line: index + 1)
        index += 1
        continue
      }
      let language = trimmed.drop { $0 == fence.first }.trimmingCharacters(in: .whitespaces)
      var body: [String] = []
      index += 1
      while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix(fence) {
        body.append(String(lines[index].dropFirst(min(indent, lines[index].prefix { $0 == " " }.count))))
        index += 1
      }
      snippets.append(
        Snippet(
          file: file, line: index - body.count, form: .fencedBlock, language: language,
          text: body.joined(separator: "\n")))
      index += 1
    }
    return snippets
  }

  private static func inlineCode(in line: String, file: String, line number: Int) -> [Snippet] {
    let parts = line.split(separator: "`", omittingEmptySubsequences: false)
    // Odd parts are inside backticks; an unpaired last backtick opens nothing.
    return stride(from: 1, to: parts.count - 1, by: 2).map { index in
      Snippet(file: file, line: number, form: .inlineCode, language: "", text: String(parts[index]))
    }
  }
}
