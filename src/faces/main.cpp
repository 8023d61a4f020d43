// queens, the counter: N-queens placements on any board of up to 64x64,
// with reserved squares and given queens, by the engine each board suits,
// on every core (--threads) and many machines (--part, --merge). `queens
// --help` lists the options; docs/how-it-works.md explains the engines.
//
// The source tree, one layer on the next (each part's banner says more):
//   judge/    the reader, the row search, small boards, --list and --trace,
//             and the options both programs share: solution.cpp is made of
//             these alone (src/bundle.cpp)
//   counter/  geometry.hpp, cpu.hpp: diagonals, symmetries, instruction sets
//             units.hpp, progress.hpp: units of work, the progress line
//             propagation.hpp: the most constrained row first
//             symmetry.hpp: border classes, and --unique
//             join_tables.hpp, join_blocks.hpp, join_order.hpp,
//             join_counter.hpp, join_kinds.hpp, join.hpp: the join, with
//             join_portable.cpp, join_avx2.cpp, join_avx512.cpp: its
//             counter on each instruction set, compiled apart
//             plan.hpp: which engine counts a board
//             threads.hpp: threads, shares of work, countBoard
//             checkpoint_file.hpp, checkpoint.hpp: --checkpoint
//             shares.hpp, merge.hpp: what --part prints, and --merge
//             page.hpp: the --trace=html page
//             cli.hpp: the options and the loop over the boards
#include "faces/cli.hpp"

int main(int argc, char** argv) { return queens::runQueens(0, stdout, stderr, argc, argv); }
