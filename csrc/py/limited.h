/* The Python side of the core is built for CPython's limited API of 3.11
 * (build_ffi.py defines Py_LIMITED_API), so one abi3 wheel serves every
 * CPython from 3.11 on: no struct field or macro of the full API is used
 * here (PyTuple_GET_ITEM, PyBytes_AS_STRING, Py_XSETREF...), only functions. */
#ifndef MJ_PY_LIMITED_H
#define MJ_PY_LIMITED_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#if !defined(Py_LIMITED_API) || Py_LIMITED_API + 0 < 0x030B0000
#error "build csrc/py/ with Py_LIMITED_API=0x030B0000 (build_ffi.py)"
#endif

/* *slot = value with a new reference, releasing the old one after (Py_XSETREF's order) */
static inline void mj_py_keep(PyObject **slot, PyObject *value)
{
    PyObject *old = *slot;
    Py_INCREF(value);
    *slot = value;
    Py_XDECREF(old);
}

#endif
