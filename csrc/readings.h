/* Internal: a won hand's readings as the expected-value search needs them
 * (csrc/scoring.c fills them, csrc/ev.c values them).
 *
 * Riichi, double riichi, ippatsu, haitei and houtei each add the same han to
 * every reading, and a red five drawn adds one dora: so one scoring of a
 * wait gives every variant, if it keeps each reading that can still be the
 * best after such additions.  A reading whose yaku han and fu are both at
 * most another's never pays more nor wins a tie (the scorer breaks ties by
 * yakuman, then han, then fu), and a yakuman beats every other reading: only
 * the yakuman reading or the (han, fu) frontier is kept. */
#ifndef MJ_READINGS_H
#define MJ_READINGS_H

#include "mjcore.h"

#define MJ_MAX_READINGS 8

typedef struct {
    int16_t han;                      /* the yaku's han, no dora (0: no yaku), or 13 x yakuman */
    int16_t fu;
    int16_t yakuman;
} mj_reading_value;

typedef struct {
    int n;                            /* readings kept; -1: more than MJ_MAX_READINGS (score each variant) */
    int dora;                         /* dora, ura and red han of the hand, the same in every reading */
    mj_reading_value r[MJ_MAX_READINGS];
} mj_readings;

/* The readings of the complete hand `win` (as mj_score_hand).  Returns 1 with
 * out filled, or the MJ_ERR_* code of mj_score_hand. */
int mj_score_readings(const mj_win *win, int rules, mj_readings *out);

/* The readings of `win` (flags MJ_WIN_TSUMO) into *tsumo and of the same win
 * by ron (flags 0) into *ron, each as mj_score_readings gives it, the hand
 * checked and split once.  Returns the tsumo's result; *ron_result the ron's. */
int mj_score_readings_both(const mj_win *win, int rules, mj_readings *tsumo, mj_readings *ron, int *ron_result);

#endif
