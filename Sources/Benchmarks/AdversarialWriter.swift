import Foundation

/// `rulescheck-bench adversarial DIR [--scales 1,4,16 | --mib 1,4,16]`: writes every
/// ``AdversarialShape`` at each scale (times the size issue 10 measured) into
/// `DIR/<name>-x<scale>/`, or at each size into `DIR/<name>-<N>MiB/`, and lists the cases in
/// `DIR/cases.tsv` (folder, bytes, then the `rulescheck` arguments, tab-separated), for
/// `scripts/adversarial.sh`.
func writeAdversarialInputs(arguments: [String]) -> Int32 {
  guard arguments.count >= 3 else {
    print("usage: rulescheck-bench adversarial DIR [--scales 1,4,16]")
    return 2
  }
  let directory = URL(fileURLWithPath: arguments[2])
  var scales = [1, 4, 16]
  var mebibytes: [Int] = []
  if let flag = arguments.firstIndex(of: "--scales"), flag + 1 < arguments.count {
    scales = arguments[flag + 1].split(separator: ",").compactMap { Int($0) }
  }
  if let flag = arguments.firstIndex(of: "--mib"), flag + 1 < arguments.count {
    mebibytes = arguments[flag + 1].split(separator: ",").compactMap { Int($0) }
  }
  // (folder suffix, units) per shape: scales of the issue's sizes, or sizes in MiB.
  func sizes(_ shape: AdversarialShape) -> [(String, Int)] {
    mebibytes.isEmpty
      ? scales.map { ("x\($0)", shape.baseUnits * $0) }
      : mebibytes.map { ("\($0)MiB", shape.units(forBytes: $0 << 20)) }
  }
  var manifest = ""
  do {
    for shape in AdversarialShape.allCases {
      for (suffix, units) in sizes(shape) {
        let adversarial = shape.make(units: units)
        let folder = "\(adversarial.name)-\(suffix)"
        let caseDirectory = directory.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: caseDirectory, withIntermediateDirectories: true)
        var bytes = 0
        for file in adversarial.files {
          try file.text.write(
            to: caseDirectory.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
          bytes += file.text.utf8.count
        }
        manifest += ([folder, String(bytes)] + adversarial.arguments).joined(separator: "\t") + "\n"
      }
    }
    try manifest.write(to: directory.appendingPathComponent("cases.tsv"), atomically: true, encoding: .utf8)
  } catch {
    print("cannot write \(directory.path): \(error)")
    return 2
  }
  print("wrote \(manifest.split(separator: "\n").count) cases to \(directory.path)")
  return 0
}
