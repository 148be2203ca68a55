import Foundation
import FuzzSupport
import RulesLint
import RulesLintFrontend

/// Bytes as a `.rulescheck.yml`, read and applied: the configuration it makes and its
/// exclusion globs against a few paths.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else {
    return 0
  }
  let directory = URL(fileURLWithPath: "/project")
  guard let file = try? ConfigurationFile.parse(text, path: ".rulescheck.yml", directory: directory) else {
    return 0
  }
  _ = file.configuration(commandLineStrict: false)
  _ = file.configuration(commandLineStrict: true)
  for path in [
    "storage.rules", "rules/a.rules", "deep/er/x/storage.rules", "../outside.rules", "a b/ü.rules",
  ] {
    _ = file.excludes(URL(fileURLWithPath: path, relativeTo: directory))
  }
  return 0
}
