/* mjgui._fast: the hot entry points of mjgui.core as plain CPython functions.
 *
 * cffi spends most of a 200-900 ns call converting arguments (a list of 34
 * ints alone costs ~900 ns through cffi) and releasing the GIL, where the core
 * needs ~25 ns.  Here the common types (bytes, list or tuple of ints, a uint8
 * buffer such as a numpy row) are read directly, the core validates in the
 * same call, and everything unusual or wrong goes to the Python slow path
 * registered by mjgui.core, which gives the HandError messages. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "mjcore.h"

static PyObject *slow_shanten;          /* mjgui.core._shanten_slow */
static PyObject *small_int[5];          /* the interpreter's cached 0..4 */

/* An int 0..4 as a count, else -1.  Small ints are shared objects, so most
 * items match by identity; any other int is read by value. */
static int count_of(PyObject *v)
{
    for (int i = 0; i < 5; i++)
        if (v == small_int[i]) return i;
    if (!PyLong_CheckExact(v)) return -1;      /* bool, numpy integers...: the slow path */
    int overflow;
    long x = PyLong_AsLongAndOverflow(v, &overflow);
    return overflow || x < 0 || x > 4 ? -1 : (int)x;
}

/* 34 counts of a bytes, list, tuple or 1-byte-per-item buffer into buf:
 * 1 if read, 0 when the slow path must look at the object. */
static int read_counts(PyObject *obj, uint8_t *buf)
{
    if (PyBytes_CheckExact(obj)) {
        if (PyBytes_GET_SIZE(obj) != MJ_KINDS) return 0;
        memcpy(buf, PyBytes_AS_STRING(obj), MJ_KINDS);   /* counts above 4: the core says so */
        return 1;
    }
    if (PyList_CheckExact(obj) || PyTuple_CheckExact(obj)) {
        if (PySequence_Fast_GET_SIZE(obj) != MJ_KINDS) return 0;
        PyObject **items = PySequence_Fast_ITEMS(obj);
        for (int i = 0; i < MJ_KINDS; i++) {
            int c = count_of(items[i]);
            if (c < 0) return 0;
            buf[i] = (uint8_t)c;
        }
        return 1;
    }
    if (!PyObject_CheckBuffer(obj)) return 0;
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_ND | PyBUF_FORMAT) < 0) {   /* C-contiguous only */
        PyErr_Clear();
        return 0;
    }
    int ok = view.ndim == 1 && view.shape[0] == MJ_KINDS && view.itemsize == 1 &&
             (!view.format || !strcmp(view.format, "B"));
    if (ok) memcpy(buf, view.buf, MJ_KINDS);
    PyBuffer_Release(&view);
    return ok;
}

static PyObject *fast_shanten(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)self;
    uint8_t counts[MJ_KINDS];
    int forms = MJ_ALL_FORMS;
    if (kwnames || nargs < 1 || nargs > 2) goto slow;
    if (nargs == 2) {
        int overflow;
        long f = PyLong_CheckExact(args[1]) ? PyLong_AsLongAndOverflow(args[1], &overflow) : -1;
        if (!PyLong_CheckExact(args[1]) || overflow || f < 1 || f > MJ_ALL_FORMS) goto slow;
        forms = (int)f;
    }
    if (!read_counts(args[0], counts)) goto slow;
    int result = mj_shanten(counts, forms);
    if (result >= -1) return PyLong_FromLong(result);
slow:
    return PyObject_Vectorcall(slow_shanten, args, (size_t)nargs, kwnames);
}

/* batch(hands, forms, out): shanten of each row of a C-contiguous (n, 34)
 * uint8 buffer into the int8 buffer out (n items).  Returns 0 when every row
 * has an answer, else -1 (unusable buffers, an invalid row, or a form that
 * does not apply): the caller's slow path then says why. */
static PyObject *fast_batch(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 3 || !PyLong_CheckExact(args[1])) return PyLong_FromLong(-1);
    long forms = PyLong_AsLong(args[1]);
    if (forms < 1 || forms > MJ_ALL_FORMS) {
        PyErr_Clear();
        return PyLong_FromLong(-1);
    }
    Py_buffer in, out;
    if (PyObject_GetBuffer(args[0], &in, PyBUF_ND | PyBUF_FORMAT) < 0) {
        PyErr_Clear();
        return PyLong_FromLong(-1);
    }
    if (PyObject_GetBuffer(args[2], &out, PyBUF_ND | PyBUF_FORMAT | PyBUF_WRITABLE) < 0) {
        PyErr_Clear();
        PyBuffer_Release(&in);
        return PyLong_FromLong(-1);
    }
    long status = -1;
    if (in.ndim == 2 && in.shape[1] == MJ_KINDS && in.itemsize == 1 && (!in.format || !strcmp(in.format, "B")) &&
        out.ndim == 1 && out.shape[0] == in.shape[0] && out.itemsize == 1 && out.format &&
        !strcmp(out.format, "b")) {
        const long n = (long)in.shape[0];
        int8_t *res = (int8_t *)out.buf;
        long invalid;
        if (n > 4096) {                 /* long batches let other threads run */
            Py_BEGIN_ALLOW_THREADS
            invalid = mj_shanten_batch((const uint8_t *)in.buf, n, (int)forms, res);
            Py_END_ALLOW_THREADS
        } else {
            invalid = mj_shanten_batch((const uint8_t *)in.buf, n, (int)forms, res);
        }
        status = invalid ? -1 : 0;
        if (!status && !(forms & MJ_REGULAR))
            for (long i = 0; i < n; i++)
                if (res[i] == MJ_NOT_APPLICABLE) { status = -1; break; }
    }
    PyBuffer_Release(&out);
    PyBuffer_Release(&in);
    return PyLong_FromLong(status);
}

static PyObject *fast_bind(PyObject *self, PyObject *slow)
{
    (void)self;
    if (!PyCallable_Check(slow)) {
        PyErr_SetString(PyExc_TypeError, "bind() needs the slow path, a callable");
        return NULL;
    }
    Py_INCREF(slow);
    Py_XSETREF(slow_shanten, slow);
    Py_RETURN_NONE;
}

static PyObject *unbound(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self; (void)args; (void)kw;
    PyErr_SetString(PyExc_RuntimeError, "mjgui._fast used before mjgui.core bound its slow path");
    return NULL;
}

static PyMethodDef unbound_def = {"unbound", (PyCFunction)(void (*)(void))unbound, METH_VARARGS | METH_KEYWORDS, NULL};

static PyMethodDef methods[] = {
    {"shanten", (PyCFunction)(void (*)(void))fast_shanten, METH_FASTCALL | METH_KEYWORDS,
     "shanten(counts, forms=ALL_FORMS) -> int\n\nBest shanten over `forms` (see mjgui.core)."},
    {"batch", (PyCFunction)(void (*)(void))fast_batch, METH_FASTCALL,
     "batch(hands, forms, out) -> 0, or -1 when the slow path must answer"},
    {"bind", fast_bind, METH_O, "bind(slow): the Python function that handles every other case"},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "mjgui._fast", NULL, -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fast(void)
{
    for (int i = 0; i < 5; i++)
        if (!(small_int[i] = PyLong_FromLong(i))) return NULL;
    slow_shanten = PyCFunction_New(&unbound_def, NULL);
    if (!slow_shanten) return NULL;
    return PyModule_Create(&module);
}
