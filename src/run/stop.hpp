// ===== Stopping a count (--checkpoint) =======================================
// The first SIGINT or SIGTERM (faces/cli.cpp) asks the count to stop: each
// thread's walk ends its batch at its next unit, which the checkpoint
// records, and the run says how to resume.
#pragma once

#include <atomic>

namespace queens {

// The signal that asked, or 0. std::atomic<int> is lock-free, so a handler
// may set it.
inline std::atomic<int> stopSignal{0};
inline bool stopRequested() { return stopSignal.load(std::memory_order_relaxed) != 0; }

}  // namespace queens
