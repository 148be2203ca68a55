import Foundation

/// `rulescheck-bench adversarial DIR [--scales 1,4,16]`: writes every ``AdversarialShape`` at
/// each scale into `DIR/<name>-x<scale>/` and lists the cases in `DIR/cases.tsv` (folder, then
/// the `rulescheck` arguments, tab-separated), for `scripts/adversarial.sh`.
func writeAdversarialInputs(arguments: [String]) -> Int32 {
  guard arguments.count >= 3 else {
    print("usage: rulescheck-bench adversarial DIR [--scales 1,4,16]")
    return 2
  }
  let directory = URL(fileURLWithPath: arguments[2])
  var scales = [1, 4, 16]
  if let flag = arguments.firstIndex(of: "--scales"), flag + 1 < arguments.count {
    scales = arguments[flag + 1].split(separator: ",").compactMap { Int($0) }
  }
  var manifest = ""
  do {
    for shape in AdversarialShape.allCases {
      for scale in scales {
        let adversarial = shape.make(units: shape.baseUnits * scale)
        let folder = "\(adversarial.name)-x\(scale)"
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
