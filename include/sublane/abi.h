/*===- sublane/abi.h - The contract between kernels, plugin and runtime ---===*
 *
 * Everything the three parts of sublane agree on lives here: the builtins a
 * kernel calls, the per-kernel descriptor the plugin completes, and the
 * work-group context the runtime passes to a lowered kernel.
 *docs/ir-contract.md describes the same contract at the IR level; keep the two
 *in step.
 *
 * This header is plain C so that any front end (an OpenCL C shim, a DSL) can
 * produce kernels for the plugin.
 *===----------------------------------------------------------------------===*/
#ifndef SUBLANE_ABI_H
#define SUBLANE_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* "SLN1": the first field of every kernel descriptor. */
#define SUBLANE_DESC_MAGIC 0x534c4e31u

/* Bits of sublane_kernel_desc::flags. */
#define SUBLANE_DESC_LOWERED 0x1u /* set by the plugin once wg_fn is valid */
/* Set by the front end on a basic range kernel (parallel_for over a range, not
 * an nd_range): its work-group and sub-group sizes are the implementation's
 * choice, so when the kernel requests no sub-group size and never asks for its
 * sub-group, the plugin may run it on vectors wider than one register. */
#define SUBLANE_DESC_BASIC_RANGE 0x2u

/* Lowering variants. 0 in a request field means "module default". */
#define SUBLANE_VARIANT_DEFAULT 0u
#define SUBLANE_VARIANT_CBS 1u  /* sub-group size 1, plain CBS          */
#define SUBLANE_VARIANT_HCBS 2u /* hierarchical CBS, real sub-groups     */
#define SUBLANE_VARIANT_WFV 3u  /* whole-function vectorized sub-groups */

/* Alignment of every per-work-item array in scratch and of local memory. */
#define SUBLANE_SCRATCH_ALIGN 64u
/* Bytes the runtime maps before and after local memory and scratch: lowered
 * code may read them and write back what it read, so that an access of a
 * whole vector at an active lane's address needs no mask. */
#define SUBLANE_MEMORY_GUARD_BYTES 512u
/* The largest work-group a launch accepts; the passes rely on ids below it. */
#define SUBLANE_MAX_WORK_GROUP_SIZE 65536u

/* What the runtime hands to a lowered work-group function, which runs
 * group_count work-groups one after the other: group_id and those after it in
 * row-major order (the last dimension's id varies fastest). Field order is
 * part of the IR contract: the plugin addresses fields by index. */
typedef struct sublane_wg_context {
  uint64_t group_id[3];    /* 0: id of the first work-group, per dimension */
  uint64_t group_range[3]; /* 1: number of work-groups, per dimension      */
  uint64_t local_range[3]; /* 2: work-group size, per dimension            */
  void *local_mem;         /* 3: local memory, reused by each work-group   */
  void *scratch;           /* 4: per-thread scratch, SUBLANE_SCRATCH_ALIGN */
  uint64_t group_count;    /* 5: work-groups to run, at least 1            */
} sublane_wg_context;

typedef void (*sublane_wg_fn)(const void *closure,
                              const sublane_wg_context *ctx);
typedef void (*sublane_work_item_fn)(const void *closure);

/* One per kernel entry. The front end fills the request fields; the plugin
 * fills the rest and sets SUBLANE_DESC_LOWERED. Field order is part of the IR
 * contract. */
typedef struct sublane_kernel_desc {
  uint32_t magic;          /* 0: SUBLANE_DESC_MAGIC                        */
  uint32_t flags;          /* 1: SUBLANE_DESC_* bits                       */
  uint32_t dims;           /* 2: 1, 2 or 3                                 */
  uint32_t reqd_sg_size;   /* 3: requested sub-group size, 0 = default     */
  uint32_t reqd_variant;   /* 4: requested SUBLANE_VARIANT_*, 0 = default  */
  uint32_t sg_size;        /* 5: chosen by the plugin                      */
  uint32_t variant;        /* 6: chosen by the plugin                      */
  uint32_t scratch_arrays; /* 7: number of per-work-item scratch arrays    */
  uint64_t scratch_bytes_per_item;   /* 8: sum of the arrays' element sizes  */
  uint64_t scratch_uniform_bytes;    /* 9: bytes of work-group-uniform slots */
  const char *name;                  /* 10: kernel name for messages         */
  sublane_work_item_fn work_item_fn; /* 11: the kernel as written          */
  sublane_wg_fn wg_fn;               /* 12: lowered work-group function    */
  /* 13: the work-group size the kernel requires per dimension
   * ([[sycl::reqd_work_group_size]]); all 0 = none. Set by the plugin. */
  uint64_t reqd_local_range[3];
} sublane_kernel_desc;

