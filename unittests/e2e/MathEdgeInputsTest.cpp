//===- MathEdgeInputsTest.cpp - Math functions on edge inputs -------------===//
//
// Every math function the vectorizer calls a vector math library for, in
// float and double, on zeros of both signs, subnormals, the smallest and
// largest normals, infinities, NaN, huge arguments of the trigonometric
// functions, and arguments whose results lie next to overflow; the two-
// argument ones on every pair of them. Each result is checked against the C
// library within the ulp bound SYCL 2020 (section 4.17.5) gives the
// function: NaN where the library gives NaN, the same infinity, and zeros of
// the same sign. At every sub-group size, compiled and on the fiber engine.
//
//===----------------------------------------------------------------------===//

#include "CollectivesCommon.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace {

using namespace collectives;

enum Function {
  Exp,
  Exp2,
  Exp10,
  Expm1,
  Log,
  Log2,
  Log10,
  Log1p,
  Sin,
  Cos,
  Tan,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Tanh,
  Asinh,
  Acosh,
  Atanh,
  Cbrt,
  Erf,
  Erfc,
  Tgamma,
  Lgamma,
  Pow,
  Atan2,
  Hypot,
  Fmod,
  NumFunctions
};

const char *const Names[NumFunctions] = {
    "exp",    "exp2",  "exp10", "expm1", "log",  "log2", "log10", "log1p",
    "sin",    "cos",   "tan",   "asin",  "acos", "atan", "sinh",  "cosh",
    "tanh",   "asinh", "acosh", "atanh", "cbrt", "erf",  "erfc",  "tgamma",
    "lgamma", "pow",   "atan2", "hypot", "fmod"};

/// SYCL 2020's bound in ulp; -1: none (lgamma), only special values count.
const int UlpBound[NumFunctions] = {3, 3,  3,  3,  3,  3,  3, 2, 4, 4,
                                    5, 4,  4,  5,  4,  4,  5, 4, 4, 5,
                                    2, 16, 16, 16, -1, 16, 6, 4, 0};

template <typename T> std::vector<T> edgeInputs() {
  using L = std::numeric_limits<T>;
  const bool D = sizeof(T) == 8;
  std::vector<T> E = {
      T(0), -T(0), L::denorm_min(), -L::denorm_min(), L::min() / T(1000),
      -L::min() / T(1000), L::min(), -L::min(), T(1e-20), T(0.5), T(-0.5), T(1),
      T(-1), T(2), T(-3.5), T(10), T(22.6319), T(100),
      // Results next to overflow and underflow.
      D ? T(709.9) : T(88.9), D ? T(-709.9) : T(-88.9), D ? T(-745.5) : T(-104),
      T(170.5), T(-171.5),
      // Huge arguments of the trigonometric functions.
      T(1e6), T(1e15), T(1e22), D ? T(1e300) : T(1e30),
      D ? T(-1e300) : T(-1e30), L::max(), -L::max(), L::infinity(),
      -L::infinity(), L::quiet_NaN(), T(3.14159265358979323846),
      T(1.57079632679489661923), T(0.9999), T(-0.9999)};
  return E;
}

/// f(x) or f(x, y), as the kernel computes it.
template <typename T> void deviceMath(T X, T Y, T *R) {
  R[Exp] = sycl::exp(X);
  R[Exp2] = sycl::exp2(X);
  R[Exp10] = sycl::exp10(X);
  R[Expm1] = sycl::expm1(X);
  R[Log] = sycl::log(X);
  R[Log2] = sycl::log2(X);
  R[Log10] = sycl::log10(X);
  R[Log1p] = sycl::log1p(X);
  R[Sin] = sycl::sin(X);
  R[Cos] = sycl::cos(X);
  R[Tan] = sycl::tan(X);
  R[Asin] = sycl::asin(X);
  R[Acos] = sycl::acos(X);
  R[Atan] = sycl::atan(X);
  R[Sinh] = sycl::sinh(X);
  R[Cosh] = sycl::cosh(X);
  R[Tanh] = sycl::tanh(X);
  R[Asinh] = sycl::asinh(X);
  R[Acosh] = sycl::acosh(X);
  R[Atanh] = sycl::atanh(X);
  R[Cbrt] = sycl::cbrt(X);
  R[Erf] = sycl::erf(X);
  R[Erfc] = sycl::erfc(X);
  R[Tgamma] = sycl::tgamma(X);
  R[Lgamma] = sycl::lgamma(X);
  R[Pow] = sycl::pow(X, Y);
  R[Atan2] = sycl::atan2(X, Y);
  R[Hypot] = sycl::hypot(X, Y);
  R[Fmod] = sycl::fmod(X, Y);
}

