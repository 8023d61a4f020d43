// ===== The GPU's search (OpenCL C) ==========================================
// The row search of src/judge/row_search.hpp, without recursion, for one
// GPU thread each: the CPU lists the placements of a board's first rows (the
// prefixes), and each thread takes the next prefix from a shared counter,
// counts the placements below it, and takes another, until none is left.
// Taking them one at a time keeps every thread busy while prefixes are left,
// however unequal their subtrees. A launch would still end on its largest
// ones (at 21x21 a prefix may hold 80 times the mean's nodes), most threads
// idle, so the stacked kernel's threads give their shallowest rows away once
// the prefixes run out, for the host to launch again on.
// Two kernels do this, the host launching one (QUEENS_GPU_KERNEL):
// countPrefixes keeps its top row in registers and branches by what the
// row below holds; countPrefixesStacked (below) keeps every row on the stack
// and runs the same instructions at every step, reading the board's rows
// from global memory or, built with QUEENS_LOCAL_ROWS, from its own copy.
//
// The host builds this source with these definitions:
//   QUEENS_WIDE    64-bit rows (boards over 32x32); else 32-bit, faster
//   QUEENS_NODES   also count the nodes, for --stats
//   QUEENS_LOCAL_ROWS  the stacked kernel copies each prefix's board rows
//                  beside its stack (QUEENS_GPU_KERNEL=stacked-local)
// and gives each launch its work-group's stacks in local memory (`stacks`),
// sized for the batch's shallowest prefix, so that one build serves them all.

// Each thread searches from one row, the top: its masks (x: columns, y: sum
// diagonals, z: difference diagonals, as searchRows takes them), its squares
// still to try (w), and the open squares of the row below it, all in
// registers. Every step takes the top row's next square, places its queen
// and looks at the row below: the last row's open squares are counted; any
// other row with an open square becomes the top, and the old top, if it has
// squares left, goes on the stack. A top row with none left takes the row
// on top of the stack back. Every step is one loop for every thread, with no
// branch to diverge on but the one that takes the next prefix.
#ifdef QUEENS_WIDE
typedef ulong Mask;
#else
typedef uint Mask;
#endif

// Writes out the count (and with QUEENS_NODES the nodes) of the prefix a
// thread has done, if any (~0u: none yet), and takes the next one from the
// shared counter; false when none is left. Both kernels begin each prefix so.
bool takeNextPrefix(uint* prefix, ulong count, ulong nodes, __global ulong* countOf,
                    __global ulong* nodesOf, uint prefixes, __global uint* nextPrefix) {
  if (*prefix != ~0u) {
    countOf[*prefix] = count;
#ifdef QUEENS_NODES
    nodesOf[*prefix] = nodes;
#endif
  }
  *prefix = atomic_inc(nextPrefix);
  return *prefix < prefixes;
}

// A stored row's four words lie in four arrays, each word next to the same
// word of the work-group's other threads: threads that store or load the
// same word together touch consecutive words of local memory, with no
// bank conflict (a row's four words side by side would be a 16-byte stride).
#define STORED(level, word) stack[((level) * 4 + (word)) * group]

