//===- sublane/detail/buffer.hpp - buffer, accessor -------------*- C++ -*-===//
//
// Buffers, their accessors and host accessors. Included by
// <sublane/sycl.hpp> after the handler.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_BUFFER_HPP
#define SUBLANE_DETAIL_BUFFER_HPP

namespace sycl {

// Buffers and accessors. On this device all memory is host memory: a buffer
// made from a host pointer works on it directly (what the program observes
// once the buffer is destroyed is the same), otherwise it owns its data.
template <access_mode M> struct mode_tag_t { explicit mode_tag_t() = default; };
inline constexpr mode_tag_t<access_mode::read> read_only{};
inline constexpr mode_tag_t<access_mode::write> write_only{};
inline constexpr mode_tag_t<access_mode::read_write> read_write{};

namespace detail {
template <typename C, typename T, typename = void>
inline constexpr bool is_contiguous_container_of = false;
template <typename C, typename T>
inline constexpr bool is_contiguous_container_of<
    C, T,
    std::void_t<decltype(std::data(std::declval<C &>())),
                decltype(std::size(std::declval<C &>()))>> =
    std::is_convertible_v<decltype(std::data(std::declval<C &>())), T *>;
} // namespace detail

namespace detail {
/// The storage buffers made from one another share: owned elements or the
/// host's, and where they go when the last buffer using them is destroyed.
struct buffer_storage {
  std::shared_ptr<void> owned;
  void *data = nullptr;
  void *final_data = nullptr;
  size_t bytes = 0;
  bool write_back = true;
  ~buffer_storage() {
    if (write_back && final_data && final_data != data)
      std::memcpy(final_data, data, bytes);
  }
};
} // namespace detail

namespace property::buffer {
struct use_host_ptr {};
struct use_mutex {};
struct context_bound {};
} // namespace property::buffer

template <typename T, int D = 1> class buffer {
public:
  using value_type = T;
  using reference = T &;
  using const_reference = const T &;

  explicit buffer(range<D> r) : range_(r) {
    std::shared_ptr<T[]> owned(new T[r.size()]());
    storage_ = std::make_shared<detail::buffer_storage>();
    storage_->data = data_ = owned.get();
    storage_->owned = std::move(owned);
    storage_->bytes = byte_size();
  }
  template <typename... Ps> buffer(range<D> r, const Ps &...) : buffer(r) {}
  /// Works on the host's elements in place; they are the final data.
  buffer(T *host, range<D> r) : range_(r) {
    storage_ = std::make_shared<detail::buffer_storage>();
    storage_->data = storage_->final_data = data_ = host;
    storage_->bytes = byte_size();
  }
  /// A copy of the host's elements, with no write-back.
  buffer(const T *host, range<D> r) : buffer(r) {
    std::copy_n(host, r.size(), data_);
  }
  template <typename... Ps>
  buffer(const T *host, range<D> r, const Ps &...) : buffer(host, r) {}
  /// A contiguous container (std::vector, std::array, ...): the buffer
  /// works on its elements.
  template <typename Container, typename... Ps, int N = D,
            typename = std::enable_if_t<
                N == 1 && detail::is_contiguous_container_of<Container, T>>>
  buffer(Container &c, const Ps &...)
      : buffer(static_cast<T *>(std::data(c)), range<1>(std::size(c))) {}
  /// A const container: a copy of its elements.
  template <typename Container, typename... Ps, int N = D,
            typename = std::enable_if_t<
                N == 1 &&
                detail::is_contiguous_container_of<const Container, const T>>,
            typename = void>
  buffer(const Container &c, const Ps &...)
      : buffer(static_cast<const T *>(std::data(c)), range<1>(std::size(c))) {}
  /// A copy of [first, last).
  template <typename InputIt, int N = D,
            typename = std::enable_if_t<
                N == 1 && !std::is_integral_v<InputIt> &&
                std::is_convertible_v<
                    typename std::iterator_traits<InputIt>::value_type, T>>>
  buffer(InputIt first, InputIt last)
      : buffer(range<1>(size_t(std::distance(first, last)))) {
    std::copy(first, last, data_);
  }
  template <typename... Ps>
  buffer(T *host, range<D> r, const Ps &...) : buffer(host, r) {}
  // The same with the properties as a braced list ({use_host_ptr()}), which
  // the forms above cannot deduce; no property changes what a buffer does.
  buffer(range<D> r, const property_list &) : buffer(r) {}
  buffer(T *host, range<D> r, const property_list &) : buffer(host, r) {}
  buffer(const T *host, range<D> r, const property_list &) : buffer(host, r) {}
  template <typename Container, int N = D,
            typename = std::enable_if_t<
                N == 1 && detail::is_contiguous_container_of<Container, T>>>
  buffer(Container &c, const property_list &) : buffer(c) {}
  template <typename Container, int N = D,
            typename = std::enable_if_t<
                N == 1 &&
                detail::is_contiguous_container_of<const Container, const T>>,
            typename = void>
  buffer(const Container &c, const property_list &) : buffer(c) {}
  /// A sub-buffer: the elements of \p parent from \p base over \p r, which
  /// must be contiguous (whole rows but in the first dimension).
  buffer(buffer &parent, const id<D> &base, const range<D> &r)
      : range_(r), storage_(parent.storage_) {
    size_t linear = 0;
    for (int d = 0; d < D; ++d)
      linear = linear * parent.range_[d] + base[d];
    for (int d = 1; d < D; ++d)
      if (r[d] != parent.range_[d])
        throw exception(make_error_code(errc::invalid),
                        "sublane: a sub-buffer must be contiguous in its "
                        "parent (whole rows in every dimension but the first)");
    if (linear + r.size() > parent.size())
      throw exception(make_error_code(errc::invalid),
                      "sublane: a sub-buffer exceeds its parent buffer");
    data_ = parent.data_ + linear;
  }

  range<D> get_range() const { return range_; }
  size_t size() const noexcept { return range_.size(); }
  size_t get_count() const { return size(); }
  size_t byte_size() const noexcept { return size() * sizeof(T); }
  size_t get_size() const { return byte_size(); }
  T *data() const { return data_; }
  bool is_sub_buffer() const { return data_ != storage_->data; }
  /// Where the elements go when the last buffer on them is destroyed (a
  /// buffer on host elements already works on them in place).
  void set_final_data(T *final_data) { storage_->final_data = final_data; }
  void set_final_data(std::nullptr_t) { storage_->final_data = nullptr; }
  void set_write_back(bool flag = true) { storage_->write_back = flag; }
  template <typename Property> bool has_property() const noexcept {
    return false;
  }
  /// The same elements seen as \p U over \p r (same byte size).
  template <typename U, int E = D> buffer<U, E> reinterpret(range<E> r) const {
    if (r.size() * sizeof(U) != byte_size())
      throw exception(make_error_code(errc::invalid),
                      "sublane: buffer::reinterpret must keep the byte size");
    buffer<U, E> view;
    view.range_ = r;
    view.data_ = reinterpret_cast<U *>(data_);
    view.storage_ = storage_;
    return view;
  }
  template <typename U, int E = D,
            typename = std::enable_if_t<E == 1 && D == 1>>
  buffer<U, 1> reinterpret() const {
    return reinterpret<U, 1>(range<1>(byte_size() / sizeof(U)));
  }

  /// The target, where given (get_access<mode, target::device>(h), SYCL
  /// 1.2.1's form), names the accessor's; on the host, any host target.
  template <access_mode M = access_mode::read_write,
            target Tgt = target::device>
  auto get_access(class handler &h);
  template <access_mode M = access_mode::read_write,
            target Tgt = target::device>
  auto get_access(class handler &h, range<D> r, id<D> offset = id<D>());
  template <access_mode M = access_mode::read_write,
            target Tgt = target::host_buffer>
  auto get_access();
  template <access_mode M = access_mode::read_write,
            target Tgt = target::host_buffer>
  auto get_access(range<D> r, id<D> offset = id<D>());
  auto get_host_access();
  template <access_mode Tag> auto get_host_access(mode_tag_t<Tag>);

private:
  template <typename, int> friend class buffer;
  buffer() = default;

  range<D> range_;
  T *data_ = nullptr;
  std::shared_ptr<detail::buffer_storage> storage_;
};
template <typename T, int D, typename... Ps>
buffer(T *, range<D>, const Ps &...) -> buffer<T, D>;
template <typename T, int D> buffer(const T *, range<D>) -> buffer<T, D>;
template <typename Container, typename... Ps,
          typename = std::enable_if_t<detail::is_contiguous_container_of<
              Container, typename Container::value_type>>>
buffer(Container &, const Ps &...) -> buffer<typename Container::value_type, 1>;
template <typename InputIt,
          typename = std::enable_if_t<!std::is_integral_v<InputIt>>>
buffer(InputIt, InputIt)
    -> buffer<typename std::iterator_traits<InputIt>::value_type, 1>;

/// A buffer's elements, or a ranged part of them (SYCL 2020 4.7.6.9): a
/// ranged accessor's ids start at its offset, and its elements keep the
/// buffer's strides.
template <typename T, int D, access_mode M, target Tgt, access::placeholder P>
class accessor {
public:
  using value_type = std::conditional_t<M == access_mode::read, const T, T>;
  using reference =
      std::conditional_t<M == access_mode::atomic, atomic<T>, value_type &>;
  using const_reference = const T &;
  using pointer = value_type *;
  using iterator = pointer;
  using const_iterator = const T *;
  using size_type = size_t;

