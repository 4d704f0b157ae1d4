/* The hot entry points of mjgui.core as plain CPython functions, compiled into
 * the cffi module (build_ffi.py) and turned into builtins by mjgui.core.
 *
 * cffi spends most of a 200-900 ns call converting arguments (a list of 34
 * ints alone costs ~900 ns through cffi) and releasing the GIL, where the core
 * needs ~25 ns.  Here the common types (bytes, list or tuple of ints, a uint8
 * buffer such as a numpy row) are read directly, the core validates in the
 * same call, and everything unusual or wrong goes to the Python slow path
 * registered by mjgui.core, which gives the HandError messages.
 *
 * cffi calls release the GIL, so the only function cffi calls here,
 * mj_py_method, touches no Python object; everything else runs as a builtin
 * (with the GIL), bind() included, which also sets up numpy and the ints. */
#include "limited.h"
#include <string.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>
#include "mjcore.h"
#include "hand_read.h"

static PyObject *slow_shanten;          /* mjgui.core._shanten_slow */
static PyObject *slow_batch;            /* mjgui.core._shanten_batch_slow */
static PyObject *small_int[5];          /* the interpreter's cached 0..4 */

static PyObject *unbound(void)
{
    PyErr_SetString(PyExc_RuntimeError, "the fast entry was called before mjgui.core bound its slow path");
    return NULL;
}
/* fn(*args, **kwargs) from a vectorcall's arguments (PyObject_Vectorcall is
 * not in the 3.11 limited API); only the slow path, so the tuple costs nothing that matters */
static PyObject *call_slow(PyObject *fn, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    Py_ssize_t nkw = kwnames ? PyTuple_Size(kwnames) : 0;
    PyObject *tuple = PyTuple_New(nargs), *kwargs = nkw ? PyDict_New() : NULL, *answer = NULL;
    if (!tuple || (nkw && !kwargs)) goto done;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        PyTuple_SetItem(tuple, i, args[i]);           /* steals the new reference */
    }
    for (Py_ssize_t i = 0; i < nkw; i++)
        if (PyDict_SetItem(kwargs, PyTuple_GetItem(kwnames, i), args[nargs + i]) < 0) goto done;
    answer = PyObject_Call(fn, tuple, kwargs);
done:
    Py_XDECREF(tuple);
    Py_XDECREF(kwargs);
    return answer;
}

static uintptr_t small_base;            /* when they are evenly spaced in memory (CPython */
static int small_shift = -1;            /* keeps them in one array): address -> value */

/* An int 0..4 as a count, else -1.  Small ints are shared objects, so most
 * items match by address; any other int is read by value. */
static inline int count_of(PyObject *v)
{
    if (small_shift >= 0) {
        uintptr_t off = (uintptr_t)v - small_base;
        if (off <= ((uintptr_t)4 << small_shift) && !(off & (((uintptr_t)1 << small_shift) - 1)))
            return (int)(off >> small_shift);
    } else {
        for (int i = 0; i < 5; i++)
            if (v == small_int[i]) return i;
    }
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
        if (PyBytes_Size(obj) != MJ_KINDS) return 0;
        memcpy(buf, PyBytes_AsString(obj), MJ_KINDS);     /* counts above 4: the core says so */
        return 1;
    }
    int list = PyList_CheckExact(obj);
    if (list || PyTuple_CheckExact(obj)) {
        if ((list ? PyList_Size(obj) : PyTuple_Size(obj)) != MJ_KINDS) return 0;
        for (int i = 0; i < MJ_KINDS; i++) {
            int c = count_of(list ? PyList_GetItem(obj, i) : PyTuple_GetItem(obj, i));
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
    if (!slow_shanten) return unbound();
    return call_slow(slow_shanten, args, nargs, kwnames);
}

/* batch(hands, forms=ALL_FORMS): shanten of each row of a C-contiguous (n, 34)
 * uint8 array as a new int8 array.  Anything else, a row that fails
 * validation or a form that does not apply: the slow path, which says why. */
static PyObject *fast_batch(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)self;
    long forms = MJ_ALL_FORMS;
    if (kwnames || nargs < 1 || nargs > 2 || !PyArray_CheckExact(args[0])) goto slow;
    if (nargs == 2) {
        int overflow;
        if (!PyLong_CheckExact(args[1])) goto slow;
        forms = PyLong_AsLongAndOverflow(args[1], &overflow);
        if (overflow || forms < 1 || forms > MJ_ALL_FORMS) goto slow;
    }
    PyArrayObject *in = (PyArrayObject *)args[0];
    if (PyArray_TYPE(in) != NPY_UINT8 || PyArray_NDIM(in) != 2 || PyArray_DIM(in, 1) != MJ_KINDS ||
        !PyArray_IS_C_CONTIGUOUS(in))
        goto slow;
    npy_intp n = PyArray_DIM(in, 0);
    PyObject *out = PyArray_SimpleNew(1, &n, NPY_INT8);
    if (!out) return NULL;
    int8_t *res = (int8_t *)PyArray_DATA((PyArrayObject *)out);
    const uint8_t *rows = (const uint8_t *)PyArray_DATA(in);
    long invalid;
    if (n > 4096) {                     /* long batches let other threads run */
        Py_BEGIN_ALLOW_THREADS
        invalid = mj_shanten_batch(rows, (long)n, (int)forms, res);
        Py_END_ALLOW_THREADS
    } else {
        invalid = mj_shanten_batch(rows, (long)n, (int)forms, res);
    }
    if (!invalid && !(forms & MJ_REGULAR))
        for (npy_intp i = 0; i < n; i++)
            if (res[i] == MJ_NOT_APPLICABLE) { invalid = 1; break; }
    if (!invalid) return out;
    Py_DECREF(out);
slow:
    if (!slow_batch) return unbound();
    return call_slow(slow_batch, args, nargs, kwnames);
}

