// queens, the counter: N-queens placements on any board of up to 64x64,
// with reserved squares and given queens, by the engine each board suits,
// on every core (--threads) and many machines (--part, --merge). `queens
// --help` lists the options; docs/how-it-works.md explains the engines.
//
// The source tree is in layers, each using only those below it
// (src/CMakeLists.txt enforces it, and the README draws it):
//   faces/    the command line (cli.cpp) and the --trace=html page
//   run/      a board's plan, its threads and shares, the progress line
//   lasts/    shares, --merge and --checkpoint's records
//   engines/  the row search's units, propagation, symmetry, the join
//   work/     128-bit counts and units of work
//   judge/    the reader, the row search, --list and --trace, and the
//             options both programs share: solution.cpp is made of these
#include "faces/cli.hpp"

int main(int argc, char** argv) { return queens::runQueens(0, stdout, stderr, argc, argv); }
