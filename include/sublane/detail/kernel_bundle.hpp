//===- sublane/detail/kernel_bundle.hpp - Kernel bundles --------*- C++ -*-===//
//
// SYCL 2020 kernel bundles (section 4.11): kernel_id, kernel, kernel_bundle
// and the functions that get, compile, link and build them. sublane compiles
// every kernel ahead of time into the program, for its one device, so every
// bundle is executable already and holds every kernel: the states and the
// steps between them exist so that code written for a JIT-ing
// implementation compiles and runs unchanged. A kernel's queries answer for
// the device (its work-group limit, the sub-group size a kernel gets when it
// asks for none), since a kernel's own sub-group size is chosen where it is
// launched, by its properties. Included by <sublane/sycl.hpp>.
//
//===----------------------------------------------------------------------===//
#ifndef SUBLANE_DETAIL_KERNEL_BUNDLE_HPP
#define SUBLANE_DETAIL_KERNEL_BUNDLE_HPP

#include <string>
#include <vector>

namespace sycl {

/// A kernel, named by its kernel name type (or by its lambda's type).
class kernel_id {
public:
  kernel_id() = delete;
  const char *get_name() const noexcept { return name_; }
  friend bool operator==(const kernel_id &a, const kernel_id &b) {
    return std::string(a.name_) == b.name_;
  }
  friend bool operator!=(const kernel_id &a, const kernel_id &b) {
    return !(a == b);
  }

private:
  explicit kernel_id(const char *name) : name_(name) {}
  template <typename KernelName> friend kernel_id get_kernel_id();
  const char *name_;
};

namespace detail {
/// The template argument named in a __PRETTY_FUNCTION__ "... [T = name]".
inline std::string template_argument_name(const std::string &pretty) {
  size_t start = pretty.find("T = ");
  if (start == std::string::npos)
    return pretty;
  start += 4;
  return pretty.substr(start, pretty.find_first_of("];", start) - start);
}
/// The name of \p T as the compiler spells it, kept for the program's life.
template <typename T> const char *kernel_type_name() {
  static const std::string name = template_argument_name(__PRETTY_FUNCTION__);
  return name.c_str();
}
} // namespace detail

template <typename KernelName> kernel_id get_kernel_id() {
  return kernel_id(detail::kernel_type_name<KernelName>());
}

/// The kernels this program was built with cannot be listed before they
/// run: the list is empty, and a bundle has every kernel anyway.
inline std::vector<kernel_id> get_kernel_ids() { return {}; }

namespace info {
#define SUBLANE_KERNEL_INFO(Name, Type)                                        \
  struct Name {                                                                \
    using return_type = Type;                                                  \
  };
namespace kernel {
SUBLANE_KERNEL_INFO(num_args, uint32_t)
SUBLANE_KERNEL_INFO(attributes, std::string)
SUBLANE_KERNEL_INFO(function_name, std::string)
SUBLANE_KERNEL_INFO(context, sycl::context)
} // namespace kernel
namespace kernel_device_specific {
SUBLANE_KERNEL_INFO(global_work_size, range<3>)
SUBLANE_KERNEL_INFO(work_group_size, size_t)
SUBLANE_KERNEL_INFO(compile_work_group_size, range<3>)
SUBLANE_KERNEL_INFO(preferred_work_group_size_multiple, size_t)
SUBLANE_KERNEL_INFO(private_mem_size, size_t)
SUBLANE_KERNEL_INFO(max_num_sub_groups, uint32_t)
SUBLANE_KERNEL_INFO(compile_num_sub_groups, uint32_t)
SUBLANE_KERNEL_INFO(max_sub_group_size, uint32_t)
SUBLANE_KERNEL_INFO(compile_sub_group_size, uint32_t)
} // namespace kernel_device_specific
} // namespace info
// sycl_ext_oneapi_launch_queries: what one launch on a queue may use.
namespace ext::oneapi::experimental::info::kernel_queue_specific {
SUBLANE_KERNEL_INFO(max_num_work_groups, size_t)
SUBLANE_KERNEL_INFO(max_work_group_size, size_t)
SUBLANE_KERNEL_INFO(max_sub_group_size, uint32_t)
SUBLANE_KERNEL_INFO(num_sub_groups, uint32_t)
} // namespace ext::oneapi::experimental::info::kernel_queue_specific
#undef SUBLANE_KERNEL_INFO

class kernel {
public:
  kernel() = delete;
  backend get_backend() const noexcept { return backend::sublane; }
  sycl::context get_context() const { return sycl::context(); }
  kernel_bundle<bundle_state::executable> get_kernel_bundle() const;

