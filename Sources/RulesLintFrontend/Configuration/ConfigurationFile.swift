import Foundation
import RulesInput
import RulesLint
import RulesSemantics
import RulesSyntax
import Yams

/// A `.rulescheck.yml` file: rule settings, excluded paths and strictness.
///
/// ```yaml
/// strict: true
/// rules:
///   RC302: off              # by code or name: off, on, note, warning, error
///   owner-not-checked: warning
/// exclude:
///   - legacy/**
/// ```
public struct ConfigurationFile: Sendable {
  public static let fileName = ".rulescheck.yml"
  public static let keys = ["strict", "rules", "exclude"]

  /// The path shown in messages.
  public let path: String
  /// The folder `exclude` patterns are relative to.
  public let directory: URL
  public var strict: Bool?
  /// Settings keyed by diagnostic code (`RC302`, `RS201`).
  public var rules: [String: LintConfiguration.SeverityOverride] = [:]
  public var exclude: [PathGlob] = []

  /// Reads and validates the file at `url`.
  public static func load(
    _ url: URL, displayPath: String, catalogue: RuleCatalogue = .standard
  ) throws(LintError) -> ConfigurationFile {
    let data = try SourceReader.readData(at: url, displayPath: displayPath, limit: InputLimits.configuration)
    guard let text = String(validating: data, as: UTF8.self) else {
      throw .invalidConfiguration(path: displayPath, line: 1, column: 1, message: "file is not valid UTF-8")
    }
    return try parse(
      text, path: displayPath, directory: url.deletingLastPathComponent().standardizedFileURL,
      catalogue: catalogue)
  }

  /// Parses and validates `text`; every problem names its line and column. The YAML is
  /// checked against ``YAMLBudget`` before it is composed.
  public static func parse(
    _ text: String, path: String, directory: URL, catalogue: RuleCatalogue = .standard
  ) throws(LintError) -> ConfigurationFile {
    var file = ConfigurationFile(path: path, directory: directory)
    do {
      try YAMLBudget().check(text)
    } catch {
      throw .invalidConfiguration(path: path, line: error.line, column: error.column, message: error.message)
    }
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch {
      let (mark, problem) = Self.describe(error)
      throw .invalidConfiguration(
        path: path, line: mark?.line ?? 1, column: mark?.column ?? 1, message: problem)
    }
    guard let root else { return file }
    guard let mapping = root.mapping else {
      throw file.error(at: root, "expected a mapping with the keys \(keys.joined(separator: ", "))")
    }
    for (key, value) in mapping {
      switch key.string {
      case "strict":
        file.strict = try file.bool(value)
      case "rules":
        try file.readRules(value, catalogue: catalogue)
      case "exclude":
        guard let sequence = value.sequence else {
          throw file.error(at: value, "'exclude' must be a list of path patterns")
        }
        for item in sequence {
          guard let pattern = item.scalar?.string, !pattern.isEmpty else {
            throw file.error(at: item, "an exclude pattern must be a non-empty string")
          }
          file.exclude.append(PathGlob(pattern))
        }
      default:
        throw file.error(
          at: key, "unknown key '\(key.string ?? "")'; expected one of \(keys.joined(separator: ", "))")
      }
    }
    return file
  }

  /// The configuration for files this file governs, with `--strict` from the command line.
  public func configuration(commandLineStrict: Bool) -> LintConfiguration {
    LintConfiguration(strict: commandLineStrict || strict == true, severityOverrides: rules)
  }

  /// Whether `fileURL` matches an `exclude` pattern.
  public func excludes(_ fileURL: URL) -> Bool {
    let base = directory.standardizedFileURL.path
    let path = fileURL.standardizedFileURL.path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    return exclude.contains { $0.matches(relative) }
  }

  private mutating func readRules(_ value: Node, catalogue: RuleCatalogue) throws(LintError) {
    guard let mapping = value.mapping else {
      throw error(at: value, "'rules' must map rule codes or names to off, on, note, warning or error")
    }
    for (key, setting) in mapping {
      let name = key.string ?? ""
      let id: DiagnosticID
      let defaultSeverity: Severity
      if let descriptor = catalogue.descriptor(name) {
        id = descriptor.id
        defaultSeverity = descriptor.defaultSeverity
      } else if let semantic = SemanticDiagnostics.all.first(where: {
        $0.code == name.uppercased() || $0.name == name
      }) {
        id = semantic
        defaultSeverity = semantic.defaultSeverity
      } else {
        let isSyntax = SyntaxDiagnostics.all.contains { $0.code == name.uppercased() || $0.name == name }
        throw error(
          at: key,
          isSyntax
            ? "'\(name)' is a syntax error; syntax errors cannot be configured"
            : "unknown rule '\(name)'; `rulescheck rules` lists the codes and names")
      }
      switch setting.string?.lowercased() {
      case "off", "false", "no": rules[id.code] = .off
      case "on", "true", "yes": rules[id.code] = .severity(defaultSeverity)
      case let word? where Severity(rawValue: word) != nil:
        rules[id.code] = Severity(rawValue: word).map { .severity($0) }
      default:
        throw error(at: setting, "'\(name)' must be off, on, note, warning or error")
      }
    }
  }

  private func bool(_ node: Node) throws(LintError) -> Bool {
    switch node.string?.lowercased() {
    case "true", "yes", "on": return true
    case "false", "no", "off": return false
    default: throw error(at: node, "'strict' must be true or false")
    }
  }

  private func error(at node: Node, _ message: String) -> LintError {
    .invalidConfiguration(
      path: path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, message: message)
  }

  private static func describe(_ error: any Error) -> (Mark?, String) {
    switch error as? YamlError {
    case .scanner(_, let problem, let mark, _)?, .parser(_, let problem, let mark, _)?,
      .composer(_, let problem, let mark, _)?:
      return (mark, "malformed YAML: \(problem)")
    case .duplicatedKeysInMapping(let duplicates, let context)?:
      return (context.mark, "duplicate key '\(duplicates.joined(separator: "', '"))'")
    default:
      return (nil, "malformed YAML: \(error)")
    }
  }
}
