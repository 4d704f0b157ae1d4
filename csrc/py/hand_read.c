/* A mjgui.hand.Hand read straight into a mj_win, for scoring a new Hand
 * without building Python tuples, bytes and a struct.pack first (csrc/py/fastcall.c's
 * score_hand).  Packing in Python cost ~3 µs a new Hand; this ~0.3 µs.
 *
 * Only the exact classes bound by mjgui.scoring are read, each field checked for
 * the exact type and range the struct can hold; anything else (a subclass, a
 * missing winning tile, six dora indicators, a value the struct cannot hold)
 * answers 0 and mjgui.scoring takes its Python path, which names the problem.
 * What the struct holds, the core validates in turn (counts, sizes, melds). */
#include "limited.h"
#include <string.h>
#include "mjcore.h"
#include "hand_read.h"

static PyObject *hand_type, *meld_type, *tile_type, *win_type;
static PyObject *meld_kinds[5];         /* MeldKind members in MJ_MELD_* order */
static PyObject *flag_bits;             /* {win word: MJ_WIN_* bit} */
static PyObject *flag_sets;             /* {frozenset of words: bits}, filled as met */
enum { FLAG_SETS_MAX = 1024 };

static PyObject *s_counts, *s_melds, *s_dora, *s_round, *s_seat, *s_win, *s_concealed,
    *s_kind, *s_tiles, *s_red, *s_tile, *s_flags, *s_ura, *s_honba, *s_sticks;

int mj_py_hand_bind(PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 6 || !PyType_Check(args[0]) || !PyType_Check(args[1]) || !PyType_Check(args[2])
        || !PyType_Check(args[3]) || !PyTuple_CheckExact(args[4]) || PyTuple_Size(args[4]) != 5
        || !PyDict_CheckExact(args[5])) {
        PyErr_SetString(PyExc_TypeError, "bind_hand(Hand, Meld, Tile, Win, meld kinds (5), {flag: bit})");
        return -1;
    }
    struct { PyObject **name; const char *text; } names[] = {
        {&s_counts, "_counts"}, {&s_melds, "melds"}, {&s_dora, "dora_indicators"}, {&s_round, "round_wind"},
        {&s_seat, "seat_wind"}, {&s_win, "win"}, {&s_concealed, "concealed"}, {&s_kind, "kind"},
        {&s_tiles, "tiles"}, {&s_red, "red"}, {&s_tile, "tile"}, {&s_flags, "flags"},
        {&s_ura, "ura_indicators"}, {&s_honba, "honba"}, {&s_sticks, "sticks"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!*names[i].name && !(*names[i].name = PyUnicode_InternFromString(names[i].text))) return -1;
    if (!flag_sets && !(flag_sets = PyDict_New())) return -1;
    PyDict_Clear(flag_sets);
    PyObject *keep[4] = {args[0], args[1], args[2], args[3]};
    PyObject **slot[4] = {&hand_type, &meld_type, &tile_type, &win_type};
    for (int i = 0; i < 4; i++) mj_py_keep(slot[i], keep[i]);
    for (int i = 0; i < 5; i++) mj_py_keep(&meld_kinds[i], PyTuple_GetItem(args[4], i));
    mj_py_keep(&flag_bits, args[5]);
    return 0;
}

/* obj.name as an exact int in [0, hi], else -1 (a failed lookup's error is cleared). */
static long int_attr(PyObject *obj, PyObject *name, long hi)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) { PyErr_Clear(); return -1; }
    long x = -1;
    if (PyLong_CheckExact(v)) {
        int overflow;
        x = PyLong_AsLongAndOverflow(v, &overflow);
        if (overflow || x < 0 || x > hi) x = -1;
    }
    Py_DECREF(v);
    return x;
}

/* An exact Tile's kind 0..33, else -1. */
static int tile_kind(PyObject *tile)
{
    return (PyObject *)Py_TYPE(tile) == tile_type ? (int)int_attr(tile, s_kind, MJ_KINDS - 1) : -1;
}

/* The red-five bits (bit 0 5m, 1 5p, 2 5s) of a tuple of tiles; -1 when an item is not a
 * Tile.  Most tiles are not red: their kind is read only when they are. */
