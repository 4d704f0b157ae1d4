/* csrc/py/hand_read.c: a mjgui.hand.Hand read into a mj_win (with the GIL held). */
#ifndef MJ_PY_HAND_READ_H
#define MJ_PY_HAND_READ_H
#include "limited.h"
#include "mjcore.h"

/* bind_hand(Hand, Meld, Tile, Win, MeldKind members in MJ_MELD_* order, {win word: MJ_WIN_* bit}):
 * 0, or -1 with a TypeError. */
int mj_py_hand_bind(PyObject *const *args, Py_ssize_t nargs);

/* 1 when `hand` was read into *w; 0 when it is anything the struct cannot take as it
 * stands (the caller's Python path then says what is wrong).  Never raises. */
int mj_py_read_hand(PyObject *hand, mj_win *w);

#endif
