// A DPC++ extension header: sublane's <sycl/sycl.hpp> has all of it.
#include <sycl/sycl.hpp>