  template <typename Param> typename Param::return_type get_info() const {
    namespace k = info::kernel;
    if constexpr (std::is_same_v<Param, k::num_args>)
      return 0;
    else if constexpr (std::is_same_v<Param, k::attributes>)
      return "";
    else if constexpr (std::is_same_v<Param, k::function_name>)
      return id_.get_name();
    else
      return sycl::context();
  }

  template <typename Param>
  typename Param::return_type get_info(const device &) const {
    namespace k = info::kernel_device_specific;
    const sublane::device_info &d = sublane::get_device_info();
    if constexpr (std::is_same_v<Param, k::global_work_size>)
      return range<3>(0, 0, 0); // only built-in kernels have one
    else if constexpr (std::is_same_v<Param, k::work_group_size>)
      return d.max_work_group_size;
    else if constexpr (std::is_same_v<Param, k::compile_work_group_size>)
      return range<3>(0, 0, 0);
    else if constexpr (std::is_same_v<Param,
                                      k::preferred_work_group_size_multiple>)
      return d.preferred_sub_group_size;
    else if constexpr (std::is_same_v<Param, k::private_mem_size>)
      return 0;
    else if constexpr (std::is_same_v<Param, k::max_num_sub_groups>)
      return uint32_t(d.max_work_group_size);
    else if constexpr (std::is_same_v<Param, k::compile_num_sub_groups>)
      return 0;
    else if constexpr (std::is_same_v<Param, k::max_sub_group_size>)
      return d.default_sub_group_size;
    else
      return 0; // compile_sub_group_size: asked for by properties, at launch
  }

  /// The launch queries of sycl_ext_oneapi_launch_queries. Work-groups
  /// that run at once: one per thread (a grid sized from it fills the
  /// machine, as it fills a GPU's multiprocessors).
  template <typename Param, typename... LaunchArgs>
  typename Param::return_type
  ext_oneapi_get_info(const queue &, const LaunchArgs &...args) const {
    namespace k = ext::oneapi::experimental::info::kernel_queue_specific;
    const sublane::device_info &d = sublane::get_device_info();
    if constexpr (std::is_same_v<Param, k::max_num_work_groups>) {
      return d.max_threads;
    } else if constexpr (std::is_same_v<Param, k::max_work_group_size>) {
      return d.max_work_group_size;
    } else if constexpr (std::is_same_v<Param, k::max_sub_group_size>) {
      return d.default_sub_group_size;
    } else {
      static_assert(std::is_same_v<Param, k::num_sub_groups> &&
                        sizeof...(LaunchArgs) == 1,
                    "num_sub_groups takes the queue and the work-group range");
      // The sub-groups of a work-group of that range, the last one partial.
      const size_t items = (args.size(), ...);
      return uint32_t((items + d.default_sub_group_size - 1) /
                      d.default_sub_group_size);
    }
  }

