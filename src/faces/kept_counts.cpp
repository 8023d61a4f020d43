// ===== Counts that leave as they are known ===================================
#include "faces/kept_counts.hpp"

#include <pthread.h>  // pthread_sigmask, pthread_kill
#include <unistd.h>   // _exit

namespace queens {

KeptCounts::~KeptCounts() {
  if (!armed_) return;
  // The waiter takes the signal it waits for, sees the run finished, and
  // ends; a SIGINT or SIGTERM sent from now on waits for the mask put back.
  finished_.store(true);
  pthread_kill(waiter_.native_handle(), SIGTERM);
  waiter_.join();
  pthread_sigmask(SIG_SETMASK, &before_, nullptr);
}

void KeptCounts::beginTimed(int n) {
  if (n >= kMayTakeLongN && waiting_) std::fflush(out_), waiting_ = false;
  clock_gettime(CLOCK_MONOTONIC, &start_);
  if (armed_ || !catchesSignals_) return;
  armed_ = true;
  // Blocked in this thread before any other starts, so that every thread
  // started after it (the counting threads, a device's driver) has them
  // blocked too, and only the waiter takes them.
  sigemptyset(&signals_);
  sigaddset(&signals_, SIGINT);
  sigaddset(&signals_, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals_, &before_);
  waiter_ = std::thread([this] { waitForSignal(); });
}

void KeptCounts::printTimed(Count count) {
  char digits[40];
  const char* text = formatCount(count, digits);
  // Under the stream's lock, so that the waiter flushes whole lines only.
  flockfile(out_);
  std::fputs(text, out_);
  std::fputc('\n', out_);
  printed_.fetch_add(1, std::memory_order_relaxed);
  waiting_ = true;
  if (timed_) {
    timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    const double took =
        double(now.tv_sec - start_.tv_sec) + 1e-9 * double(now.tv_nsec - start_.tv_nsec);
    if (took > kFlushAfter) std::fflush(out_), waiting_ = false;
  }
  funlockfile(out_);
}

void KeptCounts::waitForSignal() {
  int signal = 0;
  if (sigwait(&signals_, &signal) != 0 || finished_.load()) return;
  flockfile(out_);
  std::fflush(out_);
  const long boards = printed_.load();
  std::fprintf(err_,
               "%s: stopped by %s after %ld board%s counted, whose counts are written "
               "(--checkpoint=FILE keeps a count's progress)\n",
               program_, signal == SIGINT ? "SIGINT" : "SIGTERM", boards, boards == 1 ? "" : "s");
  _exit(128 + signal);
}

}  // namespace queens
