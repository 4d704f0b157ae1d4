/* mjgui core: exact shanten, agari, decompositions, waits and ukeire.
 *
 * A hand is 34 tile counts (0-8 man 1-9, 9-17 pin, 18-26 sou, 27-33 E S W N
 * White Green Red) of the concealed tiles: n tiles, n % 3 == 1 or 2, n <= 14,
 * each count 0..4.  k = n / 3 melds are still to be made; the other 4 - k are
 * open.  Every entry point validates its hand and returns MJ_ERR_* (all
 * <= -100) instead of reading a table out of bounds.
 *
 * Shanten is exact: (minimum number of draws that complete the hand, never
 * holding a fifth copy of a tile) - 1.  Tenpai = 0, complete = -1.
 *
 * Open hands: the `_capped` entry points also take caps[34], the copies of
 * each kind the concealed part may use (4 minus the copies in the player's
 * own melds, red fives counted as fives; NULL means 4 everywhere), so no
 * completion, wait or draw ever needs a copy a meld holds (docs/engine.md).
 * A count above its cap, a cap above 4, caps that leave no complete hand, or
 * a cap below 4 with seven pairs or thirteen orphans asked of a 13/14-tile
 * hand is MJ_ERR_CAP.  The plain entry points are the capped ones with
 * caps = NULL.
 */
#ifndef MJCORE_H
#define MJCORE_H

#include <stddef.h>
#include <stdint.h>

#define MJ_KINDS 34
#define MJ_MAX_DECOMPS 64          /* more than any complete hand has */

/* forms, OR-ed together */
#define MJ_REGULAR 1               /* melds + pair */
#define MJ_CHIITOI 2               /* seven distinct pairs, 13/14 tiles only */
#define MJ_KOKUSHI 4               /* thirteen orphans, 13/14 tiles only */
#define MJ_ALL_FORMS 7

/* results that are not a shanten number */
#define MJ_NOT_APPLICABLE (-100)   /* form needs 13/14 tiles, or no form asked */
#define MJ_ERR_COUNT (-101)        /* a count above 4 */
#define MJ_ERR_SIZE (-102)         /* tile total not 3k+1 / 3k+2 up to 14 */
#define MJ_ERR_SHAPE (-103)        /* 3k+1 hand where 3k+2 is needed or back */
#define MJ_ERR_ARG (-104)          /* NULL pointer or bad forms / capacity */
#define MJ_ERR_CAP (-105)          /* a count above its cap, or a bad cap */

#define MJ_BATCH_INVALID (-128)    /* batch output of a row that fails validation */
#define MJ_NOT_HELD 127            /* discard table: kind not in the hand */

/* Tile total of a valid hand, else MJ_ERR_COUNT / MJ_ERR_SIZE / MJ_ERR_ARG. */
int mj_validate(const uint8_t *counts);

int mj_shanten_regular(const uint8_t *counts);
int mj_shanten_chiitoi(const uint8_t *counts);   /* MJ_NOT_APPLICABLE below 13 */
int mj_shanten_kokushi(const uint8_t *counts);
/* Best shanten over the forms in `forms`. */
int mj_shanten(const uint8_t *counts, int forms);
int mj_shanten_capped(const uint8_t *counts, const uint8_t *caps, int forms);

/* Regular-form shanten toward `melds` melds + a pair, for any counts of at
 * most 14 tiles (the size need not be 3k+1 / 3k+2): yaku-aware checks remove
 * tiles and ask what the rest still needs. */
int mj_shanten_melds(const uint8_t *counts, int melds);
int mj_shanten_melds_capped(const uint8_t *counts, const uint8_t *caps, int melds);

/* 3k+2 hand: 1 if complete in one of `forms`, 0 if not, or an error. */
int mj_is_agari(const uint8_t *counts, int forms);

/* Ukeire (受け入れ) of a 3k+1 hand: sets bit t of *mask for each kind t (held
 * fewer than 4 times) whose draw lowers the shanten over `forms`.  Returns
 * the hand's shanten.  At tenpai the mask is the waits (待ち). */
int mj_ukeire(const uint8_t *counts, int forms, uint64_t *mask);
/* ... never a kind whose draw would exceed its cap. */
int mj_ukeire_capped(const uint8_t *counts, const uint8_t *caps, int forms, uint64_t *mask);

/* Per-discard table of a 3k+2 hand: for every kind d, shanten_after[d] is the
 * shanten of the hand without one d (MJ_NOT_HELD when d is not held) and
 * ukeire[d] the ukeire mask of that 3k+1 hand (both arrays hold 34 entries).
 * Returns the 3k+2 shanten. */
