//===- Probe.h - Timing and checking shared by the probes -------*- C++ -*-===//
//
// Each probe times a kernel against the loop a user would write instead,
// checks the kernel's result against the loop's and prints one line per
// kernel; main returns probe::failures() != 0.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_BENCH_PROBES_PROBE_H
#define SUBLANE_BENCH_PROBES_PROBE_H

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace probe {
/// The best of \p Reps runs of \p F, in milliseconds.
template <typename F> double best(F f, int Reps = 5) {
  double B = 1e30;
  for (int R = 0; R < Reps; ++R) {
    auto T0 = std::chrono::steady_clock::now();
    f();
    auto T1 = std::chrono::steady_clock::now();
    B = std::min(B, std::chrono::duration<double, std::milli>(T1 - T0).count());
  }
  return B;
}

/// Whether every element of \p Got is within \p Tol of \p Want's, relative
/// to its magnitude plus one; prints the first that is not.
template <typename T>
bool matches(const T *Got, const T *Want, size_t N, double Tol = 1e-3) {
  for (size_t I = 0; I < N; ++I)
    if (std::fabs(double(Got[I]) - double(Want[I])) >
        Tol * (std::fabs(double(Want[I])) + 1.0)) {
      printf("  mismatch at %zu: %g vs %g\n", I, double(Got[I]),
             double(Want[I]));
      return false;
    }
  return true;
}

/// The kernels named on the command line; all when none is.
inline std::vector<std::string> &selected() {
  static std::vector<std::string> Names;
  return Names;
}
inline void select(int Argc, char **Argv) {
  selected().assign(Argv + 1, Argv + Argc);
}
inline bool wanted(const char *Name) {
  return selected().empty() || std::find(selected().begin(), selected().end(),
                                         Name) != selected().end();
}

inline int &failures() {
  static int Count = 0;
  return Count;
}

/// One line: the kernel's and the loop's times, their ratio, the check.
inline void report(const char *Name, double Kernel, double Loop, bool Ok) {
  printf("%-14s sycl %9.3f  loop %9.3f  ratio %5.2f  %s\n", Name, Kernel, Loop,
         Kernel / Loop, Ok ? "ok" : "WRONG");
  fflush(stdout);
  failures() += !Ok;
}
} // namespace probe

#endif // SUBLANE_BENCH_PROBES_PROBE_H
