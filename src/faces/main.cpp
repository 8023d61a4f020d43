// queens, the counter: N-queens placements on any board of up to 64x64,
// with reserved squares and given queens, by the engine each board suits,
// on every core (--threads) and many machines (--part, --merge). `queens
// --help` lists the options; docs/how-it-works.md explains the engines.
//
// The source tree is in layers, each using only those below it: the table
// at the top of src/CMakeLists.txt, which the build enforces.
#include "faces/cli.hpp"

int main(int argc, char** argv) { return queens::runQueens(0, stdout, stderr, argc, argv); }
