#ifndef FUZZ_DRIVER_H
#define FUZZ_DRIVER_H
// Entry points SwiftPM's Linux linker maps `main` to (`main=<Target>_main`); see Package.swift.
int FuzzLint_main(int argc, char **argv);
int FuzzEvaluate_main(int argc, char **argv);
int FuzzListing_main(int argc, char **argv);
int FuzzSuite_main(int argc, char **argv);
int FuzzConfiguration_main(int argc, char **argv);
#endif
