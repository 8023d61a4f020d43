// ===== The progress line ===================================================
#include "run/progress.hpp"

namespace queens {

void ProgressLine::update(long unitsDone, long units) {
  long now = long(1000 * secondsSince(start_));
  if (now < nextDrawMs_.load(std::memory_order_relaxed)) return;
  if (drawing_.test_and_set(std::memory_order_acquire)) return;  // another thread draws
  if (now >= nextDrawMs_.load(std::memory_order_relaxed)) {
    draw(unitsDone, units, now / 1000.0);
    nextDrawMs_.store(now + (terminal_ ? 250 : 1000), std::memory_order_relaxed);
  }
  drawing_.clear(std::memory_order_release);
}

void ProgressLine::draw(long unitsDone, long units, double elapsed) {
  char share[48] = "";
  if (share_.parts > 1)
    std::snprintf(share, sizeof share, ", share %d of %d", share_.part + 1, share_.parts);
  char resumed[64] = "";
  if (resumed_)
    std::snprintf(resumed, sizeof resumed, "; %ld resumed from the checkpoint", resumed_);
  // The time left is from this run's pace: resumed units took no time.
  double done = units ? double(unitsDone) / double(units) : 1;
  double pace = double(unitsDone - resumed_) / std::max(elapsed, 1e-9);
  std::fprintf(err_, "%sboard %ld, %dx%d%s: %ld of %ld units done (%.0f%%%s), %.1f s so far, ",
               terminal_ ? "\r" : "", boardNumber_, n_, n_, share, unitsDone, units, 100 * done,
               resumed, elapsed);
  std::fprintf(err_, "about %.0f s left%s", pace > 0 ? double(units - unitsDone) / pace : 0.0,
               terminal_ ? "\033[K" : "\n");
  std::fflush(err_);
  drawn_ = true;
}

}  // namespace queens
