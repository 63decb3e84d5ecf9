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

/* Lowering variants. 0 in a request field means "module default". */
#define SUBLANE_VARIANT_DEFAULT 0u
#define SUBLANE_VARIANT_CBS 1u  /* sub-group size 1, plain CBS          */
#define SUBLANE_VARIANT_HCBS 2u /* hierarchical CBS, real sub-groups     */
#define SUBLANE_VARIANT_WFV 3u  /* whole-function vectorized sub-groups */

/* Alignment of every per-work-item array in scratch and of local memory. */
#define SUBLANE_SCRATCH_ALIGN 64u

/* What the runtime hands to a lowered work-group function. Field order is part
 * of the IR contract: the plugin addresses fields by index. */
typedef struct sublane_wg_context {
  uint64_t group_id[3];    /* 0: id of this work-group, per dimension      */
  uint64_t group_range[3]; /* 1: number of work-groups, per dimension      */
  uint64_t local_range[3]; /* 2: work-group size, per dimension            */
  void *local_mem;         /* 3: this work-group's local memory            */
  void *scratch;           /* 4: per-thread scratch, SUBLANE_SCRATCH_ALIGN */
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
} sublane_kernel_desc;

/* Bytes of scratch a launch needs for one work-group of wg_size items. */
static inline uint64_t sublane_scratch_bytes(const sublane_kernel_desc *desc,
                                             uint64_t wg_size) {
  return desc->scratch_bytes_per_item * wg_size +
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

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SUBLANE_ABI_H */