static int red_bits(PyObject *tiles)
{
    int bits = 0;
    for (Py_ssize_t i = 0; i < PyTuple_Size(tiles); i++) {
        PyObject *tile = PyTuple_GetItem(tiles, i);
        if ((PyObject *)Py_TYPE(tile) != tile_type) return -1;
        PyObject *r = PyObject_GetAttr(tile, s_red);
        if (!r) { PyErr_Clear(); return -1; }
        Py_DECREF(r);                    /* compared by address only */
        if (r == Py_False) continue;
        int kind = r == Py_True ? tile_kind(tile) : -1;
        if (kind != 4 && kind != 13 && kind != 22) return -1;
        bits |= 1 << (kind / 9);
    }
    return bits;
}

/* Up to `max` indicator kinds of a tuple of Tiles into out; the count, or -1. */
static int indicators(PyObject *obj, PyObject *name, uint8_t *out, int max)
{
    PyObject *t = PyObject_GetAttr(obj, name);
    if (!t) { PyErr_Clear(); return -1; }
    int n = -1;
    if (PyTuple_CheckExact(t) && PyTuple_Size(t) <= max) {
        n = (int)PyTuple_Size(t);
        for (int i = 0; i < n && n >= 0; i++) {
            int kind = tile_kind(PyTuple_GetItem(t, i));
            if (kind < 0) n = -1;
            else out[i] = (uint8_t)kind;
        }
    }
    Py_DECREF(t);
    return n;
}

/* MJ_WIN_* bits of a frozenset of win words (cached per distinct set), or -1. */
static long win_flags(PyObject *flags)
{
    if (!PyFrozenSet_CheckExact(flags)) return -1;
    PyObject *known = PyDict_GetItemWithError(flag_sets, flags);
    if (known) return PyLong_AsLong(known);
    if (PyErr_Occurred()) { PyErr_Clear(); return -1; }
    long bits = 0;
    PyObject *it = PyObject_GetIter(flags), *word;
    if (!it) { PyErr_Clear(); return -1; }
    while ((word = PyIter_Next(it))) {
        PyObject *bit = PyUnicode_CheckExact(word) ? PyDict_GetItemWithError(flag_bits, word) : NULL;
        Py_DECREF(word);
        if (!bit || !PyLong_CheckExact(bit)) { bits = -1; break; }
        bits |= PyLong_AsLong(bit);
    }
    Py_DECREF(it);
    if (PyErr_Occurred()) { PyErr_Clear(); return -1; }
    if (bits >= 0 && bits <= MJ_WIN_ALL && PyDict_Size(flag_sets) < FLAG_SETS_MAX) {
        PyObject *value = PyLong_FromLong(bits);
        if (!value || PyDict_SetItem(flag_sets, flags, value) < 0) PyErr_Clear();
        Py_XDECREF(value);
    }
    return bits <= MJ_WIN_ALL ? bits : -1;
}

/* The melds into w (types, base kinds, red bits); 0 on anything unexpected. */
static int read_melds(PyObject *melds, mj_win *w, int *red)
{
    if (!PyTuple_CheckExact(melds) || PyTuple_Size(melds) > 4) return 0;
    w->n_melds = (uint8_t)PyTuple_Size(melds);
    for (int m = 0; m < w->n_melds; m++) {
        PyObject *meld = PyTuple_GetItem(melds, m);
        if ((PyObject *)Py_TYPE(meld) != meld_type) return 0;
        PyObject *kind = PyObject_GetAttr(meld, s_kind);
        if (!kind) { PyErr_Clear(); return 0; }
        Py_DECREF(kind);                 /* the members are kept alive by meld_kinds */
        int type = -1;
        for (int i = 0; i < 5; i++)
            if (kind == meld_kinds[i]) type = i;
        PyObject *tiles = PyObject_GetAttr(meld, s_tiles);
        if (!tiles) { PyErr_Clear(); return 0; }
        int ok = type >= 0 && PyTuple_CheckExact(tiles) && PyTuple_Size(tiles) >= 3
                 && PyTuple_Size(tiles) <= 4;
        int base = ok ? tile_kind(PyTuple_GetItem(tiles, 0)) : -1;
        int five = base >= 0 && base < 27 && base % 9 <= 4 && base % 9 >= (type == MJ_MELD_CHI ? 2 : 4);
        int bits = base < 0 ? -1 : five ? red_bits(tiles) : 0;
        Py_DECREF(tiles);
        if (bits < 0) return 0;
        *red |= bits;
        w->meld_type[m] = (uint8_t)type;
        w->meld_tile[m] = (uint8_t)base;     /* the tiles are sorted: a chi's lowest */
    }
    return 1;
}