/* Bytes of scratch a launch needs for one work-group of wg_size items. Each
 * per-item array holds the work-group size rounded up to whole sub-groups. */
static inline uint64_t sublane_scratch_bytes(const sublane_kernel_desc *desc,
                                             uint64_t wg_size) {
  uint64_t sg = desc->sg_size ? desc->sg_size : 1;
  uint64_t capacity = (wg_size + sg - 1) / sg * sg;
  return desc->scratch_bytes_per_item * capacity +
         (uint64_t)desc->scratch_arrays * SUBLANE_SCRATCH_ALIGN +
         desc->scratch_uniform_bytes + SUBLANE_SCRATCH_ALIGN;
}

/*===-- Builtins ------------------------------------------------------------===
 * Kernels call these; the plugin replaces every call. The runtime also defines
 * them so that a program built without the plugin links and is then refused at
 * launch with a clear message instead of failing to link.
 */
#if defined(__clang__)
#define SUBLANE_BUILTIN_ID __attribute__((const, nothrow, leaf))
#define SUBLANE_BUILTIN_SYNC __attribute__((convergent, nothrow))
#else
#define SUBLANE_BUILTIN_ID __attribute__((const, nothrow))
#define SUBLANE_BUILTIN_SYNC __attribute__((nothrow))
#endif

SUBLANE_BUILTIN_ID uint64_t __sublane_global_id(uint32_t dim);
SUBLANE_BUILTIN_ID uint64_t __sublane_local_id(uint32_t dim);
SUBLANE_BUILTIN_ID uint64_t __sublane_group_id(uint32_t dim);
SUBLANE_BUILTIN_ID uint64_t __sublane_global_range(uint32_t dim);
SUBLANE_BUILTIN_ID uint64_t __sublane_local_range(uint32_t dim);
SUBLANE_BUILTIN_ID uint64_t __sublane_group_range(uint32_t dim);
/* Row-major linear local id: the last dimension varies fastest. */
SUBLANE_BUILTIN_ID uint64_t __sublane_local_linear_id(void);
SUBLANE_BUILTIN_ID void *__sublane_local_mem(void);

SUBLANE_BUILTIN_ID uint32_t __sublane_sg_local_id(void);
SUBLANE_BUILTIN_ID uint32_t __sublane_sg_id(void);
SUBLANE_BUILTIN_ID uint32_t __sublane_sg_size(void);
SUBLANE_BUILTIN_ID uint32_t __sublane_sg_max_size(void);
SUBLANE_BUILTIN_ID uint32_t __sublane_sg_count(void);

SUBLANE_BUILTIN_SYNC void __sublane_wg_barrier(void);
SUBLANE_BUILTIN_SYNC void __sublane_sg_barrier(void);

/* Work-group local memory of `bytes` bytes aligned to `align` (both
 * constants), one block per call site, the same for every work-item of the
 * group and for every time the site runs (sycl_ext_oneapi_local_memory).
 * Not `const`: two call sites asking for the same size get two blocks. */
SUBLANE_BUILTIN_SYNC void *__sublane_group_local_alloc(uint64_t bytes,
                                                       uint64_t align);

/*===-- Collectives -----------------------------------------------------------===
 * __sublane_<scope>_<collective>[_<op>]_<type>, scope sg (sub-group) or wg
 * (work-group); docs/ir-contract.md lists them. All are convergent.
 */
#define SUBLANE_FOR_EACH_TYPE(X)                                               \
  X(int32_t, i32) X(uint32_t, u32) X(int64_t, i64) X(uint64_t, u64)            \
      X(float, f32) X(double, f64)
#define SUBLANE_FOR_EACH_INT_TYPE(X)                                           \
  X(int32_t, i32) X(uint32_t, u32) X(int64_t, i64) X(uint64_t, u64)

