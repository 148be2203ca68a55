import Foundation
import RulescheckTestSupport
import Testing

/// Every output block of README.md and `docs/*.md` marked `<!-- check: exit N: ARGUMENTS -->` is
/// what `rulescheck ARGUMENTS` prints, run in the package root, and N is its exit status.
/// Several markers before one block stand for commands run in turn, their outputs concatenated;
/// `exit N (stderr):` compares standard error instead. `UPDATE_GOLDEN=1` rewrites the blocks.
@Suite(.serialized) struct ReadmeExamplesTests {
  struct Example: CustomTestStringConvertible, Sendable {
    struct Command: Sendable {
      var arguments: [String]
      var status: Int32
      var standardError: Bool
    }
    /// The page, relative to the package root (`README.md`, `docs/cli.md`).
    var page: String
    var commands: [Command]
    /// The block's text, without its fences.
    var output: String
    /// The block's text range in the README, for rewriting.
    var range: Range<String.Index>
    var testDescription: String {
      page + ": "
        + commands.map { "rulescheck " + $0.arguments.joined(separator: " ") }.joined(separator: "; ")
    }
  }

  /// README.md and every page under `docs/`, relative to the package root.
  static let pages: [String] = {
    let docs = packageRoot.appendingPathComponent("docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
    return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }()

  static func text(of page: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(page), encoding: .utf8)
  }

  static func allExamples() throws -> [Example] {
    try pages.flatMap { try examples(in: text(of: $0), page: $0) }
  }

  static func examples(in text: String, page: String) -> [Example] {
    var examples: [Example] = []
    var pending: [Example.Command] = []
    var index = text.startIndex
    while index < text.endIndex {
      let lineEnd = text[index...].firstIndex(of: "\n") ?? text.endIndex
      let line = text[index..<lineEnd]
      let next = lineEnd < text.endIndex ? text.index(after: lineEnd) : text.endIndex
      if line.hasPrefix("<!-- check: "), line.hasSuffix(" -->"), let command = command(line) {
        pending.append(command)
      } else if line.hasPrefix("```"), !pending.isEmpty {
        // An empty block closes on the line after its opening fence.
        let close =
          text[next...].hasPrefix("```")
          ? next..<next : text.range(of: "\n```", range: next..<text.endIndex)
        let end = close?.lowerBound ?? text.endIndex
        let start = min(next, end)
        examples.append(
          Example(page: page, commands: pending, output: String(text[start..<end]), range: start..<end))
        pending = []
        index = close.map { text.index($0.upperBound, offsetBy: 0) } ?? text.endIndex
        continue
      } else if !line.isEmpty {
        pending = []
      }
      index = next
    }
    return examples
  }

  /// `<!-- check: exit 1: ARGUMENTS -->` or `<!-- check: exit 2 (stderr): ARGUMENTS -->`.
  static func command(_ line: Substring) -> Example.Command? {
    let body = line.dropFirst("<!-- check: exit ".count).dropLast(" -->".count)
    guard let colon = body.firstIndex(of: ":") else { return nil }
    let head = body[..<colon]
    let standardError = head.hasSuffix(" (stderr)")
    guard let status = Int32(head.split(separator: " ").first ?? "") else { return nil }
    return Example.Command(
      arguments: words(body[body.index(after: colon)...]), status: status, standardError: standardError)
  }

  /// Shell words: spaces separate, single quotes keep everything, double quotes keep all but `\"`.
  static func words(_ text: Substring) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var iterator = text.makeIterator()
    while let character = iterator.next() {
      if let open = quote {
        if character == open {
          quote = nil
        } else if open == "\"", character == "\\", let escaped = iterator.next() {
          word.append(escaped)
        } else {
          word.append(character)
        }
      } else if character == "'" || character == "\"" {
        quote = character
        inWord = true
      } else if character == " " {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  static func run(_ example: Example) throws -> (output: String, statuses: [Int32]) {
    var output = ""
    var statuses: [Int32] = []
    for command in example.commands {
      let result = try Rulescheck.run(command.arguments, in: packageRoot)
      output += command.standardError ? result.stderr : result.stdout
      statuses.append(result.status)
    }
    let text = String(output.dropLast(output.hasSuffix("\n") ? 1 : 0))
    return (normalized(text), statuses)
  }

  /// Elapsed times (`(3 ms)`) read as `(0 ms)`, the README's spelling: they vary from run to run.
  static func normalized(_ text: String) -> String {
    text.replacingOccurrences(of: #"\(\d+ ms\)"#, with: "(0 ms)", options: .regularExpression)
  }

  @Test func thePagesHaveCheckedExamples() throws {
    #expect(try Self.examples(in: Self.text(of: "README.md"), page: "README.md").count >= 3)
    #expect(try Self.allExamples().count >= 20)
    #expect(Self.words("a 'b c' \"d \\\" e\" f''") == ["a", "b c", "d \" e", "f"])
  }

  @Test(arguments: try Self.allExamples())
  func examplePrintsWhatTheReadmeShows(_ example: Example) throws {
    let (output, statuses) = try Self.run(example)
    #expect(statuses == example.commands.map(\.status))
    guard output != Self.normalized(example.output) else { return }
    if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
      try Self.rewrite(example, with: output)
    } else {
      Issue.record("\(example.page) block differs (UPDATE_GOLDEN=1 rewrites it):\n\(output)")
    }
  }

  /// Replaces one block's text in its page, found again by its commands.
  static func rewrite(_ example: Example, with output: String) throws {
    let text = try text(of: example.page)
    let current = examples(in: text, page: example.page).first {
      $0.testDescription == example.testDescription
    }
    guard let current else { return }
    var updated = text
    updated.replaceSubrange(current.range, with: current.range.isEmpty ? output + "\n" : output)
    try Data(updated.utf8).write(to: packageRoot.appendingPathComponent(example.page), options: .atomic)
  }
}
