// ===== The progress line ===================================================
#include "run/progress.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace queens {

void ProgressLine::setPhase(const char* phase) {
  std::lock_guard<std::mutex> hold(text_);
  phase_ = phase;
}

void ProgressLine::setMethod(const std::string& line) {
  std::lock_guard<std::mutex> hold(text_);
  method_ = line;
}

void ProgressLine::setUnits(long units, long resumed, UnitProfile profile) {
  std::lock_guard<std::mutex> hold(text_);
  units_ = units;
  resumed_ = resumed;
  profile_ = std::move(profile);
  unitsStart_ = elapsed();
  unitsDone_.store(resumed, std::memory_order_relaxed);
  phase_.clear();
}

void ProgressLine::beginSample(long sampled) {
  std::lock_guard<std::mutex> hold(text_);
  sampling_ = sampled;
}

void ProgressLine::setSample(const UnitSample& sample, bool timedEach) {
  std::lock_guard<std::mutex> hold(text_);
  if (timedEach) {
    profile_ = sample.profile(share_.parts);
  } else if (sample.timedInBatches()) {
    // Unit u of every share is unit u / parts of this one's, near enough.
    const int parts = share_.parts;
    profile_ = profile_.scaled([&](long unit) { return sample.secondsPerWork(unit / parts); });
  }
  sampled_ = sample.timed();
}

void ProgressLine::drawDue(double elapsed) {
  if (elapsed < 1) return;  // nothing for the first second
  std::lock_guard<std::mutex> hold(text_);
  const char* clear = terminal_ && drawn_ ? "\r\033[K" : "";
  if (!methodSaid_ && !method_.empty()) {
    std::fprintf(err_, "%s%s\n", clear, method_.c_str());
    methodSaid_ = true;
    clear = "";
  }
  // Elsewhere than a terminal, a progress line a second (at whole seconds
  // of the ticks): the method line may come between them.
  if (progress_ && (terminal_ || elapsed >= nextLine_)) {
    std::fprintf(err_, "%s%s%s", terminal_ ? "\r" : "", progressText(elapsed).c_str(),
                 terminal_ ? "\033[K" : "\n");
    drawn_ = true;
    nextLine_ = std::floor(elapsed) + 1;
  }
  std::fflush(err_);
}

void ProgressLine::erase() {
  std::lock_guard<std::mutex> hold(text_);
  if (drawn_ && terminal_) std::fputs("\r\033[K", err_);  // back to the start, clear
}

std::string ProgressLine::progressText(double elapsed) {
  char head[96], share[48] = "", body[160];
  if (share_.parts > 1)
    std::snprintf(share, sizeof share, ", share %d of %d", share_.part + 1, share_.parts);
  else if (budget_ > 0)
    std::snprintf(share, sizeof share, ", estimate");
  std::snprintf(head, sizeof head, "board %ld, %dx%d%s: ", boardNumber_, n_, n_, share);
  if (units_ == 0) {
    std::snprintf(body, sizeof body, "%s, no units done yet, %.1f s so far", phase_.c_str(),
                  elapsed);
    return std::string(head) + body;
  }
  const long done = unitsDone_.load(std::memory_order_relaxed);
  char resumed[64] = "";
  if (resumed_)
    std::snprintf(resumed, sizeof resumed, "; %ld resumed from the checkpoint", resumed_);
  std::snprintf(body, sizeof body, "%ld of %ld %sunits done (%.0f%%%s), %.1f s so far, ", done,
                units_, budget_ > 0 ? "sampled " : "", 100.0 * double(done) / double(units_),
                resumed, elapsed);
  if (budget_ > 0 && elapsed >= budget_)  // no unit is claimed, those begun run to their end
    return std::string(head) + body + "the time is up: finishing the units begun";
  return std::string(head) + body + timeLeft(elapsed, done);
}

// The share of the work in the share's first `units` units (a fraction of
// a unit too), by their costs. Unit i of the share is unit i * parts + part
// of every share, which interleave.
double ProgressLine::prefixWork(double units) const {
  auto workBefore = [&](double unit) {
    return profile_.before(unit * share_.parts + share_.part) -
           profile_.before(share_.part);  // the share's own start
  };
  const double whole = workBefore(double(units_));
  return whole > 0 ? workBefore(units) / whole : 0;
}

// The share of the work done once `done` units are: a prefix of the units;
// with a sample counted first, the sample's share of the units, spread over
// them, and a prefix of the rest.
double ProgressLine::workDone(long done) const {
  const double sampled = double(sampled_), units = double(units_);
  const double restDone = std::max(0.0, double(done) - sampled) / (units - sampled);
  return sampled / units + (1 - sampled / units) * prefixWork(restDone * units);
}

// From the share of the work done, by the units' costs and by their
// number, and this run's pace since its units began (resumed units took
// none of its time, the tables and the split are done), fitted to both
// (PaceFit). Once a sample's units are counted, it is the sample's pace
// scaled to the whole, as --estimate scales its sample.
std::string ProgressLine::timeLeft(double elapsed, long done) {
  double left = 0;
  if (sampling_ > 0 && sampled_ == 0) {
    // While the sample is counted, its units done so far stand for a
    // stride of units each, over the units left from the start (those
    // resumed come first): weighed by the engine's model, a first guess,
    // until the whole sample is timed.
    const double stride = double(units_) / double(sampling_), before = prefixWork(double(resumed_)),
                 reached = double(resumed_) + double(done - resumed_) * stride;
    const double covered = prefixWork(std::min(double(units_), reached)) - before;
    if (!(covered > 0)) return "time left not known yet";
    left = (elapsed - unitsStart_) * (stride * (1 - before) / covered - 1);
  } else {
    // The work of the units resumed, a prefix (the sample's units, spread
    // over the rest, this run counted).
    const double atStart = prefixWork(double(resumed_)), now = workDone(done);
    if (!(now > atStart)) return "time left not known yet";
    const double unitsNow = double(done) / double(units_),
                 unitsAtStart = double(resumed_) / double(units_);
    pace_.add(now - atStart, unitsNow - unitsAtStart, elapsed - unitsStart_);
    left = pace_.secondsFor(1 - now, 1 - unitsNow);
  }
  if (budget_ > 0) left = std::min(left, budget_ - elapsed);  // an estimate's sample stops
  char text[48];
  if (left < 600)
    std::snprintf(text, sizeof text, "about %.0f s left", left);
  else if (left < 36000)
    std::snprintf(text, sizeof text, "about %.0f min left", left / 60);
  else
    std::snprintf(text, sizeof text, "about %.1f h left", left / 3600);
  return text;
}

ProgressTicker::ProgressTicker(ProgressLine* line) : line_(line) {
  if (line_) thread_ = std::thread(&ProgressTicker::run, this);
}

ProgressTicker::~ProgressTicker() {
  if (!line_) return;
  {
    std::lock_guard<std::mutex> hold(lock_);
    done_ = true;
  }
  wake_.notify_one();
  thread_.join();
  line_->erase();
}

void ProgressTicker::run() {
  const double every = 0.25;  // the method line as soon as it is known
  double next = 1.0;          // the first line at a second
  std::unique_lock<std::mutex> hold(lock_);
  while (!done_) {
    const double wait = std::max(0.0, next - line_->elapsed());
    wake_.wait_for(hold, std::chrono::duration<double>(wait), [this] { return done_; });
    if (done_) break;
    hold.unlock();
    line_->drawDue(line_->elapsed());
    hold.lock();
    next += every * std::ceil((line_->elapsed() - next) / every + 1e-9);
  }
}

}  // namespace queens
