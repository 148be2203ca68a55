import Foundation
import RulesEvaluator
import RulesInput
import RulesLint
import RulesLintFrontend
import RulesReport
import RulesSemantics
import RulesSyntax

/// Reading what `simulate` needs; every failure is one `rulescheck: error:` line and exit 2.
enum SimulationInput {
  /// The compiled rules, as Firebase compiles them on deploy (decisions.md §21): a file with
  /// compile errors is refused with them on standard error; any other file runs, and with
  /// `showFindings` its static findings are printed on standard error first.
  static func loadRules(_ path: String, showFindings: Bool, color: Bool?) -> CompiledRuleset {
    let source = readRules(path)
    let checked = SemanticAnalyzer.analyze(source)
    let style = Console.style(explicit: color, error: true)
    do {
      let ruleset = try CompiledRuleset(deploying: checked)
      if showFindings {
        Console.writeError(RunFindings(checked.deployableFindings, in: source).text(style: style))
      }
      return ruleset
    } catch {
      refuse(error, color: color)
    }
  }

  /// The rules file at `path` (`-`: standard input, shown as `<stdin>`).
  static func readRules(_ path: String) -> SourceFile {
    do {
      return try SourceReader().read(path == "-" ? .standardInput() : LintInput(path: path))
    } catch {
      Console.fail(error.description)
    }
  }

  /// Prints a refused file's compile errors on standard error and exits with status 2.
  static func refuse(_ error: RulesCompilationError, color: Bool?) -> Never {
    let renderer = LintTextRenderer(style: Console.style(explicit: color, error: true))
    for diagnostic in error.errors {
      Console.writeError(renderer.render(diagnostic, in: error.checked.source))
    }
    Console.fail(error.description)
  }

  /// The UTF-8 text of `path` (`-`: standard input), refused when larger than `limit`.
  static func readText(_ path: String, limit: SizeLimit) -> String {
    let name = path == "-" ? "<stdin>" : path
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(path, limit: limit)
    } catch {
      Console.fail("\(name): \(error)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      Console.fail("\(name): not valid UTF-8")
    }
    return text
  }

  static func loadFirestore(_ path: String) -> FirestoreDocuments {
    let text = readText(path, limit: InputLimits.firestoreFixture)
    do {
      return try FirestoreDocuments(json: try JSONInputParser.parse(text))
    } catch let error as JSONInputError {
      Console.fail("\(path):\(error.line):\(error.column): malformed JSON: \(error.message)")
    } catch {
      Console.fail("\(path): \(error)")
    }
  }

  /// The requests of the batch at `path` (`-`: standard input) as pieces of consecutive lines
  /// (``BatchDecisions/parsePieces(_:defaults:)``); a file that is too large, not UTF-8, or has
  /// a malformed line fails with the same message as before the pieces.
  static func loadBatch(_ path: String, defaults: RequestBatch.Defaults) -> [[RequestInput]] {
    let name = path == "-" ? "<stdin>" : path
    let bytes: [UInt8]
    do {
      bytes = try InputFile.read(path, limit: InputLimits.requestBatch)
    } catch {
      Console.fail("\(name): \(error)")
    }
    do {
      return try BatchDecisions.parsePieces(bytes, defaults: defaults)
    } catch {
      switch error {
      case .notUTF8: Console.fail("\(name): not valid UTF-8")
      case .line(let error):
        Console.fail("\(name):\(error.line)\(error.column.map { ":\($0)" } ?? ""): \(error.message)")
      }
    }
  }

  /// Decodes a JSON flag value with `read`, failing with the flag's name.
  static func decode<T>(
    _ flag: String, _ read: @escaping (JSONInput) throws(RequestInputError) -> T
  ) -> (String) -> T {
    { text in
      do {
        return try read(try JSONInputParser.parse(text))
      } catch let error as JSONInputError {
        Console.fail("\(flag): malformed JSON at column \(error.column): \(error.message)")
      } catch let error as RequestInputError {
        Console.fail("\(flag): \(error.message)")
      } catch {
        Console.fail("\(flag): \(error)")
      }
    }
  }

  static func now() -> Timestamp {
    let interval = Date().timeIntervalSince1970
    let seconds = Int64(interval.rounded(.down))
    return Timestamp(seconds: seconds, nanos: Int32((interval - Double(seconds)) * 1e9))
  }
}