  accessor() = default;
  accessor(buffer<T, D> &b) : accessor(b, b.get_range(), id<D>()) {}
  accessor(buffer<T, D> &b, class handler &) : accessor(b) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, mode_tag_t<Tag>) : accessor(b) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, mode_tag_t<Tag>, no_init_t)
      : accessor(b) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, mode_tag_t<Tag>) : accessor(b) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, mode_tag_t<Tag>, no_init_t) : accessor(b) {}
  accessor(buffer<T, D> &b, class handler &, const property_list &)
      : accessor(b) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, mode_tag_t<Tag>,
           const property_list &)
      : accessor(b) {}
  accessor(buffer<T, D> &b, range<D> r, id<D> offset = id<D>())
      : range_(r), offset_(offset), strides_(b.get_range()) {
    data_ = b.data() + linear_in_buffer(offset);
  }
  accessor(buffer<T, D> &b, class handler &, range<D> r, id<D> offset = id<D>())
      : accessor(b, r, offset) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, range<D> r, mode_tag_t<Tag>)
      : accessor(b, r) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, range<D> r, id<D> offset,
           mode_tag_t<Tag>)
      : accessor(b, r, offset) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, range<D> r, mode_tag_t<Tag>,
           no_init_t)
      : accessor(b, r) {}
  template <access_mode Tag>
  accessor(buffer<T, D> &b, class handler &, range<D> r, id<D> offset,
           mode_tag_t<Tag>, no_init_t)
      : accessor(b, r, offset) {}

  reference operator[](id<D> i) const {
    return reference(data_[linear_in_buffer(i)]);
  }
  template <int N = D, typename = std::enable_if_t<N == 1>>
  reference operator[](size_t i) const {
    return reference(data_[i]);
  }
  template <int N = D, typename = std::enable_if_t<(N > 1)>>
  detail::accessor_row<reference, D - 1> operator[](size_t i) const {
    return detail::first_row<reference>(data_, strides_, i);
  }
  pointer get_pointer() const { return data_; }
  template <access::decorated Decorated = access::decorated::no>
  multi_ptr<value_type, access::address_space::global_space, Decorated>
  get_multi_ptr() const {
    return data_;
  }
  range<D> get_range() const { return range_; }
  id<D> get_offset() const { return offset_; }
  size_t size() const { return range_.size(); }
  size_t get_count() const { return size(); }
  size_t get_size() const { return byte_size(); }
  size_t byte_size() const { return size() * sizeof(T); }
  size_t max_size() const noexcept { return size(); }
  bool empty() const noexcept { return size() == 0; }
  bool is_placeholder() const { return P == access::placeholder::true_t; }
  /// Iterators over a whole buffer or a one-dimensional range: where the
  /// elements are contiguous.
  iterator begin() const { return data_; }
  iterator end() const { return data_ + size(); }
  const_iterator cbegin() const { return data_; }
  const_iterator cend() const { return data_ + size(); }

