// ===== Threads ===============================================================
// How this process counts its share of one board's units on its threads,
// with whatever engine the plan chose, through the engine interface
// (engines/engine.hpp). With a checkpoint, each thread's walk counts a batch
// of units, which is recorded once it is counted. An engine that fails
// stops the walks: no unit of a failed job is recorded, and no thread
// claims another.
#pragma once

#include <sched.h>   // sched_getaffinity: the CPUs this process may use
#include <unistd.h>  // sysconf

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <memory>

#include "engines/engine.hpp"
#include "lasts/checkpoint.hpp"
#include "run/stop.hpp"

namespace queens {

constexpr int kMaxThreads = 1024;

// Reads a number from 1 to max that ends at `end`; 0 if none.
inline long parseNumber(const char* text, char end, long max) {
  long value = 0;
  const char* digit = text;
  for (; *digit >= '0' && *digit <= '9' && value <= max; ++digit)
    value = value * 10 + (*digit - '0');
  return digit != text && *digit == end && value >= 1 && value <= max ? value : 0;
}

// The CPUs this process may run on (affinity, else online), at most a Slurm
// task's --cpus-per-task, which a cluster without binding does not enforce.
inline int cpusAvailable() {
  long online = sysconf(_SC_NPROCESSORS_ONLN), cpus = online > 0 ? online : 1;
#ifdef CPU_COUNT
  cpu_set_t affinity;
  if (sched_getaffinity(0, sizeof affinity, &affinity) == 0) cpus = CPU_COUNT(&affinity);
#endif
  const char* slurm = std::getenv("SLURM_CPUS_PER_TASK");
  long perTask = slurm ? parseNumber(slurm, '\0', kMaxThreads) : 0;
  return int(perTask ? std::min(perTask, cpus) : cpus);
}

// How one board's units are counted by this process.
struct UnitRun {
  Engine& engine;
  Split split;
  Share share;
  int threads = 1;
  bool countsNodes = false;  // --stats
  Checkpoint* checkpoint;    // null: one walk claims every unit it can
};

// A walk's batch under --checkpoint: it ends when full, or when a stop is
// asked for (then it may hold no unit).
class CheckpointBatch final : public UnitBatch {
 public:
  bool ends() const override { return stopRequested() || records.full(); }
  void add(long unit) override { records.add(unit); }
  bool stopping() const override { return stopRequested(); }
  void drop() override { records.size = 0; }
  RecordBatch records;
};

// One thread's walks over the units it claims: with a checkpoint, a walk a
// batch, each recorded once counted.
struct Worker {
  const UnitRun* run;
  SharedUnits* shared;
  int index;
  Count count = 0, nodes = 0;
  bool failed = false;

  void work() {
    Checkpoint* checkpoint = run->checkpoint;
    // The batch (32 KiB) only with a checkpoint: it is not on every walk's stack.
    std::unique_ptr<CheckpointBatch> batch(checkpoint ? new CheckpointBatch : nullptr);
    for (;;) {
      if (batch) batch->records.start(checkpoint->everyMs());
      UnitWalk walk(run->split.depth, run->share, shared, index == 0, batch.get());
      Job job{&walk, run->countsNodes, index};
      Count counted = 0;
      failed = !run->engine.count(job, counted);
      if (failed) {  // nothing of the job is recorded, and no thread claims more
        shared->abandon();
        return;
      }
      walk.finish();
      count += counted;
      nodes += job.nodes;
      if (batch && batch->records.size > 0) checkpoint->recordBatch(batch->records, counted);
      if (!walk.batchEnded() || stopRequested()) return;
    }
  }
};

// What the threads counted.
struct Counted {
  Count count = 0, nodes = 0;
  int threads = 1;      // those that started
  bool failed = false;  // the engine failed (its failure() says why)

  // Another pass's over the same board (a sample's, then the rest's).
  Counted& operator+=(const Counted& more) {
    count += more.count;
    nodes += more.nodes;
    threads = std::max(threads, more.threads);
    failed = failed || more.failed;
    return *this;
  }
};

// Counts the units of the run's share on its threads, the calling thread
// first, skipping those done before; with a sample, its units alone, timed.
Counted countUnits(const UnitRun& run, const DoneUnits& done, UnitsProgress* progress,
                   UnitSample* sample = nullptr);

}  // namespace queens