__kernel void countPrefixes(
    int n,                          // the boards' size
    __global const Mask* freeRows,  // each board's open squares, n rows a board
    __global const uint* boardOf,   // each prefix's board
    __global const uchar* rowOf,    // the first row below the prefix
    __global const Mask* columnsOf, // the prefix's masks on that row,
    __global const Mask* sumsOf,    // as searchRows takes them
    __global const Mask* differencesOf,
    __global ulong* countOf,        // out: the placements below each prefix
    __global ulong* nodesOf,        // out, with QUEENS_NODES: the nodes below it
    uint prefixes, __global uint* nextPrefix,
    __local Mask* stacks,           // the group's stacks: 4 words a level a thread
    uint levels,                    // (the stacked kernel's: the levels of a stack)
    // The stacked kernel's arguments for giving rows away, which this one
    // never does: the host gives both kernels the same arguments.
    uint giveEvery, uint room, __global uint* given, __global uint* givenBoardOf,
    __global uchar* givenRowOf, __global Mask* givenColumnsOf, __global Mask* givenSumsOf,
    __global Mask* givenDifferencesOf) {
  const uint group = get_local_size(0);
  __local Mask* stack = stacks + get_local_id(0);
  const int last = n - 1;
  __global const Mask* free = freeRows;
  uint prefix = ~0u;  // none yet
  ulong count = 0, nodes = 0;
  Mask x = 0, y = 0, z = 0, w = 0;
  Mask openBelow = 0;   // the open squares of the row below the top
  int row = 0;          // the top row's number
  int stored = 0;       // rows on the stack
  for (;;) {
    if (!w) {  // the top row is done with an empty stack: the next prefix
      if (!takeNextPrefix(&prefix, count, nodes, countOf, nodesOf, prefixes, nextPrefix)) return;
      count = 0, nodes = 0;
      free = freeRows + (size_t)boardOf[prefix] * n;
      row = rowOf[prefix];
      x = columnsOf[prefix], y = sumsOf[prefix], z = differencesOf[prefix];
      w = free[row] & ~(x | y | z);
      if (row == last) count = popcount(w), w = 0;
      else openBelow = free[row + 1];
      continue;
    }
    // The top row's next square: its queen, and the row below it.
    const Mask queen = w & (0 - w);
    w ^= queen;
    const Mask belowX = x | queen, belowY = (y | queen) >> 1, belowZ = (z | queen) << 1;
    const Mask belowW = openBelow & ~(belowX | belowY | belowZ);
    ++nodes;
    if (row + 1 == last) {
      count += popcount(belowW);  // the last row's queens, counted
    } else if (belowW) {  // the row below becomes the top
      if (w) {
        STORED(stored, 0) = x, STORED(stored, 1) = y, STORED(stored, 2) = z;
        STORED(stored, 3) = w, ++stored;
      }
      x = belowX, y = belowY, z = belowZ, w = belowW, ++row;
      // Loaded now, its first use a step away: not after the next queen.
      openBelow = free[row + 1];
      continue;
    }
    if (!w && stored) {  // the row on top of the stack is the top again
      --stored;
      x = STORED(stored, 0), y = STORED(stored, 1), z = STORED(stored, 2);
      w = STORED(stored, 3);
      row = popcount(x);  // a queen in each row above it
      openBelow = free[row + 1];
    }
  }
}

// The stacked search (QUEENS_GPU_KERNEL=stacked): every row in progress is on
// the stack, one vector each, and every step runs the same instructions for
// every thread. It reads the top row, takes its next square and writes back
// what is left, or drops the row when nothing is (it leaves in the same
// step); it counts the last row's queens below, or pushes the row below when
// that has a square open. The pushes and pops are selects, not branches: on
// a GPU, threads of a group that branch apart wait for each other.
#ifdef QUEENS_WIDE
typedef ulong4 Row;
#else
typedef uint4 Row;
#endif

// Where the launch's prefixes are all taken, the rows its threads still
// search are all that is left, and a thread with a large one keeps the
// launch going while others have nothing. So such a thread gives away the
// untried squares of its shallowest row: each becomes a prefix, its queen
// placed, for the next launch to share among all threads (the host launches
// again on them). A row is given whole or not at all: `room` bounds the
// prefixes given in a launch, and `given` counts them.
bool giveAway(Row row, uint board, __global uint* given, uint room, __global uint* boardOf,
              __global uchar* rowOf, __global Mask* columnsOf, __global Mask* sumsOf,
              __global Mask* differencesOf) {
  const uint squares = popcount(row.w);
  uint first = *given;
  for (;;) {  // claims `squares` places below `room`, or none
    if (first + squares > room) return false;
    const uint seen = atomic_cmpxchg(given, first, first + squares);
    if (seen == first) break;
    first = seen;
  }
  const uchar rowBelow = (uchar)(popcount(row.x) + 1);  // a queen in each row above
  for (Mask w = row.w; w; w &= w - 1, ++first) {
    const Mask queen = w & (0 - w);
    boardOf[first] = board, rowOf[first] = rowBelow;
    columnsOf[first] = row.x | queen;
    sumsOf[first] = (row.y | queen) >> 1, differencesOf[first] = (row.z | queen) << 1;
  }
  return true;
}

// A thread's rows lie a constant stride apart, so that a step computes no
// index: the group's threads go in blocks of LANES (a GPU's warp: 32), a
// block's stacks level by level, each level's LANES rows side by side
// (threads that load or store a level together touch consecutive memory).
// The host sizes `stacks` for whole blocks (kernelStackBytes). Wide rows
// take twice the bytes and up to twice the levels, so their blocks are
// smaller. tests/gpu_stack_layout.cpp checks that no two stacks meet.
#ifdef QUEENS_WIDE
#define LANES 8
#else
#define LANES 32
#endif

// This thread's stack: its first row; the next lie LANES rows apart.
__local Row* stackOf(__local Row* stacks, uint levels) {
  const uint lane = get_local_id(0) % LANES, block = get_local_id(0) / LANES;
  return stacks + block * levels * LANES + lane;
}