/* (result, fields): the fields of mj_score in mjgui.core's SCORE_FIELD_NAMES order
 * (what SCORE_STRUCT.unpack gives). */
static PyObject *score_answer(int result, const mj_score *s)
{
    const long ints[] = {s->han, s->fu, s->yakuman, s->limit, s->wait, (long)s->base, (long)s->total,
                         (long)s->received, (long)s->pay_ron, (long)s->pay_dealer, (long)s->pay_other, s->n_yaku};
    enum { N_INTS = sizeof ints / sizeof ints[0] };
    PyObject *fields = PyTuple_New(N_INTS + 7), *item;
    if (!fields) return NULL;
    for (int i = 0; i < N_INTS; i++) {
        if (!(item = PyLong_FromLong(ints[i]))) goto fail;
        PyTuple_SetItem(fields, i, item);
    }
#define FIELD(at, make) do { if (!(item = (make))) goto fail; PyTuple_SetItem(fields, at, item); } while (0)
    FIELD(N_INTS, PyBytes_FromStringAndSize((const char *)s->yaku, sizeof s->yaku));
    FIELD(N_INTS + 1, PyBytes_FromStringAndSize((const char *)s->yaku_han, sizeof s->yaku_han));
    FIELD(N_INTS + 2, PyLong_FromLong(s->n_fu));
    FIELD(N_INTS + 3, PyBytes_FromStringAndSize((const char *)s->fu_what, sizeof s->fu_what));
    FIELD(N_INTS + 4, PyBytes_FromStringAndSize((const char *)s->fu_tile, sizeof s->fu_tile));
    FIELD(N_INTS + 5, PyBytes_FromStringAndSize((const char *)s->fu_value, sizeof s->fu_value));
    FIELD(N_INTS + 6, PyLong_FromLong(s->problem));
#undef FIELD
    PyObject *code = PyLong_FromLong(result);
    if (!code) goto fail;
    PyObject *pair = PyTuple_New(2);
    if (!pair) { Py_DECREF(code); goto fail; }
    PyTuple_SetItem(pair, 0, code);
    PyTuple_SetItem(pair, 1, fields);
    return pair;
fail:
    Py_DECREF(fields);
    return NULL;
}

/* rules as MJ_RULE_* bits, or -1 (the core refuses it: MJ_ERR_ARG); -2 when not an exact int */
static long rule_bits(PyObject *obj)
{
    if (!PyLong_CheckExact(obj)) return -2;
    int overflow;
    long rules = PyLong_AsLongAndOverflow(obj, &overflow);
    return overflow || rules < 0 || rules > MJ_RULES_ALL ? -1 : rules;
}

/* score(win, rules): mj_score_hand on a mj_win packed as bytes -> (result,
 * fields); None when the arguments are not bytes of the struct's size and an
 * int (mjgui.core then says what is wrong).  The scorer takes well under a
 * microsecond, so the GIL is kept. */
