//===- sublane/detail/kernel_instance.hpp - The kernel entry ----*- C++ -*-===//
//
// The entry that <sublane/sycl.hpp> instantiates for each kernel type,
// dimensionality and sub-group size, which the plugin lowers; the ranges a
// basic kernel runs as; kernel properties (the sub-group size request),
// the property lists of constructors and is_device_copyable. Included by
// <sublane/sycl.hpp> after local memory.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_KERNEL_INSTANCE_HPP
#define SUBLANE_DETAIL_KERNEL_INSTANCE_HPP

namespace sycl {

namespace detail {
template <typename T> constexpr const char *type_name() {
  return __PRETTY_FUNCTION__;
}

template <typename Name, typename Kernel> struct range_kernel {};
template <typename Name, typename Kernel> struct single_task_kernel {};
/// The descriptor flags a kernel of this name starts with: a basic range
/// kernel's sub-group size is ours to choose (SUBLANE_DESC_BASIC_RANGE).
template <typename Name> inline constexpr uint32_t initial_desc_flags = 0;
template <typename Name, typename Kernel>
inline constexpr uint32_t initial_desc_flags<range_kernel<Name, Kernel>> =
    SUBLANE_DESC_BASIC_RANGE;

// One entry per kernel type and dimensionality: the work-item function the
// plugin lowers, and the descriptor that carries the lowered form to the
// runtime. docs/ir-contract.md describes both.
template <typename Name, typename Kernel, int D, uint32_t SubGroupSize = 0,
          uint32_t Variant = SUBLANE_VARIANT_DEFAULT>
struct kernel_instance {
  [[clang::annotate("sublane.kernel")]] __attribute__((noinline)) static void
  entry(const void *closure) noexcept {
    (*static_cast<const Kernel *>(closure))(nd_item<D>());
  }
  // Field order: see sublane_kernel_desc.
  static inline sublane_kernel_desc desc = {SUBLANE_DESC_MAGIC,
                                            initial_desc_flags<Name>,
                                            D,
                                            SubGroupSize,
                                            Variant,
                                            0,
                                            0,
                                            0,
                                            0,
                                            0,
                                            type_name<Name>(),
                                            &entry,
                                            nullptr};
};

struct unnamed_kernel {};
/// Whether a kernel of this name runs with a work-group size of sublane's
/// choice (a basic range kernel, a single task), which its
/// reqd_work_group_size need not match.
template <typename Name> struct is_basic_launch : std::false_type {};
template <typename Name, typename Kernel>
struct is_basic_launch<range_kernel<Name, Kernel>> : std::true_type {};
template <typename Name, typename Kernel>
struct is_basic_launch<single_task_kernel<Name, Kernel>> : std::true_type {};

/// The nd-range a basic kernel over a non-empty \p r runs as: work-groups
/// of up to \p Width items along the last dimension, that dimension rounded
/// up to whole work-groups (the kernel skips ids past \p r). Rows shorter
/// than that share a work-group, as many as divide the range's other
/// dimensions, so that a range of short rows (range<2>(n, 4)) still fills
/// whole sub-groups.
template <size_t Width = 128, int D>
nd_range<D> basic_launch_range(range<D> r) {
  range<D> global = r, local;
  for (int d = 0; d < D; ++d)
    local[d] = 1;
  local[D - 1] = r[D - 1] < Width ? r[D - 1] : Width;
  global[D - 1] = (r[D - 1] + local[D - 1] - 1) / local[D - 1] * local[D - 1];
  size_t items = local[D - 1];
  for (int d = D - 2; d >= 0; --d) {
    size_t rows = Width / items;
    while (r[d] % rows != 0)
      --rows;
    local[d] = rows;
    items *= rows;
  }
  return nd_range<D>(global, local);
}
} // namespace detail

namespace ext::oneapi::experimental {
/// Kernel properties (sycl_ext_oneapi_kernel_properties): pass
/// `properties{sub_group_size<16>}` to parallel_for to fix a kernel's
/// sub-group size at compile time, with no compiler flag.
template <uint32_t N> struct sub_group_size_key {
  static constexpr uint32_t value = N;
};
template <uint32_t N> inline constexpr sub_group_size_key<N> sub_group_size{};
template <typename... Props> struct properties {
  constexpr properties(Props...) {}
};
template <typename... Props> properties(Props...) -> properties<Props...>;
} // namespace ext::oneapi::experimental

namespace detail {
template <typename... Props> struct kernel_requests {
  static constexpr uint32_t sub_group_size = 0;
  static constexpr uint32_t variant = SUBLANE_VARIANT_DEFAULT;
};
template <typename P, typename... Rest> struct kernel_requests<P, Rest...> {
  static constexpr uint32_t sub_group_size =
      kernel_requests<Rest...>::sub_group_size;
  static constexpr uint32_t variant = kernel_requests<Rest...>::variant;
};
template <uint32_t N, typename... Rest>
struct kernel_requests<ext::oneapi::experimental::sub_group_size_key<N>,
                       Rest...> {
  static_assert(N == 1 || N == 4 || N == 8 || N == 16 || N == 32 || N == 64,
                "sublane: sub-group sizes are 1, 4, 8, 16, 32 or 64");
  static constexpr uint32_t sub_group_size = N;
  static constexpr uint32_t variant = kernel_requests<Rest...>::variant;
};
} // namespace detail

namespace detail {
/// One address per property type, to tell them apart at run time.
template <typename P> const void *property_kind() {
  static const char Tag = 0;
  return &Tag;
}

} // namespace detail

struct no_init_t {};
inline constexpr no_init_t no_init{};

namespace property::reduction {
struct initialize_to_identity {};
} // namespace property::reduction
namespace property::queue {
struct in_order {};
struct enable_profiling {};
} // namespace property::queue
// Queue properties of extensions that tune a GPU driver; accepted, no
// effect on the CPU.
namespace ext::oneapi::property::queue {
struct discard_events {};
struct priority_normal {};
struct priority_low {};
struct priority_high {};
} // namespace ext::oneapi::property::queue
namespace ext::intel::property::queue {
struct no_immediate_command_list {};
struct immediate_command_list {};
} // namespace ext::intel::property::queue
namespace property {
/// Asks for no initial contents (the accessor's no_init as a property).
using no_init = no_init_t;
} // namespace property

/// Whether kernels may take a copy of a T (SYCL 2020 3.13.1): the trivially
/// copyable types, and those a program declares so by specializing this.
template <typename T>
struct is_device_copyable : std::is_trivially_copyable<T> {};
template <typename T>
inline constexpr bool is_device_copyable_v = is_device_copyable<T>::value;

/// The properties given to a constructor; it remembers which kinds it holds.
class property_list {
public:
  // Not from an async handler, which the constructors that take both
  // would otherwise find ambiguous.
  template <typename... Ps,
            typename = std::enable_if_t<
                (!std::is_invocable_v<const Ps &, exception_list> && ...)>>
  property_list(Ps...) : kinds_{detail::property_kind<Ps>()...} {}
  template <typename P> bool has_property() const noexcept {
    return std::find(kinds_.begin(), kinds_.end(),
                     detail::property_kind<P>()) != kinds_.end();
  }
  bool initializes_to_identity() const {
    return has_property<property::reduction::initialize_to_identity>();
  }

private:
  std::vector<const void *> kinds_;
};

} // namespace sycl

#endif // SUBLANE_DETAIL_KERNEL_INSTANCE_HPP