// Every step reads the open squares of the row below its top, on the
// prefix's board. From global memory, the threads of a warp, each on a board
// of its own, read as many cache lines, one after another, and a board's
// rows may have left the little cache that local memory leaves. With
// QUEENS_LOCAL_ROWS each thread copies its board's rows into local memory
// when it takes a prefix, after the group's stacks, each block's rows side
// by side as its stacks are (the host sizes `stacks` for both).
#ifdef QUEENS_LOCAL_ROWS
__local Mask* boardRowsOf(__local Row* stacks, uint levels, int n) {
  const uint blocks = (get_local_size(0) + LANES - 1) / LANES;
  __local Mask* const rows = (__local Mask*)(stacks + blocks * levels * LANES);
  const uint lane = get_local_id(0) % LANES, block = get_local_id(0) / LANES;
  return rows + block * n * LANES + lane;
}
#define OPEN(row) open[(row) * LANES]
#else
#define OPEN(row) free[row]
#endif

__kernel void countPrefixesStacked(
    int n, __global const Mask* freeRows, __global const uint* boardOf,
    __global const uchar* rowOf, __global const Mask* columnsOf, __global const Mask* sumsOf,
    __global const Mask* differencesOf, __global ulong* countOf, __global ulong* nodesOf,
    uint prefixes, __global uint* nextPrefix,
    __local Row* stacks,  // the group's stacks, in blocks of LANES threads
    uint levels,          // the levels of a stack
    uint giveEvery,       // nodes between looks at whether the prefixes ran out
    uint room, __global uint* given, __global uint* givenBoardOf, __global uchar* givenRowOf,
    __global Mask* givenColumnsOf, __global Mask* givenSumsOf,
    __global Mask* givenDifferencesOf) {
  __local Row* const stack = stackOf(stacks, levels);
#ifdef QUEENS_LOCAL_ROWS
  __local Mask* const open = boardRowsOf(stacks, levels, n);  // OPEN(row): its open squares
#endif
  __local Row* bottom = stack;  // the rows on the stack: from bottom up to
  __local Row* above = stack;   // above, where the next goes
  const int last = n - 1;
  __global const Mask* free = freeRows;
  uint prefix = ~0u;  // none yet
  ulong count = 0, nodes = 0;
  uint sinceLook = 0;  // nodes since the last look at the prefixes left
  for (;;) {
    if (above == bottom) {  // the prefix is done: the next
      if (!takeNextPrefix(&prefix, count, nodes, countOf, nodesOf, prefixes, nextPrefix)) return;
      count = 0, nodes = 0, bottom = stack, above = stack;
      free = freeRows + (size_t)boardOf[prefix] * n;
      const int row = rowOf[prefix];
      Row first = (Row)(columnsOf[prefix], sumsOf[prefix], differencesOf[prefix], 0);
      first.w = free[row] & ~(first.x | first.y | first.z);
#ifdef QUEENS_LOCAL_ROWS
      for (int below = row + 1; below < n; ++below) OPEN(below) = free[below];
#endif
      if (row == last) count = popcount(first.w);
      if (row == last || !first.w) continue;
      *stack = first, above = stack + LANES;
    }
    if (++sinceLook == giveEvery) {  // rare: a look at the prefixes left
      sinceLook = 0;
      const Row shallowest = *bottom;
      if (atomic_add(nextPrefix, 0) >= prefixes &&
          giveAway(shallowest, boardOf[prefix], given, room, givenBoardOf, givenRowOf,
                   givenColumnsOf, givenSumsOf, givenDifferencesOf)) {
        nodes += popcount(shallowest.w);  // each square given is a node placed here
        bottom += LANES;
        if (above == bottom) continue;
      }
    }
    Row row = above[-LANES];  // the top row
    const Mask queen = row.w & (0 - row.w);
    row.w ^= queen;
    above[-LANES].w = row.w;
    above -= row.w == 0 ? LANES : 0;  // a row with no square left is done
    Row below = (Row)(row.x | queen, (row.y | queen) >> 1, (row.z | queen) << 1, 0);
    const int rowBelow = popcount(below.x);  // a queen in each row above it
    below.w = OPEN(rowBelow) & ~(below.x | below.y | below.z);
    ++nodes;
    const bool isLast = rowBelow == last;
    count += isLast ? popcount(below.w) : 0;
    const bool push = !isLast && below.w != 0;
    if (push) *above = below;
    above += push ? LANES : 0;
  }
}
