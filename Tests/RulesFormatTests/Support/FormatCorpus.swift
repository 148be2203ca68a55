import Foundation
import RulesFormat
import RulesLint
import RulesSyntax

/// One rules text the invariants are checked on, named for the test report.
struct FormatCase: Sendable, CustomStringConvertible {
  let name: String
  let text: String

  var description: String { name }

  /// The repository's root folder, found from this file's place in it.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every `.rules` file under `examples/` and `Tests/`, sorted by path.
  static let files: [FormatCase] = ["examples", "Tests"].flatMap { folder -> [FormatCase] in
    let root = repository.appendingPathComponent(folder)
    let found = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    var cases: [FormatCase] = []
    while let url = found?.nextObject() as? URL {
      guard url.pathExtension == "rules", let data = FileManager.default.contents(atPath: url.path)
      else { continue }
      let name = String(url.path.dropFirst(repository.path.count + 1))
      cases.append(FormatCase(name: name, text: String(decoding: data, as: UTF8.self)))
    }
    return cases.sorted { $0.name < $1.name }
  }

  /// Every fenced block of README.md and `docs/*.md` that holds a whole rules file (one that
  /// declares `service firebase.storage`).
  static let documentation: [FormatCase] = {
    let docs = repository.appendingPathComponent("docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    let pages = ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return pages.flatMap { page -> [FormatCase] in
      guard let data = FileManager.default.contents(atPath: repository.appendingPathComponent(page).path)
      else { return [] }
      let blocks = String(decoding: data, as: UTF8.self).components(separatedBy: "```")
      // Odd pieces are the insides of fences: the info string, then the block.
      return stride(from: 1, to: blocks.count, by: 2).compactMap { index -> FormatCase? in
        let block = blocks[index].drop { $0 != "\n" }.dropFirst()
        guard block.contains("service firebase.storage") else { return nil }
        return FormatCase(name: "\(page) block \(index / 2 + 1)", text: String(block))
      }
    }
  }()

  /// Every example of every lint rule (the file it stands for), and every fixed example.
  static let catalogue: [FormatCase] = RuleCatalogue.standard.descriptors.flatMap { descriptor in
    descriptor.examples.enumerated().flatMap { index, example -> [FormatCase] in
      let name = "\(descriptor.code) example \(index + 1)"
      var cases = [FormatCase(name: name, text: example.document.text)]
      if let fixed = example.fixedDocument { cases.append(FormatCase(name: name + " fixed", text: fixed)) }
      return cases
    }
  }
}

/// Shorthands over ``RulesFormatter`` for the tests.
enum Layout {
  /// The formatted text, or nil (and the errors' messages recorded by the caller) when it has
  /// syntax errors.
  static func format(_ text: String) -> String? {
    if case .formatted(let result) = RulesFormatter().format(text) { return result }
    return nil
  }

  /// The tree of `text` without source ranges, the comparison that says formatting kept it.
  static func tree(_ text: String) -> String {
    ASTDump.render(RulesParser.parse(text), includeRanges: false)
  }

  /// The texts of the comments of `text`, in order, line comments without trailing blanks.
  static func comments(_ text: String) -> [String] {
    let file = RulesParser.parse(text)
    return file.comments.map { comment in
      var body = file.source.text(comment.range)
      if !comment.isBlock {
        while body.last == " " || body.last == "\t" { body.removeLast() }
      }
      return body
    }
  }
}
