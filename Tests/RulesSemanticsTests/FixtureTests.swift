import Foundation
import RulesSemantics
import RulesSyntax
import Testing

/// One expectation written in a fixture as `// want CODE "substring"` on the offending line.
struct Want: Hashable, CustomStringConvertible {
  let line: Int
  let code: String
  let substring: String

  var description: String { "line \(line): \(code) \"\(substring)\"" }

  /// Every `// want` annotation of `text`; several may follow one another on a line.
  static func parse(_ text: String) -> [Want] {
    var wants: [Want] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      guard let marker = line.range(of: "// want ") else { continue }
      var rest = line[marker.upperBound...]
      while let codeEnd = rest.firstIndex(of: " "), let open = rest.firstIndex(of: "\"") {
        let code = rest[..<codeEnd].trimmingCharacters(in: .whitespaces)
        let afterOpen = rest.index(after: open)
        guard let close = rest[afterOpen...].firstIndex(of: "\"") else { break }
        wants.append(Want(line: index + 1, code: code, substring: String(rest[afterOpen..<close])))
        rest = rest[rest.index(after: close)...].drop { $0 == " " }
      }
    }
    return wants
  }
}

enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".rules") }.sorted()
  }
}

@Suite("Semantic fixtures with // want annotations")
struct FixtureTests {
  @Test("fixtures exist")
  func fixturesExist() {
    #expect(Fixtures.names.count >= 8)
  }

  @Test("each diagnostic is wanted and each want is met", arguments: Fixtures.names)
  func fixture(_ name: String) throws {
    let url = Fixtures.directory.appendingPathComponent(name)
    let bytes = try [UInt8](Data(contentsOf: url))
    let source = SourceFile(path: name, bytes: bytes)
    let checked = SemanticAnalyzer.analyze(source)
    var unmet = Set(Want.parse(String(decoding: bytes, as: UTF8.self)))
    for diagnostic in checked.diagnostics {
      let line = source.lineIndex.location(of: diagnostic.range.start).line
      let match = unmet.first {
        $0.line == line && $0.code == diagnostic.code && diagnostic.message.contains($0.substring)
      }
      if let match {
        unmet.remove(match)
      } else {
        Issue.record(
          "\(name):\(line): unexpected \(diagnostic.code)/\(diagnostic.name): \(diagnostic.message)")
      }
    }
    for want in unmet.sorted(by: { $0.line < $1.line }) {
      Issue.record("\(name): missing \(want)")
    }
  }
}
