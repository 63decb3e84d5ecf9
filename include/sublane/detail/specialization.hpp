//===- specialization.hpp - SYCL 2020 specialization constants --*- C++ -*-===//
//
// specialization_id and kernel_handler (SYCL 2020 4.9.5). There is no
// separate device compilation to specialise here, so a kernel reads the
// values the command group set at run time: a short, uniform search of the
// command group's (id, value) pairs, falling back to the id's default. The
// vectorizer keeps that search scalar, since every work-item of a kernel
// sees the same values.
//
// Included by sublane/sycl.hpp; not a header to include on its own.
//
//===----------------------------------------------------------------------===//

#ifndef SUBLANE_DETAIL_SPECIALIZATION_HPP
#define SUBLANE_DETAIL_SPECIALIZATION_HPP

namespace sycl {

template <typename T> class specialization_id;

namespace detail {
/// One value a command group set: the specialization_id's address names it.
struct spec_entry {
  const void *key;
  const void *value;
};

template <auto &SpecName>
using spec_value_t = typename std::remove_cv_t<
    std::remove_reference_t<decltype(SpecName)>>::value_type;

template <auto &SpecName>
spec_value_t<SpecName> find_spec_value(const spec_entry *entries, size_t count);
} // namespace detail

/// The name of a specialization constant, and its default value. Declare it
/// as a constexpr (or const) object at namespace or class scope.
template <typename T> class specialization_id {
public:
  using value_type = T;
  static_assert(std::is_trivially_copyable_v<T>,
                "sublane: a specialization constant's type must be trivially "
                "copyable");

  template <typename... Args>
  explicit constexpr specialization_id(Args &&...args)
      : default_(std::forward<Args>(args)...) {}
  specialization_id(const specialization_id &) = delete;
  specialization_id(specialization_id &&) = delete;
  specialization_id &operator=(const specialization_id &) = delete;
  specialization_id &operator=(specialization_id &&) = delete;

private:
  template <auto &SpecName>
  friend detail::spec_value_t<SpecName>
  detail::find_spec_value(const detail::spec_entry *, size_t);
  T default_;
};

namespace detail {
/// The value \p SpecName has among \p entries, else its default.
template <auto &SpecName>
spec_value_t<SpecName> find_spec_value(const spec_entry *entries,
                                       size_t count) {
  using T = spec_value_t<SpecName>;
  for (size_t i = 0; i < count; ++i)
    if (entries[i].key == static_cast<const void *>(&SpecName)) {
      alignas(T) unsigned char bytes[sizeof(T)];
      std::memcpy(bytes, entries[i].value, sizeof(T));
      return *std::launder(reinterpret_cast<T *>(bytes));
    }
  return SpecName.default_;
}
} // namespace detail

/// What a kernel taking it as its last argument reads specialization
/// constants through. It refers to the command group's values, which live
/// until the kernel has finished (kernels here complete within submit).
class kernel_handler {
public:
  template <auto &SpecName>
  detail::spec_value_t<SpecName> get_specialization_constant() const {
    return detail::find_spec_value<SpecName>(entries_, count_);
  }

private:
  friend class handler;
  kernel_handler(const detail::spec_entry *entries, size_t count)
      : entries_(entries), count_(count) {}

  const detail::spec_entry *entries_;
  size_t count_;
};

} // namespace sycl

#endif // SUBLANE_DETAIL_SPECIALIZATION_HPP
