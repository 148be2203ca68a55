import Foundation
import RulesReport
import Testing

/// Compares `actual` with `Golden/<name>` beside this folder; `UPDATE_GOLDEN=1` rewrites it.
/// The version of rulescheck (`"0.11.0"`, quoted) reads as `"<version>"`, so that a release
/// changes no golden file.
func expectGolden(
  _ actual: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let actual = actual.replacingOccurrences(of: "\"\(ToolVersion.current)\"", with: "\"<version>\"")
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Golden").appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
    #expect(throws: Never.self, sourceLocation: sourceLocation) {
      try Data(actual.utf8).write(to: url, options: .atomic)
    }
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record("missing golden file \(name); run with UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
    return
  }
  guard actual != expected else { return }
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let line =
    zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    ?? min(actualLines.count, expectedLines.count)
  Issue.record(
    """
    \(name) differs from line \(line + 1) (UPDATE_GOLDEN=1 rewrites it)
    expected: \(line < expectedLines.count ? String(expectedLines[line]) : "<end>")
    actual:   \(line < actualLines.count ? String(actualLines[line]) : "<end>")
    """, sourceLocation: sourceLocation)
}
