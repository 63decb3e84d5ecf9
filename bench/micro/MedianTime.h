//===- MedianTime.h - The median time of a few runs, for C++ micros -------===//
//
// Header-only, so that each C++ micro-benchmark still builds with one
// command (Micro.h is the C programs' counterpart).
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_BENCH_MEDIANTIME_H
#define SUBLANE_BENCH_MEDIANTIME_H

#include <algorithm>
#include <chrono>
#include <vector>

/// The median time of \p Runs calls of \p Run, in milliseconds.
template <int Runs, typename F> double medianMs(F &&Run) {
  std::vector<double> Times;
  for (int R = 0; R < Runs; ++R) {
    auto Start = std::chrono::steady_clock::now();
    Run();
    Times.push_back(std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - Start)
                        .count());
  }
  std::sort(Times.begin(), Times.end());
  return Times[Times.size() / 2];
}

#endif // SUBLANE_BENCH_MEDIANTIME_H
