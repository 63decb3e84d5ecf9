//===- detail/unsupported.hpp - Features sublane leaves out -----*- C++ -*-===//
//
// Names of SYCL 2020 features and oneAPI extensions that sublane does not
// implement, declared unavailable (a clang attribute) so that a program
// using one stops at its first use with an error that names the feature,
// where otherwise it would read "no type named ..." or fail further on.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_UNSUPPORTED_HPP
#define SUBLANE_DETAIL_UNSUPPORTED_HPP

#include <cstddef>

#define SUBLANE_UNSUPPORTED(What)                                              \
  __attribute__((unavailable("sublane does not support " What)))

namespace sycl {
// Images and samplers (SYCL 2020 4.7.3 and 4.7.8); the enums that describe
// them are declared so that the error names the image or sampler itself.
enum class image_channel_order {
  a,
  r,
  rx,
  rg,
  rgx,
  ra,
  rgb,
  rgbx,
  rgba,
  argb,
  bgra,
  intensity,
  luminance,
  abgr,
  ext_oneapi_srgba
};
enum class image_channel_type {
  snorm_int8,
  snorm_int16,
  unorm_int8,
  unorm_int16,
  unorm_short_565,
  unorm_short_555,
  unorm_int_101010,
  signed_int8,
  signed_int16,
  signed_int32,
  unsigned_int8,
  unsigned_int16,
  unsigned_int32,
  fp16,
  fp32
};
enum class addressing_mode {
  mirrored_repeat,
  repeat,
  clamp_to_edge,
  clamp,
  none
};
enum class filtering_mode { nearest, linear };
enum class coordinate_normalization_mode { normalized, unnormalized };
template <int Dimensions = 1, typename AllocatorT = void>
class SUBLANE_UNSUPPORTED("images (sycl::image): keep the pixels in a buffer "
                          "or a USM allocation") image {};
template <int Dimensions = 1, typename AllocatorT = void>
class SUBLANE_UNSUPPORTED("images (sycl::unsampled_image)") unsampled_image {};
template <int Dimensions = 1, typename AllocatorT = void>
class SUBLANE_UNSUPPORTED("images (sycl::sampled_image)") sampled_image {};
class SUBLANE_UNSUPPORTED("samplers (sycl::sampler)") sampler {};

namespace ext::oneapi::experimental {
// sycl_ext_oneapi_graph.
enum class graph_state { modifiable, executable };
template <graph_state State = graph_state::modifiable> class command_graph {
public:
  template <typename... Args>
  SUBLANE_UNSUPPORTED("command graphs (sycl_ext_oneapi_graph's command_graph)")
  command_graph(Args &&...);
};

// sycl_ext_oneapi_matrix.
namespace matrix {
enum class use { a, b, accumulator };
enum class layout { row_major, col_major, ext_intel_packed, dynamic };
template <typename Group, typename T, use Use, std::size_t Rows,
          std::size_t Cols, layout Layout = layout::dynamic>
struct SUBLANE_UNSUPPORTED("joint_matrix (sycl_ext_oneapi_matrix)")
    joint_matrix {};
} // namespace matrix

// sycl_ext_oneapi_free_function_queries' opportunistic groups.
namespace this_kernel {
struct opportunistic_group {};
SUBLANE_UNSUPPORTED("opportunistic groups "
                    "(this_kernel::get_opportunistic_group)")
opportunistic_group get_opportunistic_group();
} // namespace this_kernel
} // namespace ext::oneapi::experimental
} // namespace sycl

#undef SUBLANE_UNSUPPORTED

#endif // SUBLANE_DETAIL_UNSUPPORTED_HPP
