// shelf-bench-gen COUNT DIR [--seed N]
//
// Writes COUNT synthetic book files (1-3 KB each) into DIR, in subfolders of 1000 files
// (`DIR/a00/000042-author-title.md`, ...), plus `DIR/shelf.yaml`. The output depends only on
// COUNT and the seed. Used by scripts/bench.sh; see docs/benchmarks.md.

runGenerator(CommandLine.arguments)
