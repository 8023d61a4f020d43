// ===== Threads ===============================================================
#include "run/threads.hpp"

#include <pthread.h>

namespace queens {
namespace {

void* runWorker(void* worker) {
  static_cast<Worker*>(worker)->work();
  return nullptr;
}

}  // namespace

Counted countUnits(const UnitRun& run, const DoneUnits& done, UnitsProgress* progress,
                   UnitSample* sample) {
  SharedUnits shared(run.share.unitsOf(run.split.units), progress, &done, sample);
  std::vector<Worker> workers(size_t(run.threads), Worker{&run, &shared, 0});
  std::vector<pthread_t> threadIds(size_t(run.threads));
  int started = 1;  // the calling thread is worker 0
  for (int i = 0; i < run.threads; ++i) workers[size_t(i)].index = i;
  for (; started < run.threads; ++started)  // those that start; a failure leaves fewer
    if (pthread_create(&threadIds[size_t(started)], nullptr, runWorker,
                       &workers[size_t(started)]) != 0)
      break;
  workers[0].work();
  Counted counted;
  for (int i = 0; i < started; ++i) {
    if (i > 0) pthread_join(threadIds[size_t(i)], nullptr);
    counted.count += workers[size_t(i)].count;
    counted.nodes += workers[size_t(i)].nodes;
    counted.failed = counted.failed || workers[size_t(i)].failed;
  }
  counted.threads = started;
  return counted;
}

}  // namespace queens
