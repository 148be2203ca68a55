/// The version of rulescheck: the one place it is written.
///
/// `rulescheck --version` prints it; SARIF's `tool.driver.version`, the JSON documents and the
/// JUnit report carry it; `scripts/release.sh` stamps the packages with it. Bump it here (and
/// nowhere else) when cutting a release.
public enum ToolVersion {
  /// The semantic version of this build, e.g. `0.11.0`.
  public static let current = "0.11.0"
}