#define SUBLANE_DECLARE_SCANS(scope, op, T, sfx)                               \
  SUBLANE_BUILTIN_SYNC T __sublane_##scope##_reduce_##op##_##sfx(T x);         \
  SUBLANE_BUILTIN_SYNC T __sublane_##scope##_inscan_##op##_##sfx(T x);         \
  SUBLANE_BUILTIN_SYNC T __sublane_##scope##_exscan_##op##_##sfx(T x);
#define SUBLANE_DECLARE_ARITH(T, sfx)                                          \
  SUBLANE_DECLARE_SCANS(sg, add, T, sfx)                                       \
  SUBLANE_DECLARE_SCANS(sg, mul, T, sfx)                                       \
  SUBLANE_DECLARE_SCANS(sg, min, T, sfx)                                       \
  SUBLANE_DECLARE_SCANS(sg, max, T, sfx)                                       \
  SUBLANE_DECLARE_SCANS(wg, add, T, sfx)                                       \
  SUBLANE_DECLARE_SCANS(wg, mul, T, sfx)                                       \
  SUBLANE_DECLARE_SCANS(wg, min, T, sfx)                                       \
  SUBLANE_DECLARE_SCANS(wg, max, T, sfx)                                       \
  SUBLANE_BUILTIN_SYNC T __sublane_sg_broadcast_##sfx(T x, uint32_t lane);     \
  SUBLANE_BUILTIN_SYNC T __sublane_sg_select_##sfx(T x, uint32_t lane);        \
  SUBLANE_BUILTIN_SYNC T __sublane_sg_shift_left_##sfx(T x, uint32_t delta);   \
  SUBLANE_BUILTIN_SYNC T __sublane_sg_shift_right_##sfx(T x, uint32_t delta);  \
  SUBLANE_BUILTIN_SYNC T __sublane_sg_permute_xor_##sfx(T x, uint32_t mask);   \
  SUBLANE_BUILTIN_SYNC T __sublane_wg_broadcast_##sfx(T x, uint64_t id);
#define SUBLANE_DECLARE_BITWISE(T, sfx)                                        \
  SUBLANE_DECLARE_SCANS(sg, and, T, sfx)                                       \
  SUBLANE_DECLARE_SCANS(sg, or, T, sfx)                                        \
  SUBLANE_DECLARE_SCANS(sg, xor, T, sfx)                                       \
  SUBLANE_DECLARE_SCANS(sg, land, T, sfx)                                      \
  SUBLANE_DECLARE_SCANS(sg, lor, T, sfx)                                       \
  SUBLANE_DECLARE_SCANS(wg, and, T, sfx)                                       \
  SUBLANE_DECLARE_SCANS(wg, or, T, sfx)                                        \
  SUBLANE_DECLARE_SCANS(wg, xor, T, sfx)                                       \
  SUBLANE_DECLARE_SCANS(wg, land, T, sfx)                                      \
  SUBLANE_DECLARE_SCANS(wg, lor, T, sfx)
SUBLANE_FOR_EACH_TYPE(SUBLANE_DECLARE_ARITH)
SUBLANE_FOR_EACH_INT_TYPE(SUBLANE_DECLARE_BITWISE)
#undef SUBLANE_DECLARE_SCANS
#undef SUBLANE_DECLARE_ARITH
#undef SUBLANE_DECLARE_BITWISE

SUBLANE_BUILTIN_SYNC uint32_t __sublane_sg_any(uint32_t pred);
SUBLANE_BUILTIN_SYNC uint32_t __sublane_sg_all(uint32_t pred);
SUBLANE_BUILTIN_SYNC uint32_t __sublane_wg_any(uint32_t pred);
SUBLANE_BUILTIN_SYNC uint32_t __sublane_wg_all(uint32_t pred);
SUBLANE_BUILTIN_SYNC uint64_t __sublane_sg_ballot(uint32_t pred);

/* Declares that every member of the sub-group / work-group passes the same
 * bits (SYCL requires it of a scan's or reduction's init). The lowering drops
 * it; the fiber engine checks it. */
SUBLANE_BUILTIN_SYNC void __sublane_sg_uniform(uint64_t bits);
SUBLANE_BUILTIN_SYNC void __sublane_wg_uniform(uint64_t bits);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SUBLANE_ABI_H */
