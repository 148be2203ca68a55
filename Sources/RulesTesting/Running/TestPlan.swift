import Foundation
import RulesEvaluator
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

  /// Parses one suite file (`.json` strictly as JSON, anything else as YAML).
  public static func read(_ file: String, now: Timestamp) throws(SuiteError) -> TestSuite {
    guard let text = readText(file) else {
      throw SuiteError(file: file, message: "cannot read the file, or it is not UTF-8")
    }
    return try parse(text, path: file, now: now)
  }

  /// Parses suite text; `path` names it in errors and anchors relative paths.
  public static func parse(_ text: String, path: String, now: Timestamp) throws(SuiteError) -> TestSuite {
    let root = try SuiteDocument.parse(text, file: path, json: path.lowercased().hasSuffix(".json"))
    return try TestSuite(document: root, path: path, now: now, readFile: readText)
  }

  private static func readText(_ path: String) -> String? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
      let data = FileManager.default.contents(atPath: path)
    else { return nil }
    return String(validating: Array(data), as: UTF8.self)
  }

  private static func compile(_ suite: TestSuite) throws(TestInputError) -> CompiledRuleset {
    let at = { (message: String) in
      SuiteError(file: suite.path, location: suite.rulesLocation, message: message)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: suite.rulesPath, isDirectory: &isDirectory),
      !isDirectory.boolValue,
      let data = FileManager.default.contents(atPath: suite.rulesPath)
    else { throw .suite(at("cannot read the rules file \(suite.rulesPath)")) }
    let checked = SemanticAnalyzer.analyze(SourceFile(path: suite.rulesPath, bytes: Array(data)))
    do {
      return try CompiledRuleset(deploying: checked)
    } catch {
      throw .invalidRules(
        at: at("\(suite.rulesPath) has \(error.count); fix them before testing"), checked: checked)
    }
  }
}
