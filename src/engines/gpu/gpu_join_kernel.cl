// ===== The join on the GPU (OpenCL C) =======================================
// The join's pairs (src/engines/join/join_tables.hpp explains the join), counted
// on the device: the host lists each chunk's west halves as patterns, and
// the east side's north and south quarters of each W, each with its weights
// (gpu_join.cpp). One flight of chunks runs three kernels:
//   buildPlanes  each chunk's planes: bit i of plane d says west half i
//                avoids diagonal d; the last plane says that the half exists;
//   buildTables  for each byte k of a pattern and each value v of it, the
//                AND of the last plane with the planes of v's diagonals, as
//                the CPU's join builds them (join_planes.hpp);
//   countPairs   a work-group a tile of up to 256 pairs of quarters (a span
//                of 16 to 64 south ones by as many north ones as fit):
//                a quarter's product, the west halves it fits, is the AND of
//                one table entry per byte of its pattern; a pair that fits
//                (no shared diagonal) adds the popcount of its products' AND,
//                weighted, and each tile's sum goes to `sums`.
// Chunks are whole words of 64 halves; a flight's chunks stand one after
// another in its buffers, and a work-item finds its chunk by a binary search.

// The layout that the host writes is the host's: JoinFlight's constants,
// each given as a -D option of the build (gpu_join_device.cpp's
// joinKernelOptions), so that it is written in one place. (QUEENS_JOINER,
// unused here, tells apart the builds of host threads on a CPU's device.)
#if !defined(CHUNK_FIELDS) || !defined(QUARTER_WORDS) || !defined(TILE_FIELDS) || \
    !defined(TILE_THREADS) || !defined(COUNT_SHIFT) || !defined(ABOVE_SHIFT) || !defined(NO_KEY)
#error "the join's kernels are built with the host's layout (joinKernelOptions)"
#endif

// TILE_THREADS: a thread a pair of a tile.
#define STEP 32                   // words of the products staged at a time
#define STAGED_STRIDE (STEP + 1)  // an odd stride: neighbouring rows in other banks

// The chunk of item `item`, where chunk c's items start at starts[c].
uint chunkOf(__global const uint* starts, uint chunks, uint item) {
  uint low = 0, high = chunks;  // starts[low] <= item < starts[high]
  while (high - low > 1) {
    const uint middle = (low + high) / 2;
    if (starts[middle] <= item) low = middle; else high = middle;
  }
  return low;
}

// A chunk, as the host describes it (JoinFlight::Chunk): CHUNK_FIELDS
// words, where its patterns (PATTERN_AT) and table (TABLE_AT) start, how
// many halves it lists (LISTED), the gap between its two classes of halves
// (GAP_START to GAP_END; none where they are equal), its WORDS of 64
// halves, and its first word of halves equal to phi(W) (EQUAL_WORD).

// Bit i of plane d of word w: half 64 w + i exists and avoids diagonal d.
__kernel void buildPlanes(__global const ulong* patterns, __global const uint* chunks,
                          __global const uint* planeStarts, uint chunkCount, uint planeCount,
                          uint items, __global ulong* planes) {
  const uint item = get_global_id(0);
  if (item >= items) return;
  const uint c = chunkOf(planeStarts, chunkCount, item);
  __global const uint* chunk = chunks + c * CHUNK_FIELDS;
  const uint words = chunk[WORDS];
  const uint within = item - planeStarts[c], d = within / words, w = within % words;
  ulong bits = 0;
  for (uint i = 0; i < 64; ++i) {
    const uint index = w * 64 + i;
    const bool exists = index < chunk[LISTED] && (index < chunk[GAP_START] || index >= chunk[GAP_END]);
    const bool avoids =
        exists && (d == planeCount - 1 || ((patterns[chunk[PATTERN_AT] + index] >> d) & 1) == 0);
    bits |= (ulong)avoids << i;
  }
  planes[item] = bits;
}

// Entry v of byte k's table, word w: the halves that exist and avoid every
// diagonal of v's bits.
__kernel void buildTables(__global const ulong* planes, __global const uint* chunks,
                          __global const uint* tableStarts, __global const uint* planeStarts,
                          uint chunkCount, uint planeCount, uint items, __global ulong* tables) {
  const uint item = get_global_id(0);
  if (item >= items) return;
  const uint c = chunkOf(tableStarts, chunkCount, item);
  const uint words = chunks[c * CHUNK_FIELDS + WORDS];
  const uint within = item - tableStarts[c], w = within % words, v = within / words % 256,
             k = within / words / 256;
  __global const ulong* chunkPlanes = planes + planeStarts[c];
  ulong bits = chunkPlanes[(planeCount - 1) * words + w];
  for (uint b = 0; b < 8; ++b) {
    const uint d = 8 * k + b;
    if ((v >> b & 1) && d < planeCount - 1) bits &= chunkPlanes[d * words + w];
  }
  tables[item] = bits;
}

