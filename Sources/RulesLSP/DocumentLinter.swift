import Foundation
import RulesInput
import RulesLint
import RulesLintFrontend
import RulesSyntax

/// Lints a document's text as `rulescheck lint` lints the file at its path: with the
/// `.rulescheck.yml` found for that path, which can also exclude it.
///
/// The text comes from the editor, never from the disk, so unsaved changes are linted. A
/// document whose URI is not a `file:` URI has no path and gets the default settings.
public struct DocumentLinter: Sendable {
  public init() {}

  /// The rules that decide requests with the evaluator (RC113, RC114, RC312, RC313, RC314): the
  /// costly part of a large file's lint, left out of the first of two passes
  /// (``lint(_:deferringAccessRules:)``).
  public static let accessRules = RuleCatalogue.evaluatorBackedCodes

  /// Documents at least this large are linted in two passes: without ``accessRules`` first
  /// (published at once), then in full. Smaller ones lint in one pass, in a few milliseconds.
  public static let twoPassThreshold = 16 * 1024

  /// Lints `snapshot`; a text above the CLI's rules-file size limit (1 MiB) is not linted, as
  /// `rulescheck lint` refuses such a file unread. With `deferringAccessRules`, the
  /// ``accessRules`` are turned off (the first pass of a large document).
  public func lint(_ snapshot: DocumentSnapshot, deferringAccessRules: Bool = false) -> LintedDocument {
    let limit = InputLimits.rulesFile
    if snapshot.bytes.count > limit.bytes {
      return LintedDocument(
        snapshot: snapshot, report: nil,
        problem: LintedDocument.Problem(
          code: "too-large", message: limit.message(size: snapshot.bytes.count) + "; not linted"))
    }
    var runner = LintRunner()
    let path = Self.path(ofURI: snapshot.uri)
    var problem: LintedDocument.Problem?
    if let path {
      let input = LintInput(path: path)
      var loaded: [String: ConfigurationFile] = [:]
      do {
        if let file = try ConfigurationDiscovery().configuration(for: input, loaded: &loaded) {
          if file.excludes(input.fileURL) { return LintedDocument(snapshot: snapshot, report: nil) }
          runner.configuration = file.configuration(commandLineStrict: false)
        }
      } catch {
        problem = LintedDocument.Problem(
          code: "configuration", message: "\(error.description) (the default settings apply)")
      }
    }
    if deferringAccessRules {
      for code in Self.accessRules { runner.configuration.severityOverrides[code] = .off }
    }
    let source = SourceFile(path: path ?? snapshot.uri, bytes: snapshot.bytes)
    return LintedDocument(snapshot: snapshot, report: runner.lint(source), problem: problem)
  }

  /// The file-system path of a `file:` URI (percent-decoded), or nil for other schemes.
  public static func path(ofURI uri: String) -> String? {
    guard uri.lowercased().hasPrefix("file:"), let url = URL(string: uri), url.isFileURL else { return nil }
    let path = url.path
    return path.isEmpty ? nil : path
  }
}
