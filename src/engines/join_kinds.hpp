// ===== The join: its kinds of chunk =======================================
// What join_portable.cpp, join_avx2.cpp and join_avx512.cpp share: the
// table of a counter's kinds of chunk, each kind a function of its own.
#pragma once

#include "engines/join.hpp"
#include "engines/join_counter.hpp"

namespace queens {

// The kinds of chunk in the table a JoinCounter takes: each the function
// Kind<...>::count, compiled for the counter's instruction set.
template <class Isa, template <int, int, bool> class Kind>
constexpr typename JoinCounter<Isa>::KindCounts kKindCounts = {
    {Kind<1, 0, false>::count, Kind<2, 0, false>::count},
    {{Kind<0, 0, false>::count, Kind<0, 0, true>::count},
     {Kind<0, 1, false>::count, Kind<0, 1, true>::count},
     {Kind<0, 2, false>::count, Kind<0, 2, true>::count}}};

}  // namespace queens
