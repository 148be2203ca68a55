// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "rulescheck",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "rulescheck", targets: ["rulescheck"]),
    .library(name: "RulesSyntax", targets: ["RulesSyntax"]),
    .library(name: "RulesSemantics", targets: ["RulesSemantics"]),
    .library(name: "RulesEvaluator", targets: ["RulesEvaluator"]),
    .library(name: "RulesLint", targets: ["RulesLint"]),
    .library(name: "RulesReport", targets: ["RulesReport"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .systemLibrary(
      name: "CPCRE2",
      pkgConfig: "libpcre2-8",
      providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
    ),
    .target(name: "RulesRegex", dependencies: ["CPCRE2"]),
    .target(name: "RulesSyntax"),
    .target(name: "RulesSemantics", dependencies: ["RulesSyntax", "RulesRegex"]),
    .target(name: "RulesEvaluator", dependencies: ["RulesSyntax", "RulesSemantics", "RulesRegex"]),
    .target(name: "RulesLint", dependencies: ["RulesSyntax", "RulesSemantics"]),
    .target(name: "RulesReport", dependencies: ["RulesSyntax", "RulesLint", "RulesEvaluator"]),
    .executableTarget(
      name: "rulescheck",
      dependencies: [
        "RulesSyntax", "RulesSemantics", "RulesLint", "RulesReport", "RulesEvaluator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "rulescheck-bench",
      dependencies: ["RulesSyntax", "RulesSemantics", "RulesLint", "RulesEvaluator"],
      path: "Sources/Benchmarks"
    ),
    .testTarget(name: "RulesRegexTests", dependencies: ["RulesRegex"]),
    .testTarget(name: "RulesSyntaxTests", dependencies: ["RulesSyntax"]),
    .testTarget(
      name: "RulesEvaluatorTests", dependencies: ["RulesSyntax", "RulesSemantics", "RulesEvaluator"]
    ),
    .testTarget(
      name: "RulesSemanticsTests", dependencies: ["RulesSyntax", "RulesSemantics"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "RulescheckTests",
      dependencies: ["RulesSyntax", "RulesSemantics", "RulesLint", "RulesReport"],
      exclude: ["Golden"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
