import Foundation
import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// Inputs the harnesses pair fuzzed bytes with: the repository's example rules and a fixed
/// mix of requests.
public enum Fixtures {
  /// The repository root (the fuzz package lives in `Fuzz/`).
  public static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `examples/storage.rules`, compiled.
  public static let ruleset: CompiledRuleset = {
    let url = repository.appendingPathComponent("examples/storage.rules")
    guard let data = try? Data(contentsOf: url),
      let ruleset = try? CompiledRuleset(
        deploying: SemanticAnalyzer.analyze(SourceFile(path: "storage.rules", bytes: Array(data))))
    else {
      FileHandle.standardError.write(Data("cannot load \(url.path)\n".utf8))
      exit(2)
    }
    return ruleset
  }()

  /// A request of every method, signed in and not, on paths the example rules match and do not.
  public static let requestLines = """
    {"method":"get","path":"users/alice/a.png","auth":{"uid":"alice"},"resource":{"size":10}}
    {"method":"get","path":"users/alice/a.png","resource":{"size":10,"contentType":"image/png"}}
    {"method":"list","path":"users/alice","auth":{"uid":"alice","token":{"admin":true}}}
    {"method":"list","path":""}
    {"method":"create","path":"users/alice/b.png","auth":{"uid":"alice"},"requestResource":{"size":1024,"contentType":"image/png","metadata":{"k":"v"}}}
    {"method":"create","path":"avatars/bob/x.webp","auth":{"uid":"bob","token":{"email_verified":true}},"requestResource":{"size":4000000,"contentType":"image/webp"}}
    {"method":"update","path":"users/alice/a.png","auth":{"uid":"alice"},"resource":{"size":10,"contentType":"image/png"},"requestResource":{"contentType":"text/plain"}}
    {"method":"update","path":"public/p.txt","auth":{"uid":"root","token":{"admin":true,"email_verified":true}},"resource":{"size":5},"requestResource":{"metadata":{"a":null}}}
    {"method":"delete","path":"public/p.txt","auth":{"uid":"root","token":{"admin":true}},"resource":{"size":5}}
    {"method":"delete","path":"a/b/c/d/e","resource":{"size":0}}
    {"method":"get","path":"x","bucket":"other-bucket","time":"2030-01-01T00:00:00Z","resource":{}}
    """

  /// ``requestLines``, parsed.
  public static let requests: [RequestInput] = {
    guard let requests = try? RequestBatch.parse(requestLines) else {
      FileHandle.standardError.write(Data("the fixed request mix does not parse\n".utf8))
      exit(2)
    }
    return requests
  }()

  /// The `request.time` of requests that give none.
  public static let now = Timestamp(seconds: 1_767_225_600, nanos: 0)
}

extension Fixtures {
  /// The time date-dependent lint rules judge against: fixed, so runs repeat.
  public static let lintTime = Date(timeIntervalSince1970: 1_767_225_600)
}
