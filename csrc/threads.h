/* What the two-thread search needs from the system, for every compiler the
 * wheels are built with: run a helper beside the calling thread, and relaxed
 * atomic counters.  POSIX threads, or Win32 threads under _WIN32 (MSVC has
 * neither pthreads nor C11 threads); the atomics are GCC/Clang builtins or
 * MSVC's Interlocked intrinsics (64-bit Windows only). */
#ifndef MJ_THREADS_H
#define MJ_THREADS_H
#include <stdint.h>

/* Run fn(helper) on a new thread and fn(own) on this one, then wait for both.
 * 1 when the helper had its thread; 0 when no thread could start (fn(helper)
 * did not run: callers share their work through a counter, so `own` does all). */
int mj_run_beside(void (*fn)(void *), void *helper, void *own);

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
/* the value before adding */
static inline int mj_atomic_fetch_add(int *p, int v) { return (int)_InterlockedExchangeAdd((volatile long *)p, v); }
static inline void mj_atomic_store(int *p, int v) { _InterlockedExchange((volatile long *)p, v); }
/* the value after adding */
static inline uint64_t mj_atomic_add_u64(uint64_t *p, uint64_t v)
{
    return (uint64_t)_InterlockedExchangeAdd64((volatile __int64 *)p, (__int64)v) + v;
}
#else
static inline int mj_atomic_fetch_add(int *p, int v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }
static inline void mj_atomic_store(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
static inline uint64_t mj_atomic_add_u64(uint64_t *p, uint64_t v) { return __atomic_add_fetch(p, v, __ATOMIC_RELAXED); }
#endif

#endif
