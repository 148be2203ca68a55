import Foundation
import RulesLint
import RulesSemantics
import RulesSyntax

/// Renders a lint report as SARIF 2.1.0 for code-scanning services (GitHub code scanning,
/// GitLab, Azure DevOps).
///
/// Rules metadata comes from the catalogue's descriptors; every region has a start and an end
/// (1-based lines, Unicode-scalar columns, end exclusive) and its UTF-8 byte offset and length.
public struct SARIFRenderer: Sendable {
  public var catalogue: RuleCatalogue
  public var layout: JSONValue.Layout

  public init(catalogue: RuleCatalogue = .standard, layout: JSONValue.Layout = .pretty) {
    self.catalogue = catalogue
    self.layout = layout
  }

  public func render(_ report: LintReport) -> String {
    document(report).serialized(layout) + "\n"
  }

  public func document(_ report: LintReport) -> JSONValue {
    do {
      return try JSONValueEncoder().encode(log(report))
    } catch {
      return .object([JSONValue.Member("error", .string("\(error)"))])
    }
  }

  func log(_ report: LintReport) -> SARIFLog {
    var ids: [String: DiagnosticID] = [:]
    for file in report.files {
      for diagnostic in file.diagnostics { ids[diagnostic.code] = diagnostic.id }
    }
    let ruleIDs = ids.values.sorted { $0.code < $1.code }
    let index = Dictionary(uniqueKeysWithValues: ruleIDs.enumerated().map { ($1.code, $0) })
    var results: [SARIFLog.Result] = []
    for file in report.files {
      let uri = Self.uri(file.path)
      for diagnostic in file.diagnostics {
        results.append(
          result(diagnostic, ruleIndex: index[diagnostic.code] ?? 0, uri: uri, source: file.source))
      }
    }
    let driver = SARIFLog.Driver(rules: ruleIDs.map(rule))
    return SARIFLog(runs: [SARIFLog.Run(tool: SARIFLog.Tool(driver: driver), results: results)])
  }

  private func rule(_ id: DiagnosticID) -> SARIFLog.Rule {
    guard let descriptor = catalogue.descriptor(id.code) else {
      return SARIFLog.Rule(
        id: id.code, name: id.name,
        shortDescription: SARIFLog.Message(text: id.name.replacingOccurrences(of: "-", with: " ")),
        defaultConfiguration: SARIFLog.Configuration(level: Self.level(id.defaultSeverity)))
    }
    return SARIFLog.Rule(
      id: descriptor.code, name: descriptor.name,
      shortDescription: SARIFLog.Message(text: descriptor.summary),
      fullDescription: SARIFLog.Message(text: descriptor.rationale),
      help: SARIFLog.MultiformatMessage(
        text: descriptor.rationale, markdown: RuleDocumentation().section(descriptor, headingLevel: 2)),
      defaultConfiguration: SARIFLog.Configuration(level: Self.level(descriptor.defaultSeverity)),
      properties: SARIFLog.RuleProperties(
        category: descriptor.category.rawValue, tags: [descriptor.category.rawValue],
        fixable: descriptor.isFixable, fixSafety: descriptor.fix.label))
  }

  private func result(
    _ diagnostic: Diagnostic, ruleIndex: Int, uri: String, source: SourceFile
  ) -> SARIFLog.Result {
    let location = { (range: SourceRange) in
      SARIFLog.PhysicalLocation(
        artifactLocation: SARIFLog.ArtifactLocation(uri: uri), region: Self.region(range, in: source))
    }
    var text = diagnostic.message
    var related: [SARIFLog.Location] = []
    for note in diagnostic.notes {
      if let range = note.range {
        related.append(
          SARIFLog.Location(
            id: related.count, physicalLocation: location(range),
            message: SARIFLog.Message(text: note.message)))
      } else {
        text += "\nnote: " + note.message
      }
    }
    let fixes = diagnostic.fixes.map { fix in
      SARIFLog.Fix(
        description: SARIFLog.Message(text: fix.message),
        artifactChanges: [
          SARIFLog.ArtifactChange(
            artifactLocation: SARIFLog.ArtifactLocation(uri: uri),
            replacements: fix.edits.map { edit in
              SARIFLog.Replacement(
                deletedRegion: Self.region(edit.range, in: source),
                insertedContent: SARIFLog.Content(text: edit.replacement))
            })
        ], properties: SARIFLog.FixProperties(applicability: fix.applicability.rawValue))
    }
    return SARIFLog.Result(
      ruleId: diagnostic.code, ruleIndex: ruleIndex, level: Self.level(diagnostic.severity),
      message: SARIFLog.Message(text: text),
      locations: [SARIFLog.Location(physicalLocation: location(diagnostic.range))],
      relatedLocations: related.isEmpty ? nil : related, fixes: fixes.isEmpty ? nil : fixes,
      properties: SARIFLog.ResultProperties(blocksDeploy: diagnostic.blocksDeploy))
  }

  static func region(_ range: SourceRange, in source: SourceFile) -> SARIFLog.Region {
    let start = source.lineIndex.location(of: range.start)
    let end = source.lineIndex.location(of: range.end)
    return SARIFLog.Region(
      startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column,
      byteOffset: start.offset, byteLength: end.offset - start.offset)
  }

  static func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .note: "note"
    }
  }

  /// A relative URI reference for a path: `/` separators, other reserved characters escaped.
  static func uri(_ path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: ";?#[]")
    return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
  }
}
