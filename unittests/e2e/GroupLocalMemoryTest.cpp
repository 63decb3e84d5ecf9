//===- GroupLocalMemoryTest.cpp - Local memory the kernel allocates -------===//
//
// sycl_ext_oneapi_local_memory: group_local_memory_for_overwrite and
// group_local_memory, called in the kernel. Two calls for the same type get
// two blocks; a call in a loop gets the same block every round; an object
// built from arguments is there for every work-item; an over-aligned type is
// aligned; atomics on a block count per work-group. Each block is shared by
// its work-group and no other, with a partial last sub-group and a bounds
// check after the calls (which the vectorizer copies), at every sub-group
// size, compiled and on the fiber engine.
//
//===----------------------------------------------------------------------===//

#include "CollectivesCommon.h"

#include <cstdint>

namespace {

using namespace collectives;

constexpr size_t MaxGroup = 4 * 64 + 32 + 1;
constexpr int Bins = 5;

struct Offsets {
  int Base, Step;
};

struct alignas(128) Wide {
  int Values[MaxGroup];
};

template <uint32_t S> struct GroupLocalMemoryKernel;

template <uint32_t S> void checkGroupLocalMemory() {
  sycl::queue q;
  const size_t wg = 4 * S + S / 2 + 1, groups = 3, n = wg * groups - 5;
  const size_t range = wg * groups;
  int *out = sycl::malloc_shared<int>(range, q);
  int *counts = sycl::malloc_shared<int>(groups * Bins, q);
  int *aligned = sycl::malloc_shared<int>(range, q);
  for (size_t i = 0; i < range; ++i)
    out[i] = aligned[i] = -7;
  q.parallel_for<GroupLocalMemoryKernel<S>>(
       sycl::nd_range<1>(range, wg), xo::properties{xo::sub_group_size<S>},
       [=](sycl::nd_item<1> it) {
         sycl::group<1> g = it.get_group();
         auto first =
             sycl::ext::oneapi::group_local_memory_for_overwrite<int[MaxGroup]>(
                 g);
         auto second =
             sycl::ext::oneapi::group_local_memory_for_overwrite<int[MaxGroup]>(
                 g);
         auto offsets = sycl::ext::oneapi::group_local_memory<Offsets>(
             g, Offsets{1000, 3});
         auto wide =
             sycl::ext::oneapi::group_local_memory_for_overwrite<Wide>(g);
         auto hist =
             sycl::ext::oneapi::group_local_memory_for_overwrite<int[Bins]>(g);
         size_t l = it.get_local_id(0), i = it.get_global_id(0);
         (*first)[l] = int(i);
         (*second)[l] = -int(l);
         wide->Values[l] = int(reinterpret_cast<uintptr_t>(wide.get()) % 128);
         if (l < Bins)
           (*hist)[l] = 0;
         sycl::group_barrier(g);
         if (i < n)
           sycl::atomic_ref<int, sycl::memory_order::relaxed,
                            sycl::memory_scope::work_group,
                            sycl::access::address_space::local_space>(
               (*hist)[i % Bins])
               .fetch_add(1);
         int sum = 0;
         for (int round = 0; round < 3; ++round) {
           auto kept = sycl::ext::oneapi::group_local_memory_for_overwrite<
               int[MaxGroup]>(g);
           if (round == 0)
             (*kept)[l] = (*first)[wg - 1 - l] + (*second)[(l + 1) % wg];
           sycl::group_barrier(g);
           sum += (*kept)[(l + round) % wg];
         }
         if (l < Bins)
           counts[it.get_group(0) * Bins + l] = (*hist)[l];
         if (i < n) {
           out[i] = sum + offsets->Base + offsets->Step * int(l);
           aligned[i] = wide->Values[(l + 2) % wg];
         }
       })
      .wait();
  for (size_t grp = 0; grp < groups; ++grp) {
    // Block `kept`, written in the first round only: first's value of the
    // mirrored item plus second's of the next one.
    auto Kept = [&](size_t k) {
      return int(grp * wg + (wg - 1 - k)) - int((k + 1) % wg);
    };
    int want_counts[Bins] = {};
    for (size_t l = 0; l < wg; ++l) {
      size_t i = grp * wg + l;
      if (i >= n) {
        EXPECT_EQ(out[i], -7) << "item " << i;
        continue;
      }
      ++want_counts[i % Bins];
      int sum = Kept(l) + Kept((l + 1) % wg) + Kept((l + 2) % wg);
      EXPECT_EQ(out[i], sum + 1000 + 3 * int(l)) << "item " << i;
      EXPECT_EQ(aligned[i], 0) << "item " << i;
    }
    for (int b = 0; b < Bins; ++b)
      EXPECT_EQ(counts[grp * Bins + b], want_counts[b])
          << "group " << grp << ", bin " << b;
  }
  sycl::free(out, q);
  sycl::free(counts, q);
  sycl::free(aligned, q);
}

TEST(GroupLocalMemory, BlocksPerCallSiteSharedByTheGroup) {
  forEachSubGroupSize([](auto S) { checkGroupLocalMemory<S()>(); });
}

} // namespace
