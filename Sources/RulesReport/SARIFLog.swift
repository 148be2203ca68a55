/// The subset of SARIF 2.1.0 that `rulescheck lint --format sarif` writes; member order here
/// is output order.
struct SARIFLog: Encodable {
  var schema = "https://json.schemastore.org/sarif-2.1.0.json"
  var version = "2.1.0"
  var runs: [Run]

  private enum CodingKeys: String, CodingKey {
    case schema = "$schema"
    case version, runs
  }

  struct Run: Encodable {
    var tool: Tool
    var results: [Result]
    /// Columns count Unicode scalars, as everywhere in rulescheck.
    var columnKind = "unicodeCodePoints"
  }

  struct Tool: Encodable {
    var driver: Driver
  }

  struct Driver: Encodable {
    var name = "rulescheck"
    var version = ToolVersion.current
    var semanticVersion = ToolVersion.current
    var informationUri: String?
    var rules: [Rule]
  }

  struct Rule: Encodable {
    var id: String
    var name: String
    var shortDescription: Message
    var fullDescription: Message?
    var help: MultiformatMessage?
    var defaultConfiguration: Configuration
    var properties: RuleProperties?
  }

  struct RuleProperties: Encodable {
    var category: String
    var tags: [String]
    var fixable: Bool
    /// `none`, `safe`, `unsafe` or `sometimes`: the applicability of the rule's fixes.
    var fixSafety: String
  }

  struct Configuration: Encodable {
    var level: String
  }

  struct Message: Encodable {
    var text: String
  }

  struct MultiformatMessage: Encodable {
    var text: String
    var markdown: String
  }

  struct Result: Encodable {
    var ruleId: String
    var ruleIndex: Int
    var level: String
    var message: Message
    var locations: [Location]
    var relatedLocations: [Location]?
    var fixes: [Fix]?
    var properties: ResultProperties
  }

  struct ResultProperties: Encodable {
    /// Whether Firebase's compiler refuses the file for this (decisions.md §21).
    var blocksDeploy: Bool
  }

  struct Location: Encodable {
    var id: Int?
    var physicalLocation: PhysicalLocation
    var message: Message?
  }

  struct PhysicalLocation: Encodable {
    var artifactLocation: ArtifactLocation
    var region: Region
  }

  struct ArtifactLocation: Encodable {
    var uri: String
  }

  struct Region: Encodable {
    var startLine: Int
    var startColumn: Int
    var endLine: Int
    var endColumn: Int
    var byteOffset: Int
    var byteLength: Int
  }

  struct Fix: Encodable {
    var description: Message
    var artifactChanges: [ArtifactChange]
    var properties: FixProperties
  }

  struct FixProperties: Encodable {
    /// `safe` (applied by `lint --fix`) or `unsafe` (only with `--unsafe-fixes`).
    var applicability: String
  }

  struct ArtifactChange: Encodable {
    var artifactLocation: ArtifactLocation
    var replacements: [Replacement]
  }

  struct Replacement: Encodable {
    var deletedRegion: Region
    var insertedContent: Content
  }

  struct Content: Encodable {
    var text: String
  }
}
