import Foundation
import RulesIDE
import RulesSyntax
import Testing

/// Every feature at every offset of real and broken documents: nothing traps, ranges stay in
/// the text. A test of robustness, not of speed.
@Suite struct RobustnessTests {
  static let examples: [URL] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    return names.filter { $0.hasSuffix(".rules") }.sorted().map { root.appendingPathComponent($0) }
  }()

  static let broken: [String] = [
    "",
    "service",
    "service firebase.storage {",
    "rules_version = '2'\nservice firebase.storage { match /b/{bucket}/o { allow read: if request.resource.",
    "service firebase.storage { match /b/{bucket}/o { match /{a=**}/{b} { allow read, : if (((; } } }",
    "service firebase.storage { function f(a, a) { let = ; return } match { allow }",
    "}}}{{{ match /{x}/{x} { allow read: if x.y.z().w[0]['k'].; }",
    "service firebase.storage { match /b/{bucket}/o { allow write: if 'unterminated\n} }",
    "/* unterminated comment\nservice firebase.storage {",
    "\u{FEFF}service firebase.storage { match /b/{bucket}/o { allow read: if request.auth.uid == 'é☕️'; } }",
    "service firebase.storage { match /b/{bucket}/o { allow read: if request.auth.token.firebase.identities['google.com'][0] == 'x' } }",
    "function top() { return request.time.date().year() > 2020; }\nservice firebase.storage { match /{p=**} { allow get: if top() } }",
  ]

  @Test func everyExampleFileHasSymbolsAndFolding() throws {
    #expect(Self.examples.count >= 4)
    for url in Self.examples {
      let text = try String(contentsOf: url, encoding: .utf8)
      let document = RulesDocument(text: text)
      #expect(!document.symbols().isEmpty, "\(url.lastPathComponent)")
      #expect(!document.foldingRanges().isEmpty, "\(url.lastPathComponent)")
    }
  }

  @Test(arguments: 0..<12) func everyFeatureAtEveryOffsetOfBrokenText(_ index: Int) {
    sweep(Self.broken[index])
  }

  @Test func everyFeatureAtEveryOffsetOfTheExamples() throws {
    for url in Self.examples {
      sweep(try String(contentsOf: url, encoding: .utf8))
    }
  }

  private func sweep(_ text: String) {
    let document = RulesDocument(text: text)
    let size = text.utf8.count
    func inside(_ range: SourceRange) -> Bool {
      range.start >= 0 && range.end <= size && range.start <= range.end
    }
    for offset in -1...(size + 1) {
      if let hover = document.hover(at: offset) { #expect(inside(hover.range)) }
      for candidate in document.completions(at: offset) { #expect(inside(candidate.replacementRange)) }
      if let definition = document.definition(at: offset) { #expect(inside(definition)) }
      for reference in document.references(at: offset, includeDeclaration: true) {
        #expect(inside(reference))
      }
    }
    for region in document.foldingRanges() { #expect(region.start < region.end && region.end <= size) }
    var pending = document.symbols()
    while let symbol = pending.popLast() {
      #expect(inside(symbol.range) && inside(symbol.selectionRange))
      pending += symbol.children
    }
  }
}
