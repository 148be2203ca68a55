import Foundation
import RulesEvaluator
import RulesInput
import RulesSemantics
import RulesSyntax

/// Suites read and their rules compiled, ready to run: every input problem surfaces here,
/// before any case runs.
public struct TestPlan: Sendable {
  public var suites: [TestSuite]
  /// Compiled rules by ``TestSuite/rulesPath``; suites sharing a rules file share one.
  public var rulesets: [String: CompiledRuleset]

  public init(suites: [TestSuite], rulesets: [String: CompiledRuleset]) {
    self.suites = suites
    self.rulesets = rulesets
  }

  /// Reads the suite files `paths` (see ``SuiteDiscovery``) and their rules. `now` is the
  /// `request.time` of suites that set none.
  public static func load(_ paths: [String], now: Timestamp) throws(TestInputError) -> TestPlan {
    let files: [String]
    do {
      files = try SuiteDiscovery().files(for: paths)
    } catch {
      throw .suite(error)
    }
    var plan = TestPlan(suites: [], rulesets: [:])
    for file in files {
      let suite: TestSuite
      do {
        suite = try read(file, now: now)
      } catch {
        throw .suite(error)
      }
      if plan.rulesets[suite.rulesPath] == nil {
        plan.rulesets[suite.rulesPath] = try compile(suite)
      }
      plan.suites.append(suite)
    }
    return plan
  }

  /// Parses one suite file (`.json` strictly as JSON, anything else as YAML; `-` is standard
  /// input, YAML, shown as `<stdin>`, with paths relative to the working directory); a file
  /// larger than ``InputLimits/suiteFile`` is refused unread.
  public static func read(_ file: String, now: Timestamp) throws(SuiteError) -> TestSuite {
    let path = file == "-" ? "<stdin>" : file
    let text: String
    switch readText(file, limit: InputLimits.suiteFile) {
    case .success(let read): text = read
    case .failure(let error): throw SuiteError(file: path, message: "cannot read the suite: \(error)")
    }
    return try parse(text, path: path, now: now)
  }

  /// Parses suite text; `path` names it in errors and anchors relative paths.
  public static func parse(_ text: String, path: String, now: Timestamp) throws(SuiteError) -> TestSuite {
    let root = try SuiteDocument.parse(text, file: path, json: path.lowercased().hasSuffix(".json"))
    return try TestSuite(document: root, path: path, now: now) { file in
      readText(file, limit: InputLimits.firestoreFixture)
    }
  }

  /// The UTF-8 text of the file at `path`, or why it cannot be used.
  private static func readText(_ path: String, limit: SizeLimit) -> Result<String, SuiteReadError> {
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(path, limit: limit)
    } catch {
      return .failure(SuiteReadError(error.description))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return .failure(SuiteReadError("not valid UTF-8"))
    }
    return .success(text)
  }

  private static func compile(_ suite: TestSuite) throws(TestInputError) -> CompiledRuleset {
    let at = { (message: String) in
      SuiteError(file: suite.path, location: suite.rulesLocation, message: message)
    }
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(suite.rulesPath, limit: InputLimits.rulesFile)
    } catch {
      throw .suite(at("cannot read the rules file \(suite.rulesPath): \(error)"))
    }
    let checked = SemanticAnalyzer.analyze(SourceFile(path: suite.rulesPath, bytes: bytes))
    do {
      return try CompiledRuleset(deploying: checked)
    } catch {
      throw .invalidRules(
        at: at("\(suite.rulesPath) has \(error.count); fix them before testing"), checked: checked)
    }
  }
}
