// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for rulescheck. Not part of the main package: they only link with
// `-sanitize=fuzzer`. Build and run one with `scripts/fuzz.sh TARGET SECONDS` (see README.md).
//
// On Linux SwiftPM links an executable with `main=<Target>_main`; built with
// `-parse-as-library` the Swift code defines no main, so `FuzzDriver` (C) defines each
// `<Target>_main` as a call of libFuzzer's `LLVMFuzzerRunDriver` with the target's
// `LLVMFuzzerTestOneInput`.
let fuzzTargets = ["FuzzLint", "FuzzEvaluate", "FuzzListing", "FuzzSuite", "FuzzConfiguration"]

let package = Package(
  name: "rulescheck-fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "rulescheck", path: "..")],
  targets: [
    .target(name: "FuzzDriver"),
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "RulesSyntax", package: "rulescheck"),
        .product(name: "RulesSemantics", package: "rulescheck"),
        .product(name: "RulesEvaluator", package: "rulescheck"),
        .product(name: "StorageBucket", package: "rulescheck"),
        .product(name: "RulesLint", package: "rulescheck"),
        .product(name: "RulesLintFrontend", package: "rulescheck"),
        .product(name: "RulesTesting", package: "rulescheck"),
        .product(name: "RulesReport", package: "rulescheck"),
      ]
    ),
  ]
    + fuzzTargets.map { name in
      .executableTarget(name: name, dependencies: ["FuzzDriver", "FuzzSupport"])
    },
  swiftLanguageModes: [.v6]
)
