// ===== Choosing the method =================================================
#include "run/plan.hpp"

#include <cstring>

#include "engines/cpu.hpp"
#include "engines/gpu/gpu_engine.hpp"
#include "engines/gpu/gpu_join.hpp"
#include "engines/join/join_engine.hpp"
#include "engines/propagation.hpp"
#include "engines/row_engine.hpp"
#include "engines/search_engine.hpp"

namespace queens {
namespace {

int reservedSquares(const Board& board) {
  int reserved = 0;
  for (int r = 0; r < board.n; ++r) reserved += board.n - popcount(board.freeSquares[r]);
  return reserved;
}

// "20x20, 3 reserved": what auto's rules look at. With given queens, the
// squares reserved as the input has them, the queens, and the squares
// blocked in all (reserved, or taken by a queen), which auto's rules count.
std::string boardText(const Board& board, const PlanRequest& request) {
  char text[120];
  if (request.givenQueens == 0)
    std::snprintf(text, sizeof text, "%dx%d, %d reserved", board.n, board.n,
                  reservedSquares(board));
  else
    std::snprintf(text, sizeof text,
                  "%dx%d, %d reserved, %d queen%s given (%d squares blocked in all)", board.n,
                  board.n, request.reservedAsGiven, request.givenQueens,
                  request.givenQueens == 1 ? "" : "s", reservedSquares(board));
  return text;
}

// A checkpoint's plan followed on the CPU: the reason says so, and no
// other is needed.
bool explainsRecorded(const Board& board, const PlanRequest& request, Plan& plan) {
  if (!request.recorded || !request.explains) return false;
  plan.reason =
      boardText(board, request) + ": the units the checkpoint recorded, cut by " + request.recorded;
  return true;
}

// Whether auto would take the method by its rule's size and reserved
// squares (given queens already pinned). Not the CPU's instruction set: it
// changes how fast a unit counts, never which units there are, so that
// shares of any mix of machines add up.
bool ruleTakes(const Board& board, Method method) {
  const AutoRule& rule = rowOf(method).autoRule;
  return rule.sizeFits(board.n) && rule.fewReserved(board.n, reservedSquares(board));
}

bool joinWins(const Board& board) { return ruleTakes(board, Method::kJoin); }

std::string sizeText(int n) { return std::to_string(n) + "x" + std::to_string(n); }

// Auto's rule for the join, as it applies to the board.
std::string joinRule(const Board& board) {
  const AutoRule& rule = rowOf(Method::kJoin).autoRule;
  const int most = board.n >= 16 ? rule.fromSixteen : rule.mostReservedPercent;
  return "the join from " + sizeText(rule.fromN) + " with at most " + std::to_string(most) +
         "% reserved";
}

// The method a checkpoint recorded the units of, by name.
Method recordedMethod(const char* name) {
  Method method = Method::kAuto;  // a name no method has: refused by the checkpoint
  methodNamed(name, method);
  return method;
}

// The board's border classes, if a symmetry other than the identity keeps it.
std::unique_ptr<BorderClasses> classesOf(const Board& board) {
  if (board.n < 2 || board.n > kSymmetryMaxN) return nullptr;
  Symmetry symmetries[kSymmetries];
  const int symmetryCount = boardSymmetries(board, symmetries);
  auto classes = std::make_unique<BorderClasses>();
  if (symmetryCount < 2 || !classes->list(board, symmetries, symmetryCount)) return nullptr;
  return classes;
}

// How a device would count the board: by the join, by the row search, or
// not at all. A checkpoint's units keep their engine's kind.
enum class DeviceWay { kNone, kJoin, kRows };

DeviceWay deviceWay(const Board& board, const PlanRequest& request) {
  const Method method = request.method;
  const bool autoWould = method == Method::kAuto && ruleTakes(board, Method::kGpuRows);
  if (request.recorded) {  // the units the checkpoint holds, where a device counts them
    const unsigned units = bitOf(recordedMethod(request.recorded));
    if (!autoWould && !(onDevice(method) && (rowOf(method).follows & units)))
      return DeviceWay::kNone;
    return units & kJoinUnits  ? DeviceWay::kJoin
           : units & kRowUnits ? DeviceWay::kRows
                               : DeviceWay::kNone;
  }
  const EngineKind kind = rowOf(method).making.kind;
  if (kind == EngineKind::kDeviceJoin) return DeviceWay::kJoin;
  // On the device the row search beat the join on each board bench/gpu
  // timed but 20x20 (bench/README.md, "First on the card").
  if (kind == EngineKind::kDeviceRows || autoWould) return DeviceWay::kRows;
  return DeviceWay::kNone;
}

// Why the device counts the board, for --stats: `what` it does, and the rule.
std::string deviceReason(const Board& board, const PlanRequest& request, const char* what) {
  const std::string from = sizeText(rowOf(Method::kGpuRows).autoRule.fromN);
  if (request.recorded)
    return boardText(board, request) + ": the units the checkpoint recorded, cut by " +
           request.recorded;
  if (request.method == Method::kAuto)
    return boardText(board, request) + ": a GPU from " + from + " where " + joinRule(board) +
           " would count, " + what;
  return boardText(board, request) + ": --method=" + nameOf(request.method) + ", " + what;
}

// The join on the device, if its tables fit the budget.
bool plansDeviceJoin(const Board& board, const PlanRequest& request, Plan& plan) {
  if (!request.gpu->joiners() || board.n < 2) return false;  // no line to cut 1x1
  auto engine = std::make_unique<GpuJoinEngine>(*request.gpu);
  if (!engine->build(board, request.budget)) {
    plan.joinPassedOver = true;
    return false;
  }
  if (request.explains)
    plan.reason = deviceReason(board, request, "the join") + ", its tables in " +
                  bytesText(engine->tables().allocated()) + " fit --memory (" +
                  bytesText(request.budget.bytes) + ")";
  plan.owned = std::move(engine);
  return true;
}

// The row search on the device (or, without one, the CPU's count of the
// units a checkpoint recorded for it).
bool plansDeviceRows(const Board& board, const PlanRequest& request, bool device, Plan& plan) {
  GpuAccess* gpu = request.gpu;
  if (device) gpu->search()->setBudget(request.budget.bytes);
  auto engine =
      std::make_unique<GpuEngine>(board, classesOf(board), device ? gpu : nullptr, request.parts);
  if (request.recorded && std::strcmp(engine->unitsName(), request.recorded) != 0) return false;
  plan.owned = std::move(engine);
  // --method=gpu on a large board that the join would not count: the row
  // search on the device, with neither propagation nor the join, may take
  // far longer than auto's engines (a 40x40 board with 85% reserved: more
  // than 20 s, where auto takes 24 ms).
  if (request.method == Method::kGpu && !request.recorded &&
      board.n >= rowOf(Method::kGpuRows).autoRule.fromN && !joinAsked(board, Method::kAuto))
    plan.warning =
        "--method=gpu counts it by the row search on the device, without propagation (auto's "
        "engines may be far faster on it; --method=gpu-rows says this is meant)";
  if (!request.explains) return true;
  plan.reason = deviceReason(board, request, "the row search");
  if (plan.joinPassedOver) plan.reason += " (the join's tables did not fit --memory)";
  if (!device) plan.reason += "; no OpenCL device here, so the CPU counts them";
  return true;
}

// A stream's small board, filtered (filtersSmallBoard).
bool plansSmallBoard(const Board& board, const PlanRequest& request, Method, Plan& plan) {
  if (!filtersSmallBoard(board, request.method, request.recorded, request.smallBoards))
    return false;
  plan.small.emplace(board, *request.smallBoards);
  if (request.explains)
    plan.reason = boardText(board, request) +
                  ": a stream's board of up to 8x8, filtered (each size's first board is "
                  "searched)";
  return true;
}

// A device's plan, when one is asked for or auto finds it faster: false if
// not. Without a device, the CPU counts a checkpoint's units, and a plain
// --method=gpu (gpu-join, gpu-rows) is refused.
bool plansDevice(const Board& board, const PlanRequest& request, Method, Plan& plan) {
  const DeviceWay way = deviceWay(board, request);
  if (way == DeviceWay::kNone) return false;
  GpuAccess* gpu = request.gpu;
  const bool asked = onDevice(request.method);
  const GpuDevice* chosen = gpu ? gpu->device() : nullptr;  // opened only for such a board
  const bool discreteOnly = rowOf(Method::kGpuRows).autoRule.discreteGpu;
  if (!asked && !(chosen && (chosen->discrete || !discreteOnly))) return false;  // auto's rule
  const bool device = chosen && gpu->search();
  if (!device && !request.recorded && !asked) {
    // auto: a GPU that will not start is passed over, said once a run.
    if (gpu->firstPassOver())
      plan.warning =
          "auto passes over the GPU (" + chosen->name + "), and the CPU counts: " + gpu->why();
    return false;
  }
  if (!device && !request.recorded) {
    plan.reason = std::string("--method=") + nameOf(request.method) + ": " +
                  (gpu ? gpu->why() : std::string("no OpenCL device"));
    return true;  // refused
  }
  if (way == DeviceWay::kJoin) {
    if (device && plansDeviceJoin(board, request, plan)) return true;
    if (!asked || request.recorded) return false;  // the CPU's plan: the join, or a search
  }
  return plansDeviceRows(board, request, device, plan);
}

// The join, if asked for and its tables fit; else what it would need.
bool plansJoin(const Board& board, const PlanRequest& request, Method method, Plan& plan) {
  if (!joinAsked(board, method)) return false;
  auto join = std::make_unique<JoinEngine>();
  const std::string budget = bytesText(request.budget.bytes);
  // What the tables need, tallied first where a bound does not show they
  // fit: a board whose join will not fit takes its method at once, with no
  // tables built and dropped (24x24: 0.6 s). A line that explains tallies
  // further, for the --memory that fits.
  constexpr uint64_t kMostTallied = uint64_t{16} << 30;  // a second of tally at most
  JoinTables measure;
  const bool surelyFits = measure.bytesAtMost(board, request.budget) <= request.budget.bytes;
  uint64_t needed =
      surelyFits ? 0
                 : measure.bytesNeeded(board, request.budget,
                                       request.explains ? kMostTallied : request.budget.bytes);
  if (needed <= request.budget.bytes && join->build(board, request.budget)) {
    if (!explainsRecorded(board, request, plan) && request.explains)
      plan.reason = boardText(board, request) + ": " +
                    (method == Method::kJoin ? std::string("--method=join") : joinRule(board)) +
                    ", its tables in " + bytesText(join->use().bytes) + " fit --memory (" + budget +
                    ")";
    plan.owned = std::move(join);
    return true;
  }
  plan.joinPassedOver = true;
  if (!request.explains) return false;
  if (surelyFits) needed = measure.bytesNeeded(board, request.budget, kMostTallied);  // yet failed
  const uint64_t gib = uint64_t{1} << 30, mib = uint64_t{1} << 20;
  char memory[32];
  if (needed >= gib)
    std::snprintf(memory, sizeof memory, "%lluG", (unsigned long long)((needed + gib - 1) / gib));
  else
    std::snprintf(memory, sizeof memory, "%lluM", (unsigned long long)((needed + mib - 1) / mib));
  if (needed > kMostTallied)
    plan.passedOver = "; the join would need more than " + bytesText(kMostTallied) +
                      ", and --memory allows " + budget;
  else
    plan.passedOver = "; the join would need " + bytesText(needed) + ", and --memory allows " +
                      budget + ": --memory=" + memory + " lets it run";
  return false;
}

// Why a search counts the board, for --stats: the method asked for, or
// auto's rules of symmetry and propagation.
std::string searchReason(const Board& board, const PlanRequest& request, Method method,
                         bool symmetric, bool propagate, const Plan& plan) {
  const std::string head = boardText(board, request) + ": ";
  if (rowOf(method).making.kind == EngineKind::kSearch) return head + "--method=" + nameOf(method);
  const AutoRule& symmetryRule = rowOf(Method::kSymmetryRows).autoRule;
  const AutoRule& propagateRule =
      rowOf(symmetric ? Method::kSymmetryPropagate : Method::kPropagate).autoRule;
  std::string reason =
      head + (symmetric                      ? std::string("a symmetry keeps it")
              : board.n < symmetryRule.fromN ? "symmetry only from " + sizeText(symmetryRule.fromN)
                                             : std::string("no symmetry"));
  const std::string size = sizeText(propagateRule.fromN);
  reason += board.n < propagateRule.fromN ? ", propagation only from " + size
            : propagate                   ? ", propagation from " + size
                                          : ", no propagation (this CPU has no popcnt)";
  if (plan.joinPassedOver) reason += ", the join's tables did not fit --memory";
  return reason;
}

// A search: the method asked for, or auto's choice of symmetry and
// propagation (auto's too for a join that did not fit). Any board.
bool plansSearch(const Board& board, const PlanRequest& request, Method method, Plan& plan) {
  const Making& asked = rowOf(method).making;
  const bool automatic = asked.kind != EngineKind::kSearch;  // auto, or a join that did not fit
  const bool trySymmetry =
      automatic ? rowOf(Method::kSymmetryRows).autoRule.sizeFits(board.n) : asked.symmetric;
  std::unique_ptr<BorderClasses> classes = trySymmetry ? classesOf(board) : nullptr;
  const bool symmetric = classes != nullptr;
  const AutoRule& propagateRule =
      rowOf(symmetric ? Method::kSymmetryPropagate : Method::kPropagate).autoRule;
  bool propagate = automatic ? propagateRule.sizeFits(board.n) : asked.propagates;
  propagate = propagate && cpu().popcnt;    // else the same count, found more slowly
  const bool wide = board.n > kNarrowMaxN;  // 64-bit masks
  const SearchFunction search =
      propagate ? (wide ? countPropagating<uint64_t> : countPropagating<uint32_t>)
                : (wide ? countRowByRow<uint64_t> : countRowByRow<uint32_t>);
  const char* name =
      nameOf(symmetric ? (propagate ? Method::kSymmetryPropagate : Method::kSymmetryRows)
                       : (propagate ? Method::kPropagate : Method::kRows));
  plan.owned = std::make_unique<SearchEngine>(board, search, name, std::move(classes));
  if (!explainsRecorded(board, request, plan) && request.explains)
    plan.reason = searchReason(board, request, method, symmetric, propagate, plan);
  return true;
}

// How each kind of engine is planned, in the order auto tries them: a
// stream's small board first (its words are most of its cost), then the
// device, where a GPU's rule takes the board, then the join, then the
// searches, which take any board. Each plans the board when the method
// asked for is of its kind, or auto's rule takes it, and says whether it
// did (a refusal is a plan); a new kind of engine is a planner here.
using Planner = bool (*)(const Board&, const PlanRequest&, Method, Plan&);
constexpr Planner kPlanners[] = {plansSmallBoard, plansDevice, plansJoin, plansSearch};

}  // namespace

bool joinAsked(const Board& board, Method method) {
  const EngineKind kind = rowOf(method).making.kind;
  return board.n >= 2 && board.n <= kJoinMaxN &&  // a 1x1 board has no line to cut
         (kind == EngineKind::kJoin || (kind == EngineKind::kChosen && joinWins(board)));
}

Plan planBoard(const Board& board, const PlanRequest& asked) {
  // A checkpoint's plan is followed where auto would choose, or where the
  // GPU is asked for and the plan is the row search's, whose units it
  // counts; another method asked for is refused by the checkpoint.
  PlanRequest request = asked;
  const Method recorded = asked.recorded ? recordedMethod(asked.recorded) : Method::kAuto;
  const bool followed = asked.recorded && (rowOf(asked.method).follows & bitOf(recorded)) != 0;
  if (!followed) request.recorded = nullptr;
  const Method method = request.recorded ? recordedMethod(request.recorded) : request.method;
  Plan plan;
  for (Planner plans : kPlanners)
    if (plans(board, request, method, plan)) break;
  return plan;
}

}  // namespace queens