static PyObject *fast_score(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 2 || !PyBytes_CheckExact(args[0]) || PyBytes_Size(args[0]) != (Py_ssize_t)sizeof(mj_win))
        Py_RETURN_NONE;
    long rules = rule_bits(args[1]);
    if (rules == -2) Py_RETURN_NONE;
    mj_win w;
    mj_score s;
    memcpy(&w, PyBytes_AsString(args[0]), sizeof w);      /* bytes data need not be aligned */
    return score_answer(mj_score_hand(&w, (int)rules, &s), &s);
}

/* score_hand(hand, rules): mj_score_hand on a mjgui.hand.Hand read directly
 * (csrc/py/hand_read.c) -> (result, fields, tsumo, dealer); None for anything that reader does
 * not take (mjgui.scoring then packs the hand in Python and says what is wrong). */
static PyObject *fast_score_hand(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    mj_win w;
    long rules = nargs == 2 ? rule_bits(args[1]) : -2;
    if (rules == -2 || !mj_py_read_hand(args[0], &w)) Py_RETURN_NONE;
    mj_score s;
    PyObject *pair = score_answer(mj_score_hand(&w, (int)rules, &s), &s);
    if (!pair) return NULL;
    PyObject *answer = PyTuple_Pack(4, PyTuple_GetItem(pair, 0), PyTuple_GetItem(pair, 1),
                                    w.flags & MJ_WIN_TSUMO ? Py_True : Py_False, w.seat_wind ? Py_False : Py_True);
    Py_DECREF(pair);
    return answer;
}

static PyObject *fast_bind_hand(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (mj_py_hand_bind(args, nargs) < 0) return NULL;
    Py_RETURN_NONE;
}

static int setup(void);

static PyObject *fast_bind(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 2 || !PyCallable_Check(args[0]) || !PyCallable_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "bind(shanten_slow, batch_slow) needs two callables");
        return NULL;
    }
    if (setup() < 0) return NULL;
    mj_py_keep(&slow_shanten, args[0]);
    mj_py_keep(&slow_batch, args[1]);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"shanten", (PyCFunction)(void (*)(void))fast_shanten, METH_FASTCALL | METH_KEYWORDS,
     "shanten(counts, forms=ALL_FORMS) -> int\n\nBest shanten over `forms` (see mjgui.core)."},
    {"batch", (PyCFunction)(void (*)(void))fast_batch, METH_FASTCALL | METH_KEYWORDS,
     "batch(hands, forms=ALL_FORMS) -> int8 array\n\nShanten of each row (see mjgui.core)."},
    {"bind", (PyCFunction)(void (*)(void))fast_bind, METH_FASTCALL,
     "bind(shanten_slow, batch_slow): the Python functions for every other case"},
    {"score", (PyCFunction)(void (*)(void))fast_score, METH_FASTCALL,
     "score(win, rules) -> (result, fields) or None\n\nmj_score_hand on a packed win (see mjgui.core.score_packed)."},
    {"score_hand", (PyCFunction)(void (*)(void))fast_score_hand, METH_FASTCALL,
     "score_hand(hand, rules) -> (result, fields, tsumo, dealer) or None\n\nmj_score_hand on a mjgui.hand.Hand (see mjgui.scoring.score)."},
    {"bind_hand", (PyCFunction)(void (*)(void))fast_bind_hand, METH_FASTCALL,
     "bind_hand(Hand, Meld, Tile, Win, meld kinds, flag bits): the classes score_hand reads"},
    {NULL, NULL, 0, NULL}
};

/* The method table's entry i (NULL past the end), for PyCFunction_NewEx. */
void *mj_py_method(int i)
{
    return i >= 0 && i < (int)(sizeof methods / sizeof methods[0]) - 1 ? &methods[i] : NULL;
}

/* numpy's API table and the small ints: once, from bind() (the GIL is held there). */
static int setup(void)
{
    if (small_int[0]) return 0;
    if (_import_array() < 0) return -1;
    for (int i = 0; i < 5; i++)
        if (!(small_int[i] = PyLong_FromLong(i))) return -1;
    /* address arithmetic only when 0..4 sit at a power-of-two stride */
    uintptr_t stride = (uintptr_t)small_int[1] - (uintptr_t)small_int[0];
    int shift = -1;
    for (int b = 0; b < 12; b++)
        if (stride == (uintptr_t)1 << b) shift = b;
    for (int i = 2; i < 5 && shift >= 0; i++)
        if ((uintptr_t)small_int[i] != (uintptr_t)small_int[0] + (uintptr_t)i * stride) shift = -1;
    small_base = (uintptr_t)small_int[0];
    small_shift = shift;
    return 0;
}
