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

template <typename T, int D = 1> class local_accessor {
public:
  using value_type = T;
  using reference = T &;

  local_accessor(range<D> r, handler &h);

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
  template <access::decorated Decorated = access::decorated::no>
  multi_ptr<T, access::address_space::local_space, Decorated>
  get_multi_ptr() const {
    return get_pointer();
  }
  range<D> get_range() const { return range_; }
  size_t size() const { return range_.size(); }

private:
  range<D> range_;
  size_t offset_ = 0;
};

} // namespace sycl

#endif // SUBLANE_DETAIL_LOCAL_ACCESSOR_HPP