  friend bool operator==(const kernel &a, const kernel &b) {
    return a.id_ == b.id_;
  }
  friend bool operator!=(const kernel &a, const kernel &b) { return !(a == b); }

private:
  explicit kernel(kernel_id id) : id_(id) {}
  template <bundle_state> friend class kernel_bundle;
  kernel_id id_;
};

template <bundle_state State> class kernel_bundle {
public:
  kernel_bundle() = delete;
  /// Every state converts to every other: the kernels are compiled already.
  template <bundle_state Other>
  kernel_bundle(const kernel_bundle<Other> &o) : ids_(o.ids_) {}

  bool empty() const noexcept { return false; }
  backend get_backend() const noexcept { return backend::sublane; }
  context get_context() const noexcept { return context(); }
  std::vector<device> get_devices() const noexcept { return {device()}; }
  bool has_kernel(const kernel_id &id) const noexcept {
    if (ids_.empty())
      return true;
    for (const kernel_id &k : ids_)
      if (k == id)
        return true;
    return false;
  }
  template <typename KernelName> bool has_kernel() const noexcept {
    return has_kernel(get_kernel_id<KernelName>());
  }
  std::vector<kernel_id> get_kernel_ids() const { return ids_; }
  kernel get_kernel(const kernel_id &id) const {
    static_assert(State == bundle_state::executable,
                  "get_kernel needs an executable bundle (sycl::build)");
    if (!has_kernel(id))
      throw exception(make_error_code(errc::invalid),
                      std::string("sublane: kernel bundle has no kernel '") +
                          id.get_name() + "'");
    return kernel(id);
  }
  template <typename KernelName> kernel get_kernel() const {
    return get_kernel(get_kernel_id<KernelName>());
  }
  bool contains_specialization_constants() const noexcept { return false; }
  bool native_specialization_constant() const noexcept { return false; }

private:
  explicit kernel_bundle(std::vector<kernel_id> ids) : ids_(std::move(ids)) {}
  template <bundle_state> friend class kernel_bundle;
  template <bundle_state S>
  friend kernel_bundle<S> get_kernel_bundle(const context &,
                                            const std::vector<device> &,
                                            const std::vector<kernel_id> &);
  /// Empty: every kernel.
  std::vector<kernel_id> ids_;
};

template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &,
                                       const std::vector<device> &,
                                       const std::vector<kernel_id> &ids) {
  return kernel_bundle<State>(ids);
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx,
                                       const std::vector<kernel_id> &ids) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices(), ids);
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx,
                                       const std::vector<device> &devs) {
  return get_kernel_bundle<State>(ctx, devs, {});
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices(), {});
}
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx) {
  return get_kernel_bundle<State>(ctx, {get_kernel_id<KernelName>()});
}
template <typename KernelName, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context &ctx,
                                       const std::vector<device> &devs) {
  return get_kernel_bundle<State>(ctx, devs, {get_kernel_id<KernelName>()});
}

template <bundle_state State>
bool has_kernel_bundle(const context &, const std::vector<device> & = {}) {
  return true;
}
template <bundle_state State>
bool has_kernel_bundle(const context &, const std::vector<kernel_id> &) {
  return true;
}
template <bundle_state State>
bool has_kernel_bundle(const context &, const std::vector<device> &,
                       const std::vector<kernel_id> &) {
  return true;
}
template <typename KernelName, bundle_state State>
bool has_kernel_bundle(const context &, const std::vector<device> & = {}) {
  return true;
}

inline bool is_compatible(const std::vector<kernel_id> &, const device &) {
  return true;
}
template <typename KernelName> bool is_compatible(const device &) {
  return true;
}

template <typename... Options>
kernel_bundle<bundle_state::object>
compile(const kernel_bundle<bundle_state::input> &input, Options &&...) {
  return input;
}
template <typename... Options>
kernel_bundle<bundle_state::executable>
link(const kernel_bundle<bundle_state::object> &object, Options &&...) {
  return object;
}
template <typename... Options>
kernel_bundle<bundle_state::executable>
link(const std::vector<kernel_bundle<bundle_state::object>> &objects,
     Options &&...) {
  return objects.at(0);
}
template <typename... Options>
kernel_bundle<bundle_state::executable>
build(const kernel_bundle<bundle_state::input> &input, Options &&...) {
  return input;
}

inline kernel_bundle<bundle_state::executable>
kernel::get_kernel_bundle() const {
  return sycl::get_kernel_bundle<bundle_state::executable>(context(),
                                                           {device()}, {id_});
}

} // namespace sycl

#endif // SUBLANE_DETAIL_KERNEL_BUNDLE_HPP
