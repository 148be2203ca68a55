import RulesTesting

/// JUnit XML for CI systems: one `<testsuite>` per suite file, one `<testcase>` per case, a
/// `<failure>` with the explanation for each failed case. Each suite's `<properties>` name its
/// rules file (`rules`) and the version of rulescheck (`rulescheck.version`).
public struct TestJUnitRenderer: Sendable {
  public init() {}

  public func render(_ run: TestRun) -> String {
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      "<testsuites name=\"rulescheck test\" tests=\"\(run.caseCount)\" failures=\"\(run.failedCount)\" "
        + "errors=\"0\" time=\"\(Self.seconds(run.duration))\">",
    ]
    for suite in run.suites {
      let path = Self.escape(suite.suite.path)
      lines.append(
        "  <testsuite name=\"\(path)\" tests=\"\(suite.cases.count)\" failures=\"\(suite.failedCount)\" "
          + "errors=\"0\" skipped=\"0\" time=\"\(Self.seconds(suite.duration))\" file=\"\(path)\">")
      lines.append("    <properties>")
      lines.append("      <property name=\"rules\" value=\"\(Self.escape(suite.suite.rulesPath))\"/>")
      lines.append(
        "      <property name=\"rulescheck.version\" value=\"\(Self.escape(ToolVersion.current))\"/>")
      lines.append("    </properties>")
      let className = Self.escape(Self.className(suite.suite.path))
      for result in suite.cases {
        let head =
          "    <testcase name=\"\(Self.escape(result.testCase.name))\" classname=\"\(className)\" "
          + "file=\"\(path)\" line=\"\(result.testCase.location.line)\" time=\"\(Self.seconds(result.duration))\""
        if result.passed {
          lines.append(head + "/>")
          continue
        }
        let message = Self.escape(result.failures.joined(separator: "; "))
        let body = TestTextRenderer().render(result, in: suite)
        lines.append(head + ">")
        lines.append(
          "      <failure message=\"\(message)\" type=\"RulesTestFailure\">\(Self.escape(body, attribute: false))</failure>"
        )
        lines.append("    </testcase>")
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The suite path without its suite ending, dots made underscores so that tools reading
  /// `classname` as `package.Class` keep it whole.
  static func className(_ path: String) -> String {
    var name = path
    for suffix in SuiteDiscovery.suffixes + [".yaml", ".yml", ".json"] where name.hasSuffix(suffix) {
      name.removeLast(suffix.count)
      break
    }
    return name.replacingDots()
  }

  static func seconds(_ duration: Duration) -> String {
    let micro = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    let millis = (micro + 500) / 1_000
    let fraction = String(millis % 1_000)
    return "\(millis / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
  }

  /// Text as XML 1.0 character data or attribute value: markup escaped, characters XML
  /// forbids (controls other than tab, line feed and carriage return) dropped; in an
  /// attribute, line feeds are kept as character references.
  static func escape(_ text: String, attribute: Bool = true) -> String {
    var output = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output.append(contentsOf: "&amp;".unicodeScalars)
      case "<": output.append(contentsOf: "&lt;".unicodeScalars)
      case ">": output.append(contentsOf: "&gt;".unicodeScalars)
      case "\"": output.append(contentsOf: "&quot;".unicodeScalars)
      case "\n": output.append(contentsOf: (attribute ? "&#10;" : "\n").unicodeScalars)
      case "\t", "\r": output.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": continue
      default: output.append(scalar)
      }
    }
    return String(output)
  }
}

extension String {
  fileprivate func replacingDots() -> String {
    String(map { $0 == "." ? "_" : $0 })
  }
}
