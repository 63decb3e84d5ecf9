//===- sublane/detail/local_accessor.hpp - Local memory ---------*- C++ -*-===//
//
// local_accessor: per-work-group local memory, which the runtime allocates
// for each work-group of a launch. Its constructor from a handler is defined
// with the handler. Included by <sublane/sycl.hpp> after the work-items.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_LOCAL_ACCESSOR_HPP
#define SUBLANE_DETAIL_LOCAL_ACCESSOR_HPP

namespace sycl {

class handler;
class property_list;
template <typename T, typename Op, int Dimensions = 0, size_t Extent = 1>
struct reduction_spec;

/// Per-work-group local memory, allocated by the runtime for each work-group.
namespace detail {
/// acc[i][j]...: a row of a multi-dimensional accessor, holding the extents
/// of the dimensions left.
template <typename Ref, int Rest> class accessor_row {
  using Ptr = std::remove_reference_t<Ref> *;
  Ptr Base;
  size_t Extents[Rest];

public:
  accessor_row(Ptr Base, const size_t *From) : Base(Base) {
    for (int d = 0; d < Rest; ++d)
      Extents[d] = From[d];
  }
  decltype(auto) operator[](size_t i) const {
    if constexpr (Rest == 1) {
      return static_cast<Ref>(Base[i]);
    } else {
      size_t Stride = 1;
      for (int d = 1; d < Rest; ++d)
        Stride *= Extents[d];
      return accessor_row<Ref, Rest - 1>(Base + i * Stride, Extents + 1);
    }
  }
};

template <typename Ref, int D, typename Ptr>
accessor_row<Ref, D - 1> first_row(Ptr Data, const range<D> &R, size_t i) {
  size_t Extents[D - 1], Stride = 1;
  for (int d = 1; d < D; ++d) {
    Extents[d - 1] = R[d];
    Stride *= R[d];
  }
  return accessor_row<Ref, D - 1>(Data + i * Stride, Extents);
}
} // namespace detail

namespace detail {
/// What local accessors of every dimensionality share: the member types,
/// the size queries and the iterators, from the accessor's get_pointer()
/// and size().
template <typename Accessor, typename T> class local_accessor_common {
  const Accessor &self() const { return static_cast<const Accessor &>(*this); }

public:
  using value_type = T;
  using reference = T &;
  using const_reference = const T &;
  using iterator = T *;
  using const_iterator = const T *;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using difference_type = std::ptrdiff_t;
  using size_type = size_t;
  template <access::decorated Decorated>
  using accessor_ptr =
      multi_ptr<T, access::address_space::local_space, Decorated>;

  template <access::decorated Decorated = access::decorated::no>
  accessor_ptr<Decorated> get_multi_ptr() const {
    return self().get_pointer();
  }
  size_t get_count() const noexcept { return self().size(); }
  size_t get_size() const noexcept { return byte_size(); }
  size_t byte_size() const noexcept { return self().size() * sizeof(T); }
  size_t max_size() const noexcept { return size_t(-1) / sizeof(T); }
  bool empty() const noexcept { return self().size() == 0; }

  iterator begin() const noexcept { return self().get_pointer(); }
  iterator end() const noexcept { return begin() + self().size(); }
  const_iterator cbegin() const noexcept { return begin(); }
  const_iterator cend() const noexcept { return end(); }
  reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator crbegin() const noexcept { return rbegin(); }
  const_reverse_iterator crend() const noexcept { return rend(); }
};
} // namespace detail

template <typename T, int D = 1>
class local_accessor
    : public detail::local_accessor_common<local_accessor<T, D>, T> {
public:
  /// An accessor of no memory (SYCL 2020 4.7.6.11: empty() is true).
  local_accessor() = default;
  local_accessor(range<D> r, handler &h);
  local_accessor(range<D> r, handler &h, const property_list &)
      : local_accessor(r, h) {}

  T &operator[](id<D> i) const {
    size_t linear = 0;
    for (int d = 0; d < D; ++d)
      linear = linear * range_[d] + i[d];
    return get_pointer()[linear];
  }
  template <int N = D, typename = std::enable_if_t<N == 1>>
  T &operator[](size_t i) const {
    return get_pointer()[i];
  }
  template <int N = D, typename = std::enable_if_t<(N > 1)>>
  detail::accessor_row<T &, D - 1> operator[](size_t i) const {
    return detail::first_row<T &>(get_pointer(), range_, i);
  }
  T *get_pointer() const {
    return reinterpret_cast<T *>(static_cast<char *>(__sublane_local_mem()) +
                                 offset_);
  }
  range<D> get_range() const { return range_; }
  size_t size() const noexcept { return range_.size(); }

  bool operator==(const local_accessor &o) const {
    return offset_ == o.offset_ && range_ == o.range_;
  }
  bool operator!=(const local_accessor &o) const { return !(*this == o); }

private:
  range<D> range_;
  size_t offset_ = 0;
};

/// A single value of local memory: local_accessor<T, 0> (SYCL 2020
/// 4.7.6.11), read by conversion and written by assignment.
template <typename T>
class local_accessor<T, 0>
    : public detail::local_accessor_common<local_accessor<T, 0>, T> {
public:
  local_accessor() = default;
  explicit local_accessor(handler &h);
  local_accessor(handler &h, const property_list &) : local_accessor(h) {}

  operator T &() const { return *get_pointer(); }
  template <typename V = T, typename = std::enable_if_t<!std::is_const_v<V>>>
  const local_accessor &operator=(const T &v) const {
    *get_pointer() = v;
    return *this;
  }
  template <typename V = T, typename = std::enable_if_t<!std::is_const_v<V>>>
  const local_accessor &operator=(T &&v) const {
    *get_pointer() = std::move(v);
    return *this;
  }

  T *get_pointer() const {
    return reinterpret_cast<T *>(static_cast<char *>(__sublane_local_mem()) +
                                 offset_);
  }
  size_t size() const noexcept { return Allocated ? 1 : 0; }

  bool operator==(const local_accessor &o) const {
    return offset_ == o.offset_ && Allocated == o.Allocated;
  }
  bool operator!=(const local_accessor &o) const { return !(*this == o); }

private:
  size_t offset_ = 0;
  bool Allocated = false;
};

} // namespace sycl

#endif // SUBLANE_DETAIL_LOCAL_ACCESSOR_HPP
