//===- sublane/detail/work_items.hpp - Work-items, groups -------*- C++ -*-===//
//
// What kernel code sees of itself: sub_group, group, nd_item, item, the
// h_item and private_memory of hierarchical parallelism, the work-group's
// asynchronous copies, group_barrier, and the free function queries and
// printf of the oneAPI extensions. Each query reads a builtin of
// <sublane/abi.h> that the plugin replaces. Included by <sublane/sycl.hpp>
// after the atomics.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_WORK_ITEMS_HPP
#define SUBLANE_DETAIL_WORK_ITEMS_HPP

namespace sycl {

namespace detail {
// Row-major linearisation: the last dimension varies fastest, as SYCL says.
template <int D, typename F> inline size_t linearize(F &&component) {
  size_t linear = 0;
  for (int d = 0; d < D; ++d)
    linear = linear * component(d, /*range=*/true) + component(d, false);
  return linear;
}
} // namespace detail

template <typename T, int N> class vec;

class sub_group {
public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = uint32_t;
  static constexpr int dimensions = 1;
  static constexpr memory_scope fence_scope = memory_scope::sub_group;

  id<1> get_local_id() const { return id<1>(__sublane_sg_local_id()); }
  uint32_t get_local_linear_id() const { return __sublane_sg_local_id(); }
  range<1> get_local_range() const { return range<1>(__sublane_sg_size()); }
  uint32_t get_local_linear_range() const { return __sublane_sg_size(); }
  range<1> get_max_local_range() const {
    return range<1>(__sublane_sg_max_size());
  }
  id<1> get_group_id() const { return id<1>(__sublane_sg_id()); }
  uint32_t get_group_linear_id() const { return __sublane_sg_id(); }
  range<1> get_group_range() const { return range<1>(__sublane_sg_count()); }
  uint32_t get_group_linear_range() const { return __sublane_sg_count(); }
  bool leader() const { return __sublane_sg_local_id() == 0; }

  // The pre-2020 member functions (SYCL 1.2.1's sub-group extension), for
  // code that still uses them; the free functions are the standard ones.
  void barrier() const { __sublane_sg_barrier(); }
  template <typename T> T broadcast(T x, id<1> lane) const;
  template <typename T> T shuffle(T x, id<1> lane) const;
  template <typename T> T shuffle_down(T x, uint32_t delta) const;
  template <typename T> T shuffle_up(T x, uint32_t delta) const;
  template <typename T> T shuffle_xor(T x, id<1> mask) const;

  // Block loads and stores (DPC++'s sub-group extension): work-item i of
  // the sub-group reads or writes src[i]; the vec forms read element j of
  // work-item i at src[j * max_local_range + i].
  template <typename T> T load(const T *src) const {
    return src[__sublane_sg_local_id()];
  }
  template <int N, typename T> vec<T, N> load(const T *src) const;
  template <typename T> void store(T *dst, const T &x) const {
    dst[__sublane_sg_local_id()] = x;
  }
  template <int N, typename T> void store(T *dst, const vec<T, N> &x) const;
  template <typename T, access::address_space S, access::decorated Dec>
  T load(multi_ptr<T, S, Dec> src) const {
    return load(src.get_raw());
  }
  template <int N, typename T, access::address_space S, access::decorated Dec>
  vec<T, N> load(multi_ptr<T, S, Dec> src) const {
    return load<N>(src.get_raw());
  }
  template <typename T, access::address_space S, access::decorated Dec>
  void store(multi_ptr<T, S, Dec> dst, const T &x) const {
    store(dst.get_raw(), x);
  }
  template <int N, typename T, access::address_space S, access::decorated Dec>
  void store(multi_ptr<T, S, Dec> dst, const vec<T, N> &x) const {
    store<N>(dst.get_raw(), x);
  }