// A quarter, as the host writes it (FlightBuilder::addQuarters):
// QUARTER_WORDS words, its pattern's bytes from the first it needs, its
// diagonals, and a word of first byte, byte count (at COUNT_SHIFT) and
// weights (QuarterWeights::word, at the *_SHIFT bits).

// A pair's weight, as QuarterWeights says: its quarters' weights, and with
// the odd fold the key of its slice (on one side, NO_KEY on the other)
// against the south quarter's: below, none; equal, once; above, the halves
// above phi(W) count the north quarter's `above` times.
ulong pairWeight(ulong north, ulong south, ulong above, ulong equal) {
  const uint own = (uint)(north >> OWN_SHIFT & south >> OWN_SHIFT & 255),
             key = (uint)(south >> KEY_SHIFT & 255);
  if (own != NO_KEY && key < own) return 0;
  const ulong aboveWeight = own == NO_KEY || key > own ? north >> ABOVE_SHIFT & 255 : 1;
  return (north >> WEIGHT_SHIFT & 0xFFFF) * (south >> WEIGHT_SHIFT & 0xFFFF) *
         (aboveWeight * above + equal);
}

// A tile: its chunk, its north quarters' first and count, its south ones',
// and its span: the south quarters a row of its threads takes (16 to 64),
// so TILE_THREADS / span north quarters. A W's east halves mostly pair a
// few north quarters with many south ones (21x21: 7 a slice with 84): the
// host picks the span that leaves the fewest threads idle. TILE_FIELDS
// words a tile.
// The most quarters a tile stages: rows + span is largest at a span of 64.
#define MOST_STAGED (TILE_THREADS / 64 + 64)

// The products of a tile's quarters, words base to base + STEP, into
// `staged`: its north ones' rows first, then its south ones'.
void stageProducts(__global const ulong* tables, __global const ulong* quarters,
                   __global const uint* tile, uint tableAt, uint words, uint base,
                   __local ulong* staged) {
  const uint north0 = tile[1], northCount = tile[2], south0 = tile[3], southCount = tile[4],
             span = tile[5], rows = TILE_THREADS / span;
  for (uint e = get_local_id(0); e < (rows + span) * STEP; e += TILE_THREADS) {
    const uint which = e / STEP, w = base + e % STEP;
    const bool north = which < rows;
    const uint index = north ? which : which - rows;
    ulong bits = 0;
    if (index < (north ? northCount : southCount) && w < words) {
      __global const ulong* quarter =
          quarters + (size_t)((north ? north0 : south0) + index) * QUARTER_WORDS;
      const ulong pattern = quarter[0];
      const uint first = (uint)(quarter[3] & 255), count = (uint)(quarter[3] >> COUNT_SHIFT & 255);
      bits = ~(ulong)0;
      for (uint b = 0; b < count; ++b)
        bits &= tables[tableAt + ((first + b) * 256 + (uint)(pattern >> 8 * b & 255)) * words + w];
    }
    staged[which * STAGED_STRIDE + e % STEP] = bits;
  }
}

__kernel __attribute__((reqd_work_group_size(TILE_THREADS, 1, 1))) void countPairs(
    __global const ulong* tables, __global const uint* chunks, __global const ulong* quarters,
    __global const uint* tiles, __global ulong* sums) {
  __local ulong staged[MOST_STAGED * STAGED_STRIDE];
  __local ulong partial[TILE_THREADS];
  __global const uint* tile = tiles + (size_t)get_group_id(0) * TILE_FIELDS;
  __global const uint* chunk = chunks + tile[0] * CHUNK_FIELDS;
  const uint span = tile[5], rows = TILE_THREADS / span;
  const uint i = get_local_id(0) / span, j = get_local_id(0) % span;
  __global const ulong* north = quarters + (size_t)(tile[1] + i) * QUARTER_WORDS;
  __global const ulong* south = quarters + (size_t)(tile[3] + j) * QUARTER_WORDS;
  bool fits = i < tile[2] && j < tile[4];
  if (fits) fits = ((north[1] & south[1]) | (north[2] & south[2])) == 0;
  ulong above = 0, equal = 0;  // the pair's halves before the equal word, and from it
  const uint words = chunk[WORDS];
  for (uint base = 0; base < words; base += STEP) {
    stageProducts(tables, quarters, tile, chunk[TABLE_AT], words, base, staged);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (fits) {
      const uint steps = min((uint)STEP, words - base);  // a small chunk's few words
      for (uint s = 0; s < steps; ++s) {
        const uint count = popcount(staged[i * STAGED_STRIDE + s] &
                                    staged[(rows + j) * STAGED_STRIDE + s]);
        if (base + s < chunk[EQUAL_WORD]) above += count; else equal += count;
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  partial[get_local_id(0)] = fits ? pairWeight(north[3], south[3], above, equal) : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint stride = TILE_THREADS / 2; stride > 0; stride /= 2) {
    if (get_local_id(0) < stride) partial[get_local_id(0)] += partial[get_local_id(0) + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (get_local_id(0) == 0) sums[get_group_id(0)] = partial[0];
}