/* The concealed counts into w; their red fives are read only when a five is held. */
static int read_concealed(PyObject *hand, mj_win *w, int *red)
{
    PyObject *counts = PyObject_GetAttr(hand, s_counts);
    if (!counts) { PyErr_Clear(); return 0; }
    int ok = PyBytes_CheckExact(counts) && PyBytes_Size(counts) == MJ_KINDS;
    if (ok) memcpy(w->counts, PyBytes_AsString(counts), MJ_KINDS);
    Py_DECREF(counts);
    if (!ok) return 0;
    if (!(w->counts[4] | w->counts[13] | w->counts[22])) return 1;
    PyObject *tiles = PyObject_GetAttr(hand, s_concealed);
    if (!tiles) { PyErr_Clear(); return 0; }
    int bits = PyTuple_CheckExact(tiles) && PyTuple_Size(tiles) <= 18 ? red_bits(tiles) : -1;
    Py_DECREF(tiles);
    if (bits < 0) return 0;
    *red |= bits;
    return 1;
}

/* The win situation into w: winning tile, flags, ura indicators, counters. */
static int read_win(PyObject *hand, mj_win *w)
{
    PyObject *win = PyObject_GetAttr(hand, s_win);
    if (!win) { PyErr_Clear(); return 0; }
    int ok = 0;
    if ((PyObject *)Py_TYPE(win) == win_type) {
        /* each lookup's error cleared before the next call into Python */
        PyObject *tile = PyObject_GetAttr(win, s_tile);
        if (!tile) PyErr_Clear();
        int kind = tile && tile != Py_None ? tile_kind(tile) : -1;
        Py_XDECREF(tile);
        if (PyErr_Occurred()) PyErr_Clear();
        PyObject *flags = kind >= 0 ? PyObject_GetAttr(win, s_flags) : NULL;
        if (!flags) PyErr_Clear();
        long bits = flags ? win_flags(flags) : -1;
        Py_XDECREF(flags);
        if (PyErr_Occurred()) PyErr_Clear();
        int n_ura = kind >= 0 && bits >= 0 ? indicators(win, s_ura, w->ura, 5) : -1;
        long honba = n_ura >= 0 ? int_attr(win, s_honba, UINT16_MAX) : -1;
        long sticks = honba >= 0 ? int_attr(win, s_sticks, UINT16_MAX) : -1;
        if (sticks >= 0) {
            w->win_tile = (uint8_t)kind;
            w->flags = (uint16_t)bits;
            w->n_ura = (uint8_t)n_ura;
            w->honba = (uint16_t)honba;
            w->sticks = (uint16_t)sticks;
            ok = 1;
        }
    }
    Py_DECREF(win);
    return ok;
}

int mj_py_read_hand(PyObject *hand, mj_win *w)
{
    if (!hand_type || (PyObject *)Py_TYPE(hand) != hand_type) return 0;
    memset(w, 0, sizeof *w);
    int red = 0;
    PyObject *melds = PyObject_GetAttr(hand, s_melds);
    if (!melds) { PyErr_Clear(); return 0; }
    int ok = read_melds(melds, w, &red);
    Py_DECREF(melds);
    if (!ok || !read_concealed(hand, w, &red) || !read_win(hand, w)) return 0;
    long round = int_attr(hand, s_round, 3), seat = int_attr(hand, s_seat, 3);
    int n_dora = round >= 0 && seat >= 0 ? indicators(hand, s_dora, w->dora, 5) : -1;
    if (n_dora < 0) return 0;
    w->round_wind = (uint8_t)round;
    w->seat_wind = (uint8_t)seat;
    w->n_dora = (uint8_t)n_dora;
    w->red = (uint8_t)red;
    return 1;
}