  // A kernel can only name its own sub-group, group and item, so two such
  // objects always denote the same one (SYCL's common by-value semantics).
  friend bool operator==(const sub_group &, const sub_group &) { return true; }
  friend bool operator!=(const sub_group &, const sub_group &) { return false; }
};

namespace detail {
/// Calls \p f with every id of \p r in row-major order.
/// One loop per dimension: no division per id, and an innermost loop LLVM
/// can vectorize.
template <int D, typename F> void for_each_id(const range<D> &r, F &&f) {
  if constexpr (D == 1) {
    for (size_t x = 0; x < r[0]; ++x)
      f(id<1>(x));
  } else if constexpr (D == 2) {
    for (size_t y = 0; y < r[0]; ++y)
      for (size_t x = 0; x < r[1]; ++x)
        f(id<2>(y, x));
  } else {
    for (size_t z = 0; z < r[0]; ++z)
      for (size_t y = 0; y < r[1]; ++y)
        for (size_t x = 0; x < r[2]; ++x)
          f(id<3>(z, y, x));
  }
}
} // namespace detail

template <int D> class item;

/// A work-item in hierarchical parallelism (SYCL 2020 4.9.1.6): its global
/// id, and its local id in the logical range of parallel_for_work_item and
/// in the work-group's physical range.
template <int D = 1> class h_item {
public:
  static constexpr int dimensions = D;

  h_item(id<D> global, range<D> global_range, id<D> logical,
         range<D> logical_range, id<D> physical, range<D> physical_range)
      : global_(global), global_range_(global_range), logical_(logical),
        logical_range_(logical_range), physical_(physical),
        physical_range_(physical_range) {}
  inline item<D> get_global() const;
  inline item<D> get_local() const;
  inline item<D> get_logical_local() const;
  inline item<D> get_physical_local() const;
  range<D> get_global_range() const { return global_range_; }
  size_t get_global_range(int d) const { return global_range_[d]; }
  id<D> get_global_id() const { return global_; }
  size_t get_global_id(int d) const { return global_[d]; }
  range<D> get_local_range() const { return logical_range_; }
  size_t get_local_range(int d) const { return logical_range_[d]; }
  id<D> get_local_id() const { return logical_; }
  size_t get_local_id(int d) const { return logical_[d]; }
  range<D> get_logical_local_range() const { return logical_range_; }
  size_t get_logical_local_range(int d) const { return logical_range_[d]; }
  id<D> get_logical_local_id() const { return logical_; }
  size_t get_logical_local_id(int d) const { return logical_[d]; }
  range<D> get_physical_local_range() const { return physical_range_; }
  size_t get_physical_local_range(int d) const { return physical_range_[d]; }
  id<D> get_physical_local_id() const { return physical_; }
  size_t get_physical_local_id(int d) const { return physical_[d]; }

private:
  id<D> global_;
  range<D> global_range_;
  id<D> logical_;
  range<D> logical_range_;
  id<D> physical_;
  range<D> physical_range_;
};

class device_event;
namespace detail {
template <typename Dest, typename Src>
device_event copy_across_group(Dest dest, Src src, size_t n, size_t dest_stride,
                               size_t src_stride, bool whole_group);
} // namespace detail

/// The completion of an async_work_group_copy: the copy is done once every
/// work-item of the group has waited for it (wait, or the group's and
/// nd_item's wait_for), which is a work-group barrier; in
/// parallel_for_work_group's work-group scope it is done already.
class device_event {
public:
  device_event() = default;
  void wait() const {
    if (!done_)
      __sublane_wg_barrier();
  }

private:
  explicit device_event(bool done) : done_(done) {}
  template <typename Dest, typename Src>
  friend device_event detail::copy_across_group(Dest, Src, size_t, size_t,
                                                size_t, bool);
  bool done_ = false;
};

namespace detail {
/// Makes the group of parallel_for_work_group's work-group scope.
struct work_group_scope_tag {};

template <typename P> struct copy_pointer {
  using element = std::remove_pointer_t<P>;
  static constexpr bool known_space = false;
  static constexpr bool local = false;
  static element *get(P p) { return p; }
};
template <typename T, access::address_space S, access::decorated Dec>
struct copy_pointer<multi_ptr<T, S, Dec>> {
  using element = T;
  static constexpr bool known_space = S != access::address_space::generic_space;
  static constexpr bool local = S == access::address_space::local_space;
  static T *get(multi_ptr<T, S, Dec> p) { return p.get(); }
};

/// async_work_group_copy of \p n elements: work-item k of the group copies
/// elements k, k + size, k + 2 size ... (each element once, the group's
/// work-items in step), element i from src[i * src_stride] to
/// dest[i * dest_stride]. In parallel_for_work_group's work-group scope,
/// where one thread runs for the whole group, that thread copies them all.
template <typename Dest, typename Src>
device_event copy_across_group(Dest dest, Src src, size_t n, size_t dest_stride,
                               size_t src_stride, bool whole_group) {
  using DestP = copy_pointer<Dest>;
  using SrcP = copy_pointer<Src>;
  static_assert(
      std::is_same_v<std::remove_const_t<typename DestP::element>,
                     std::remove_const_t<typename SrcP::element>> &&
          !std::is_const_v<typename DestP::element>,
      "async_work_group_copy copies between pointers to one element type");
  auto *to = DestP::get(dest);
  const auto *from = SrcP::get(src);
  if (whole_group) {
    for (size_t i = 0; i < n; ++i)
      to[i * dest_stride] = from[i * src_stride];
    return device_event(true);
  }
  size_t items = __sublane_local_range(0) * __sublane_local_range(1) *
                 __sublane_local_range(2);
  for (size_t i = __sublane_local_linear_id(); i < n; i += items)
    to[i * dest_stride] = from[i * src_stride];
  return device_event();
}

/// The strided form: the stride steps through the global side, the source
/// when the copy goes into local memory and the destination when it comes
/// out of it.
template <typename Dest, typename Src>
device_event copy_across_group(Dest dest, Src src, size_t n, size_t stride,
                               bool whole_group) {
  using DestP = copy_pointer<Dest>;
  using SrcP = copy_pointer<Src>;
  static_assert(DestP::known_space || SrcP::known_space,
                "async_work_group_copy with a stride needs a local_ptr or a "
                "global_ptr (get_multi_ptr) to tell the local side");
  constexpr bool into_local = DestP::known_space ? DestP::local : !SrcP::local;
  return copy_across_group(dest, src, n, into_local ? 1 : stride,
                           into_local ? stride : 1, whole_group);
}
} // namespace detail

/// async_work_group_copy and wait_for, shared by group and nd_item.
class work_group_copies {
public:
  template <typename Dest, typename Src>
  device_event async_work_group_copy(Dest dest, Src src,
                                     size_t num_elements) const {
    return detail::copy_across_group(dest, src, num_elements, 1, 1,
                                     in_work_group_scope);
  }
  template <typename Dest, typename Src>
  device_event async_work_group_copy(Dest dest, Src src, size_t num_elements,
                                     size_t stride) const {
    return detail::copy_across_group(dest, src, num_elements, stride,
                                     in_work_group_scope);
  }
  template <typename... Events> void wait_for(Events...) const {
    static_assert((std::is_same_v<Events, device_event> && ...),
                  "wait_for takes the device_events of copies");
    if (!in_work_group_scope)
      __sublane_wg_barrier();
  }

protected:
  work_group_copies() = default;
  explicit work_group_copies(detail::work_group_scope_tag)
      : in_work_group_scope(true) {}

private:
  /// Whether this is the group parallel_for_work_group's kernel gets, run
  /// by one thread for all of its work-items.
  bool in_work_group_scope = false;
};

template <int D = 1> class group : public work_group_copies {
public:
  group() = default;
  explicit group(detail::work_group_scope_tag tag) : work_group_copies(tag) {}

  using id_type = id<D>;
  using range_type = range<D>;
  using linear_id_type = size_t;
  static constexpr int dimensions = D;
  static constexpr memory_scope fence_scope = memory_scope::work_group;

  id<D> get_group_id() const {
    id<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = __sublane_group_id(d);
    return r;
  }
  size_t get_group_id(int d) const { return __sublane_group_id(d); }
  id<D> get_local_id() const {
    id<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = __sublane_local_id(d);
    return r;
  }
  size_t get_local_id(int d) const { return __sublane_local_id(d); }
  range<D> get_local_range() const {
    range<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = __sublane_local_range(d);
    return r;
  }
  size_t get_local_range(int d) const { return __sublane_local_range(d); }
  range<D> get_group_range() const {
    range<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = __sublane_group_range(d);
    return r;
  }
  size_t get_group_range(int d) const { return __sublane_group_range(d); }
  range<D> get_max_local_range() const { return get_local_range(); }
  size_t operator[](int d) const { return __sublane_group_id(d); }
  size_t get_group_linear_id() const {
    return detail::linearize<D>([](int d, bool r) {
      return r ? __sublane_group_range(d) : __sublane_group_id(d);
    });
  }
  size_t get_group_linear_range() const { return get_group_range().size(); }
  size_t get_local_linear_id() const {
    return detail::linearize<D>([](int d, bool r) {
      return r ? __sublane_local_range(d) : __sublane_local_id(d);
    });
  }
  size_t get_local_linear_range() const { return get_local_range().size(); }
  bool leader() const { return get_local_linear_id() == 0; }

  /// Hierarchical parallelism: runs \p f for each work-item of the group,
  /// one after another (a work-group runs on one thread), which gives the
  /// barrier SYCL puts after the call.
  template <typename F> void parallel_for_work_item(const F &f) const {
    parallel_for_work_item(get_local_range(), f);
  }
  /// ... over a logical range of \p logical items, each mapped to the
  /// physical work-item of its id modulo the work-group's range.
  template <typename F>
  void parallel_for_work_item(range<D> logical, const F &f) const {
    range<D> local = get_local_range(), groups = get_group_range();
    id<D> group_id = get_group_id();
    range<D> global_range;
    for (int d = 0; d < D; ++d)
      global_range[d] = groups[d] * local[d];
    bool one_to_one = true;
    for (int d = 0; d < D; ++d)
      one_to_one &= logical[d] == local[d];
    if (one_to_one) {
      // The common case, without a remainder per id and dimension.
      detail::for_each_id(logical, [&](id<D> l) {
        id<D> global;
        for (int d = 0; d < D; ++d)
          global[d] = group_id[d] * local[d] + l[d];
        f(h_item<D>(global, global_range, l, logical, l, local));
      });
      return;
    }
    detail::for_each_id(logical, [&](id<D> l) {
      id<D> physical, global;
      for (int d = 0; d < D; ++d) {
        physical[d] = l[d] % local[d];
        global[d] = group_id[d] * local[d] + physical[d];
      }
      f(h_item<D>(global, global_range, l, logical, physical, local));
    });
  }
  template <typename F>
  void parallel_for_work_item(size_t logical, const F &f) const {
    static_assert(D == 1, "a size_t range is one-dimensional");
    parallel_for_work_item(range<1>(logical), f);
  }
  friend bool operator==(const group &, const group &) { return true; }
  friend bool operator!=(const group &, const group &) { return false; }
};

template <int D = 1> class nd_item : public work_group_copies {
public:
  static constexpr int dimensions = D;

  id<D> get_global_id() const {
    id<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = __sublane_global_id(d);
    return r;
  }
  size_t get_global_id(int d) const { return __sublane_global_id(d); }
  size_t get_global_linear_id() const {
    return detail::linearize<D>([](int d, bool r) {
      return r ? __sublane_global_range(d) : __sublane_global_id(d);
    });
  }
  id<D> get_local_id() const { return group<D>().get_local_id(); }
  size_t get_local_id(int d) const { return __sublane_local_id(d); }
  size_t get_local_linear_id() const {
    return group<D>().get_local_linear_id();
  }
  group<D> get_group() const { return group<D>(); }
  size_t get_group(int d) const { return __sublane_group_id(d); }
  size_t get_group_linear_id() const {
    return group<D>().get_group_linear_id();
  }
  sub_group get_sub_group() const { return sub_group(); }
  range<D> get_global_range() const {
    range<D> r;
    for (int d = 0; d < D; ++d)
      r[d] = __sublane_global_range(d);
    return r;
  }
  size_t get_global_range(int d) const { return __sublane_global_range(d); }
  range<D> get_local_range() const { return group<D>().get_local_range(); }
  size_t get_local_range(int d) const { return __sublane_local_range(d); }
  range<D> get_group_range() const { return group<D>().get_group_range(); }
  size_t get_group_range(int d) const { return __sublane_group_range(d); }
  nd_range<D> get_nd_range() const {
    return nd_range<D>(get_global_range(), get_local_range());
  }
  void
  barrier(access::fence_space = access::fence_space::global_and_local) const {
    __sublane_wg_barrier();
  }
  /// Orders this work-item's memory operations (SYCL 1.2.1; SYCL 2020 has
  /// atomic_fence).
  void
  mem_fence(access::mode = access::mode::read_write,
            access::fence_space = access::fence_space::global_and_local) const {
    __atomic_thread_fence(__ATOMIC_ACQ_REL);
  }
  friend bool operator==(const nd_item &, const nd_item &) { return true; }
  friend bool operator!=(const nd_item &, const nd_item &) { return false; }
};

/// A work-item of a basic parallel_for over a range (no work-groups).
template <int D = 1> class item : public detail::scalar_conversion<item<D>, D> {
public:
  static constexpr int dimensions = D;

  item(id<D> i, range<D> r, id<D> offset = id<D>())
      : id_(i), range_(r), offset_(offset) {}
  id<D> get_id() const { return id_; }
  size_t get_id(int d) const { return id_[d]; }
  size_t operator[](int d) const { return id_[d]; }
  range<D> get_range() const { return range_; }
  size_t get_range(int d) const { return range_[d]; }
  /// The offset of a parallel_for with one (deprecated in SYCL 2020).
  id<D> get_offset() const { return offset_; }
  size_t get_linear_id() const {
    size_t linear = 0;
    for (int d = 0; d < D; ++d)
      linear = linear * range_[d] + (id_[d] - offset_[d]);
    return linear;
  }
  operator id<D>() const { return id_; }
  size_t get(int d) const { return id_[d]; }

private:
  id<D> id_;
  range<D> range_;
  id<D> offset_;
};

template <int D> item<D> h_item<D>::get_global() const {
  return item<D>(global_, global_range_);
}
template <int D> item<D> h_item<D>::get_local() const {
  return item<D>(logical_, logical_range_);
}
template <int D> item<D> h_item<D>::get_logical_local() const {
  return item<D>(logical_, logical_range_);
}
template <int D> item<D> h_item<D>::get_physical_local() const {
  return item<D>(physical_, physical_range_);
}

/// A variable per work-item of a work-group in hierarchical parallelism,
/// kept from one parallel_for_work_item to the next.
template <typename T, int D = 1> class private_memory {
public:
  explicit private_memory(const group<D> &g)
      : values_(g.get_local_linear_range()) {}
  T &operator()(const h_item<D> &it) {
    size_t linear = 0;
    range<D> r = it.get_physical_local_range();
    id<D> i = it.get_physical_local_id();
    for (int d = 0; d < D; ++d)
      linear = linear * r[d] + i[d];
    return values_[linear];
  }

private:
  std::vector<T> values_;
};

template <int D> inline void group_barrier(group<D>, memory_scope = {}) {
  __sublane_wg_barrier();
}
inline void group_barrier(sub_group, memory_scope = {}) {
  __sublane_sg_barrier();
}

namespace ext::oneapi::this_work_item {
/// The calling work-item's nd_item, group and sub-group, from anywhere in
/// kernel code (sycl_ext_oneapi_free_function_queries).
template <int D> nd_item<D> get_nd_item() { return nd_item<D>(); }
template <int D> group<D> get_work_group() { return group<D>(); }
inline sub_group get_sub_group() { return sub_group(); }
} // namespace ext::oneapi::this_work_item
namespace ext::oneapi::experimental {
/// printf from kernels (sycl_ext_oneapi_printf): the C library's, called
/// by each work-item in turn, lane by lane within a sub-group.
__attribute__((format(printf, 1, 2))) inline int printf(const char *format,
                                                        ...) {
  va_list args;
  va_start(args, format);
  int written = std::vprintf(format, args);
  va_end(args);
  return written;
}
template <int D> nd_item<D> this_nd_item() { return nd_item<D>(); }
template <int D> group<D> this_group() { return group<D>(); }
inline sub_group this_sub_group() { return sub_group(); }
} // namespace ext::oneapi::experimental

} // namespace sycl

#endif // SUBLANE_DETAIL_WORK_ITEMS_HPP
