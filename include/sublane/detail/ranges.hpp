//===- sublane/detail/ranges.hpp - range, id, nd_range ----------*- C++ -*-===//
//
// SYCL 2020's exceptions, the range, id and nd_range of a launch, and the
// access modes, targets and address spaces. Included by <sublane/sycl.hpp>
// first; everything after it builds on these.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_RANGES_HPP
#define SUBLANE_DETAIL_RANGES_HPP

namespace sycl {

using exception = sublane::runtime_error;
using errc = sublane::errc;
using sublane::make_error_code;
inline const std::error_category &sycl_category() noexcept {
  return sublane::sycl_category();
}
/// Errors are thrown where they happen (every launch completes before it
/// returns), so an asynchronous handler is accepted and never called.
class exception_list {
public:
  using value_type = std::exception_ptr;
  using const_iterator = std::vector<std::exception_ptr>::const_iterator;
  size_t size() const { return List.size(); }
  const_iterator begin() const { return List.begin(); }
  const_iterator end() const { return List.end(); }

private:
  std::vector<std::exception_ptr> List;
};
using async_handler = std::function<void(exception_list)>;

namespace detail {
/// id<1> and item<1> convert to size_t, as SYCL says; other dimensions not.
template <typename Derived, int D> struct scalar_conversion {};
template <typename Derived> struct scalar_conversion<Derived, 1> {
  operator size_t() const { return static_cast<const Derived *>(this)->get(0); }
};

template <int D> struct array_base {
  static_assert(D >= 1 && D <= 3, "SYCL ranges have 1, 2 or 3 dimensions");
  size_t v[D] = {};
  constexpr size_t get(int d) const { return v[d]; }
  constexpr size_t &operator[](int d) { return v[d]; }
  constexpr size_t operator[](int d) const { return v[d]; }
};
} // namespace detail

template <int D = 1> class range : public detail::array_base<D> {
public:
  static constexpr int dimensions = D;

  constexpr range() = default;
  template <int N = D, typename = std::enable_if_t<N == 1>>
  constexpr range(size_t r0) {
    this->v[0] = r0;
  }
  template <int N = D, typename = std::enable_if_t<N == 2>>
  constexpr range(size_t r0, size_t r1) {
    this->v[0] = r0;
    this->v[1] = r1;
  }
  template <int N = D, typename = std::enable_if_t<N == 3>>
  constexpr range(size_t r0, size_t r1, size_t r2) {
    this->v[0] = r0;
    this->v[1] = r1;
    this->v[2] = r2;
  }
  constexpr size_t size() const {
    size_t s = 1;
    for (int d = 0; d < D; ++d)
      s *= this->v[d];
    return s;
  }
  friend constexpr bool operator==(const range &a, const range &b) {
    for (int d = 0; d < D; ++d)
      if (a.v[d] != b.v[d])
        return false;
    return true;
  }
  friend constexpr bool operator!=(const range &a, const range &b) {
    return !(a == b);
  }
};
range(size_t)->range<1>;

// Element-wise arithmetic of SYCL's id and range, with each other and with
// integral scalars, as SYCL 2020 defines it for both classes.
#define SUBLANE_ARITH_OPS(Class)                                               \
  template <int D> Class<D> operator+(Class<D> a, const Class<D> &b) {         \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] + b[d];                                                      \
    return a;                                                                  \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> operator+(Class<D> a, T s) {                                        \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] + size_t(s);                                                 \
    return a;                                                                  \
  }                                                                            \
  template <int D> Class<D> &operator+=(Class<D> &a, const Class<D> &b) {      \
    return a = a + b;                                                          \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> &operator+=(Class<D> &a, T s) {                                     \
    return a = a + s;                                                          \
  }                                                                            \
  template <int D> Class<D> operator-(Class<D> a, const Class<D> &b) {         \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] - b[d];                                                      \
    return a;                                                                  \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> operator-(Class<D> a, T s) {                                        \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] - size_t(s);                                                 \
    return a;                                                                  \
  }                                                                            \
  template <int D> Class<D> &operator-=(Class<D> &a, const Class<D> &b) {      \
    return a = a - b;                                                          \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> &operator-=(Class<D> &a, T s) {                                     \
    return a = a - s;                                                          \
  }                                                                            \
  template <int D> Class<D> operator*(Class<D> a, const Class<D> &b) {         \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] * b[d];                                                      \
    return a;                                                                  \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> operator*(Class<D> a, T s) {                                        \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] * size_t(s);                                                 \
    return a;                                                                  \
  }                                                                            \
  template <int D> Class<D> &operator*=(Class<D> &a, const Class<D> &b) {      \
    return a = a * b;                                                          \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> &operator*=(Class<D> &a, T s) {                                     \
    return a = a * s;                                                          \
  }                                                                            \
  template <int D> Class<D> operator/(Class<D> a, const Class<D> &b) {         \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] / b[d];                                                      \
    return a;                                                                  \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> operator/(Class<D> a, T s) {                                        \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] / size_t(s);                                                 \
    return a;                                                                  \
  }                                                                            \
  template <int D> Class<D> &operator/=(Class<D> &a, const Class<D> &b) {      \
    return a = a / b;                                                          \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> &operator/=(Class<D> &a, T s) {                                     \
    return a = a / s;                                                          \
  }                                                                            \
  template <int D> Class<D> operator%(Class<D> a, const Class<D> &b) {         \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] % b[d];                                                      \
    return a;                                                                  \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> operator%(Class<D> a, T s) {                                        \
    for (int d = 0; d < D; ++d)                                                \
      a[d] = a[d] % size_t(s);                                                 \
    return a;                                                                  \
  }                                                                            \
  template <int D> Class<D> &operator%=(Class<D> &a, const Class<D> &b) {      \
    return a = a % b;                                                          \
  }                                                                            \
  template <int D, typename T,                                                 \
            typename = std::enable_if_t<std::is_integral_v<T>>>                \
  Class<D> &operator%=(Class<D> &a, T s) {                                     \
    return a = a % s;                                                          \
  }
range(size_t, size_t)->range<2>;
range(size_t, size_t, size_t)->range<3>;

template <int D = 1>
class id : public detail::array_base<D>,
           public detail::scalar_conversion<id<D>, D> {
public:
  static constexpr int dimensions = D;

  constexpr id() = default;
  template <int N = D, typename = std::enable_if_t<N == 1>>
  constexpr id(size_t i0) {
    this->v[0] = i0;
  }
  template <int N = D, typename = std::enable_if_t<N == 2>>
  constexpr id(size_t i0, size_t i1) {
    this->v[0] = i0;
    this->v[1] = i1;
  }
  template <int N = D, typename = std::enable_if_t<N == 3>>
  constexpr id(size_t i0, size_t i1, size_t i2) {
    this->v[0] = i0;
    this->v[1] = i1;
    this->v[2] = i2;
  }
  constexpr id(const range<D> &r) {
    for (int d = 0; d < D; ++d)
      this->v[d] = r[d];
  }
  friend constexpr bool operator==(const id &a, const id &b) {
    for (int d = 0; d < D; ++d)
      if (a.v[d] != b.v[d])
        return false;
    return true;
  }
  friend constexpr bool operator!=(const id &a, const id &b) {
    return !(a == b);
  }
  // `sg.get_local_id() == 0`: an id<1> converts to size_t and an integer to
  // id<1>, so without an exact match the comparison would be ambiguous.
  template <typename T, int N = D,
            typename = std::enable_if_t<N == 1 && std::is_integral_v<T>>>
  friend constexpr bool operator==(const id &a, T b) {
    return a.v[0] == size_t(b);
  }
  template <typename T, int N = D,
            typename = std::enable_if_t<N == 1 && std::is_integral_v<T>>>
  friend constexpr bool operator==(T a, const id &b) {
    return b == a;
  }
  template <typename T, int N = D,
            typename = std::enable_if_t<N == 1 && std::is_integral_v<T>>>
  friend constexpr bool operator!=(const id &a, T b) {
    return !(a == b);
  }
  template <typename T, int N = D,
            typename = std::enable_if_t<N == 1 && std::is_integral_v<T>>>
  friend constexpr bool operator!=(T a, const id &b) {
    return !(b == a);
  }
};
id(size_t)->id<1>;
id(size_t, size_t)->id<2>;
id(size_t, size_t, size_t)->id<3>;
template <int D> id(range<D>) -> id<D>;

SUBLANE_ARITH_OPS(range)
SUBLANE_ARITH_OPS(id)
#undef SUBLANE_ARITH_OPS

template <int D = 1> class nd_range {
public:
  static constexpr int dimensions = D;

  nd_range(range<D> global, range<D> local) : global_(global), local_(local) {}
  /// An offset added to every global id (deprecated in SYCL 2020): its uses
  /// stop the build with an error that names it, not "no matching
  /// constructor".
  __attribute__((unavailable(
      "sublane does not support nd_range offsets (deprecated in SYCL 2020): "
      "add the offset to the global id in the kernel")))
  nd_range(range<D> global, range<D> local, id<D> offset);
  range<D> get_global_range() const { return global_; }
  range<D> get_local_range() const { return local_; }
  range<D> get_group_range() const {
    range<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = local_[d] ? global_[d] / local_[d] : 0;
    return r;
  }

private:
  range<D> global_, local_;
};

enum class access_mode {
  read,
  write,
  read_write,
  discard_write,
  discard_read_write,
  atomic
};
enum class target {
  device,
  host_task,
  constant_buffer,
  local,
  host_buffer,
  global_buffer = device
};

namespace access {
using mode = access_mode;
using target = sycl::target;
enum class fence_space { local_space, global_space, global_and_local };
enum class address_space {
  global_space,
  local_space,
  constant_space,
  private_space,
  generic_space
};
enum class decorated { no, yes, legacy };
} // namespace access

} // namespace sycl

#endif // SUBLANE_DETAIL_RANGES_HPP