private:
  size_t linear_in_buffer(const id<D> &i) const {
    size_t linear = 0;
    for (int d = 0; d < D; ++d)
      linear = linear * strides_[d] + i[d];
    return linear;
  }

  pointer data_ = nullptr;
  range<D> range_;
  id<D> offset_;
  range<D> strides_;
};

/// The SYCL 1.2.1 spelling of local_accessor (target::local, deprecated in
/// SYCL 2020).
template <typename T, int D, access_mode M, access::placeholder P>
class accessor<T, D, M, target::local, P> : public local_accessor<T, D> {
public:
  using local_accessor<T, D>::local_accessor;
};

template <typename T, int D, access_mode Tag>
accessor(buffer<T, D> &, class handler &, mode_tag_t<Tag>)
    -> accessor<T, D, Tag>;
template <typename T, int D, access_mode Tag>
accessor(buffer<T, D> &, class handler &, mode_tag_t<Tag>, no_init_t)
    -> accessor<T, D, Tag>;
template <typename T, int D>
accessor(buffer<T, D> &, class handler &) -> accessor<T, D>;
template <typename T, int D> accessor(buffer<T, D> &) -> accessor<T, D>;

template <typename T, int D = 1, access_mode M = access_mode::read_write>
class host_accessor : public accessor<T, D, M, target::host_task> {
public:
  using accessor<T, D, M, target::host_task>::accessor;
};
template <typename T, int D, access_mode Tag>
host_accessor(buffer<T, D> &, mode_tag_t<Tag>) -> host_accessor<T, D, Tag>;
template <typename T, int D>
host_accessor(buffer<T, D> &) -> host_accessor<T, D>;

template <typename T, int D>
template <access_mode M, target Tgt>
auto buffer<T, D>::get_access(class handler &) {
  return accessor<T, D, M, Tgt>(*this);
}
template <typename T, int D>
template <access_mode M, target Tgt>
auto buffer<T, D>::get_access(class handler &, range<D> r, id<D> offset) {
  return accessor<T, D, M, Tgt>(*this, r, offset);
}
template <typename T, int D>
template <access_mode M, target Tgt>
auto buffer<T, D>::get_access() {
  return accessor<T, D, M, target::host_task>(*this);
}
template <typename T, int D>
template <access_mode M, target Tgt>
auto buffer<T, D>::get_access(range<D> r, id<D> offset) {
  return accessor<T, D, M, target::host_task>(*this, r, offset);
}
template <typename T, int D> auto buffer<T, D>::get_host_access() {
  return host_accessor<T, D>(*this);
}
template <typename T, int D>
template <access_mode Tag>
auto buffer<T, D>::get_host_access(mode_tag_t<Tag>) {
  return host_accessor<T, D, Tag>(*this);
}

} // namespace sycl

#endif // SUBLANE_DETAIL_BUFFER_HPP