/// The C library's result in double (for float arguments too, so that the
/// reference is more precise than what it checks).
double hostMath(int F, double X, double Y) {
  switch (F) {
  case Exp:
    return std::exp(X);
  case Exp2:
    return std::exp2(X);
  case Exp10:
    return std::pow(10.0, X);
  case Expm1:
    return std::expm1(X);
  case Log:
    return std::log(X);
  case Log2:
    return std::log2(X);
  case Log10:
    return std::log10(X);
  case Log1p:
    return std::log1p(X);
  case Sin:
    return std::sin(X);
  case Cos:
    return std::cos(X);
  case Tan:
    return std::tan(X);
  case Asin:
    return std::asin(X);
  case Acos:
    return std::acos(X);
  case Atan:
    return std::atan(X);
  case Sinh:
    return std::sinh(X);
  case Cosh:
    return std::cosh(X);
  case Tanh:
    return std::tanh(X);
  case Asinh:
    return std::asinh(X);
  case Acosh:
    return std::acosh(X);
  case Atanh:
    return std::atanh(X);
  case Cbrt:
    return std::cbrt(X);
  case Erf:
    return std::erf(X);
  case Erfc:
    return std::erfc(X);
  case Tgamma:
    return std::tgamma(X);
  case Lgamma:
    return std::lgamma(X);
  case Pow:
    return std::pow(X, Y);
  case Atan2:
    return std::atan2(X, Y);
  case Hypot:
    return std::hypot(X, Y);
  default:
    return std::fmod(X, Y);
  }
}

/// Why \p Got is not within \p Bound ulp of \p Want (empty where it is).
/// Want is in double; for float results it is rounded where it leaves
/// float's range, and ulp are float's.
template <typename T>
std::string mismatch(T Got, double Want, int Bound, bool Exact) {
  using L = std::numeric_limits<T>;
  if (std::isnan(Want))
    return std::isnan(Got) ? "" : "want NaN";
  if (std::isnan(Got))
    return "got NaN";
  if (Bound < 0)
    return "";
  if (std::fabs(Want) > double(L::max())) {
    // Rounds to the largest finite value or to infinity.
    bool Near = std::isinf(Want) ? double(Got) == Want
                                 : std::fabs(double(Got)) >= double(L::max()) &&
                                       std::signbit(Got) == std::signbit(Want);
    return Near ? "" : "want infinity";
  }
  if (std::isinf(Got))
    return "got infinity";
  if (Want == 0 && Got == 0)
    return std::signbit(Got) == std::signbit(Want) ? ""
                                                   : "zero of the other sign";
  int E;
  std::frexp(Want, &E);
  double Ulp = std::ldexp(1.0, E - L::digits);
  Ulp = std::fmax(Ulp, double(L::denorm_min()));
  // The double reference itself is within an ulp of the true value.
  double Allowed = Bound + (Exact || sizeof(T) == 4 ? 0 : 1);
  double Error = std::fabs(double(Got) - Want) / Ulp;
  return Error <= Allowed ? "" : std::to_string(Error) + " ulp";
}

template <typename T, uint32_t S> class MathEdgeKernel;

template <typename T, uint32_t S> void checkEdgeInputs() {
  sycl::queue q;
  std::vector<T> E = edgeInputs<T>();
  const size_t Count = E.size(), Pairs = Count * Count;
  const size_t WorkGroup = 4 * S;
  const size_t N = (Pairs + WorkGroup - 1) / WorkGroup * WorkGroup;
  T *x = sycl::malloc_shared<T>(N, q), *y = sycl::malloc_shared<T>(N, q);
  T *out = sycl::malloc_shared<T>(N * NumFunctions, q);
  for (size_t I = 0; I < N; ++I) {
    x[I] = E[I % Count];
    y[I] = E[I / Count % Count];
  }
  q.parallel_for<MathEdgeKernel<T, S>>(
       sycl::nd_range<1>(N, WorkGroup), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         size_t I = it.get_global_id(0);
         deviceMath(x[I], y[I], out + I * NumFunctions);
       })
      .wait();
  int Failures = 0;
  for (size_t I = 0; I < Pairs && Failures < 20; ++I)
    for (int F = 0; F < NumFunctions; ++F) {
      bool Binary = F >= Pow;
      if (!Binary && I >= Count)
        continue; // the one-argument functions once per input
      double Want = hostMath(F, double(x[I]), double(y[I]));
      T Got = out[I * NumFunctions + F];
      std::string Why = mismatch(Got, Want, UlpBound[F], F == Fmod);
      Failures += !Why.empty();
      std::ostringstream Call;
      Call.precision(std::numeric_limits<T>::max_digits10);
      Call << (sizeof(T) == 8 ? "double " : "float ") << Names[F] << "("
           << x[I];
      if (Binary)
        Call << ", " << y[I];
      Call << ") = " << Got;
      EXPECT_EQ(Why, "") << Call.str() << ", want " << Want
                         << " (sub-group size " << S << ")";
    }
  sycl::free(x, q);
  sycl::free(y, q);
  sycl::free(out, q);
}

TEST(MathEdgeInputs, FloatWithinSyclBounds) {
  forEachSubGroupSize([](auto S) { checkEdgeInputs<float, S()>(); });
}

TEST(MathEdgeInputs, DoubleWithinSyclBounds) {
  forEachSubGroupSize([](auto S) { checkEdgeInputs<double, S()>(); });
}

} // namespace
