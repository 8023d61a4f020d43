// ===== The GPU's search (OpenCL C) ==========================================
// The row search of src/judge/row_search.hpp, without recursion, for one
// GPU thread each: the CPU lists the placements of a board's first rows (the
// prefixes), and each thread takes the next prefix from a shared counter,
// counts the placements below it, and takes another, until none is left.
// Taking them one at a time keeps every thread busy while prefixes are left,
// however unequal their subtrees; a batch still ends on its largest ones.
//
// The host builds this source with these definitions:
//   QUEENS_WIDE    64-bit rows (boards over 32x32); else 32-bit, faster
//   QUEENS_LEVELS  the rows a thread's stack holds: those below the batch's
//                  shallowest prefix
//   QUEENS_GROUP   threads per work-group
//   QUEENS_NODES   also count the nodes, for --stats

// Each thread keeps a stack of the rows it has still to finish: for each, the
// row's masks and the squares still to try there. Every step takes the top
// row's next square, places its queen and looks at the row below: the last
// row's open squares are counted, and any other row with an open square is
// pushed. A row whose squares are all taken leaves the stack in the same
// step, so every step is the same instructions for every thread, with no
// branch to diverge on but the one that takes the next prefix. A row's place
// on the stack changes (it takes its parent's place when the parent is
// done), so a row is known by its queens: as many as there are columns taken.
//
// A row on the stack: its masks (x: columns, y: sum diagonals, z:
// difference diagonals, as searchRows takes them) and its squares still to
// try (w), one vector, read and written whole.
#ifdef QUEENS_WIDE
typedef ulong Mask;
typedef ulong4 Row;
#else
typedef uint Mask;
typedef uint4 Row;
#endif

// Up to 32 columns the stacks live in local memory, each row next to the
// same row of the group's other threads; over 32, in private memory.
#ifdef QUEENS_WIDE
#define STACK_AT(level) stack[level]
#else
#define STACK_AT(level) stack[(level) * QUEENS_GROUP]
#endif

__kernel __attribute__((reqd_work_group_size(QUEENS_GROUP, 1, 1))) void countPrefixes(
    int n,                          // the boards' size
    __global const Mask* freeRows,  // each board's open squares, n rows a board
    __global const uint* boardOf,   // each prefix's board
    __global const uchar* rowOf,    // the first row below the prefix
    __global const Mask* columnsOf, // the prefix's masks on that row,
    __global const Mask* sumsOf,    // as searchRows takes them
    __global const Mask* differencesOf,
    __global ulong* countOf,        // out: the placements below each prefix
    __global ulong* nodesOf,        // out, with QUEENS_NODES: the nodes below it
    uint prefixes, __global uint* nextPrefix) {
#ifdef QUEENS_WIDE
  Row stack[QUEENS_LEVELS];
#else
  __local Row stacks[QUEENS_LEVELS * QUEENS_GROUP];
  __local Row* stack = stacks + get_local_id(0);
#endif
  const int last = n - 1;
  uint prefix = 0;
  int top = 0;  // rows on the stack
  __global const Mask* free = freeRows;
  ulong count = 0, nodes = 0;
  bool started = false;
  for (;;) {
    if (top == 0) {  // this prefix is done: the next
      if (started) {
        countOf[prefix] = count;
#ifdef QUEENS_NODES
        nodesOf[prefix] = nodes;
#endif
      }
      prefix = atomic_inc(nextPrefix);
      if (prefix >= prefixes) return;
      started = true, count = 0, nodes = 0;
      free = freeRows + (size_t)boardOf[prefix] * n;
      const int row = rowOf[prefix];
      Row first = (Row)(columnsOf[prefix], sumsOf[prefix], differencesOf[prefix], 0);
      first.w = free[row] & ~(first.x | first.y | first.z);
      if (row == last) count = popcount(first.w);
      if (row == last || !first.w) continue;
      STACK_AT(0) = first, top = 1;
    }
    // The top row's next square: its queen, and the row below it.
    Row row = STACK_AT(top - 1);
    const Mask queen = row.w & (0 - row.w);
    row.w ^= queen;
    STACK_AT(top - 1).w = row.w;
    top -= row.w == 0;  // its squares all taken: it leaves the stack
    Row below = (Row)(row.x | queen, (row.y | queen) >> 1, (row.z | queen) << 1, 0);
    const int rowBelow = popcount(below.x);  // a queen a row above it
    below.w = free[rowBelow] & ~(below.x | below.y | below.z);
    ++nodes;
    if (rowBelow == last) {
      count += popcount(below.w);  // the last row's queens, counted
    } else if (below.w) {
      STACK_AT(top) = below, ++top;
    }
  }
}