int mj_discard_table(const uint8_t *counts, int forms,
                     int8_t *shanten_after, uint64_t *ukeire);
int mj_discard_table_capped(const uint8_t *counts, const uint8_t *caps, int forms,
                            int8_t *shanten_after, uint64_t *ukeire);

/* Calls (鳴き) on a 3k+1 hand with k >= 1: for every kind t, the best regular
 * shanten after calling t and making a legal discard.  Kuikae (喰い替え) is
 * banned: no discard of the called kind, nor, after a chi on an end of the
 * run, of the tile extending the run at the other end.  pon[t] for a pon of
 * t; chi[3 * t + j] for the chi of t as the lowest (j = 0), middle (1) or
 * highest (2) tile of the run.  MJ_NOT_HELD where the call is impossible
 * (the called copy must exist: held + 1 <= cap).  The call's three tiles join
 * the melds, lowering the caps of their kinds for what follows.
 * Returns the hand's regular shanten. */
int mj_call_table(const uint8_t *counts, int8_t *pon, int8_t *chi);
int mj_call_table_capped(const uint8_t *counts, const uint8_t *caps, int8_t *pon, int8_t *chi);

/* What `mj_analyze` adds to the discard table, per discard. */
typedef struct {
    int8_t shanten;             /* after the discard; MJ_NOT_HELD when not held */
    uint64_t ukeire;            /* kinds whose draw lowers that shanten */
    uint32_t ukeire_total;      /* their remaining copies */
    uint64_t improvements;      /* tenpai / 1-shanten: draws keeping the shanten after
                                   which the best discard widens the ukeire or, at
                                   tenpai, waits on two kinds or more where it did not */
    uint32_t improvement_total; /* their remaining copies */
    uint32_t good_shape;        /* 1-shanten: remaining copies of the ukeire after which
                                   a discard leaves a wait on two kinds or more */
    uint64_t second_step;       /* 1-shanten or more: sum over ukeire t of remaining[t]
                                   x the best ukeire total after drawing t */
} mj_discard_analysis;

#define MJ_WITH_IMPROVEMENTS 1
#define MJ_WITH_GOOD_SHAPE 2
#define MJ_WITH_SECOND_STEP 4

/* The discard table of a 3k+2 hand weighted by `remaining` (34 counts 0..4 of
 * copies not seen: the caller counts the hand, melds and visible tiles) with
 * the extras selected by `what`; rows[34].  After drawing t, t counts one
 * copy fewer.  Returns the hand's shanten. */
int mj_analyze(const uint8_t *counts, int forms, const uint8_t *remaining, int what,
               mj_discard_analysis *rows);
int mj_analyze_capped(const uint8_t *counts, const uint8_t *caps, int forms,
                      const uint8_t *remaining, int what, mj_discard_analysis *rows);

/* The same figures for a 3k+1 hand as it stands (one row).  Returns its shanten. */
int mj_analyze_hand(const uint8_t *counts, int forms, const uint8_t *remaining, int what,
                    mj_discard_analysis *row);
int mj_analyze_hand_capped(const uint8_t *counts, const uint8_t *caps, int forms,
                           const uint8_t *remaining, int what, mj_discard_analysis *row);

/* One decomposition of a complete regular hand: the pair and k melds.  A run
 * is named by its lowest tile. */
typedef struct {
    uint8_t pair;
    uint8_t n_melds;
    uint8_t meld_tile[4];
    uint8_t meld_is_run[4];
} mj_decomposition;

/* Every distinct decomposition of a 3k+2 hand into k melds + a pair (0 when
 * the hand is not complete).  Writes at most `capacity`, returns the count. */
int mj_decompositions(const uint8_t *counts, mj_decomposition *out, int capacity);

/* Best shanten over `forms` of n hands laid out as n x 34 counts; a row that
 * fails validation gets MJ_BATCH_INVALID.  Returns how many rows failed, or
 * MJ_ERR_ARG. */
long mj_shanten_batch(const uint8_t *hands, long n, int forms, int8_t *out);

/* Exact regular-shanten census of all hands of n = 0..14 tiles:
 * hands[n][s + 1] distinct count vectors with shanten s, weighted[n][s + 1]
 * the number of n-tile subsets of the 136 physical tiles.  n % 3 == 0 rows
 * stay zero.  Returns 0 (-1 if the tables were inconsistent). */
int mj_census(uint64_t hands[15][10], uint64_t weighted[15][10]);

#endif
