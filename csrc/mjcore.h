/* mjgui core: exact shanten, agari, decompositions, waits and ukeire, the
 * scorer and the expected-value search.  What it exports, in this order:
 *
 *   hands        mj_validate
 *   shanten      mj_shanten, mj_shanten_regular / _chiitoi / _kokushi,
 *                mj_shanten_capped, mj_shanten_melds(_capped), mj_shanten_batch
 *   agari        mj_is_agari, mj_decompositions
 *   draws        mj_ukeire(_capped), mj_discard_table(_capped),
 *                mj_discard_shanten_all, mj_call_table(_capped)
 *   analysis     mj_analyze(_capped), mj_analyze_hand(_capped): a hand's
 *                whole per-discard table in one call
 *   census       mj_census (how many hands of each size have each shanten)
 *   scoring      mj_score_hand, mj_score_batch, mj_points (csrc/scoring.c,
 *                docs/scoring.md)
 *   yaku reach   mj_yaku_reach (csrc/reach.c, docs/yaku.md)
 *   expected     mj_ev (simple model), mj_ev_model (simple or full; csrc/ev.c,
 *   value        docs/ev.md)
 * and csrc/py/fastcall.c adds mj_py_method, the CPython entries of
 * core.shanten, shanten_batch and score_packed (docs/engine.md).
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
/* Only the shanten after each discard of a 3k+2 hand, by the expected-value
 * search's path (csrc/draws.h: one suit class per discard, the special forms
 * from the whole hand's numbers); MJ_NOT_HELD for kinds not held.  Returns 0
 * or MJ_ERR_*. */
int mj_discard_shanten_all(const uint8_t *counts, int forms, int8_t *shanten_after);

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

/* ---- scoring (点数計算) ------------------------------------------------- */

/* Open melds and quads of a winning hand. */
#define MJ_MELD_CHI 0
#define MJ_MELD_PON 1
#define MJ_MELD_KAN 2              /* open quad called from a discard (大明槓) */
#define MJ_MELD_ANKAN 3            /* closed quad (暗槓): the hand stays closed */
#define MJ_MELD_KAKAN 4            /* quad added to a pon (加槓) */

/* How the hand was won, OR-ed together (ron when MJ_WIN_TSUMO is absent). */
#define MJ_WIN_TSUMO 1
#define MJ_WIN_RIICHI 2
#define MJ_WIN_DOUBLE_RIICHI 4
#define MJ_WIN_IPPATSU 8
#define MJ_WIN_HAITEI 16           /* tsumo on the last tile of the wall */
#define MJ_WIN_HOUTEI 32           /* ron on the last discard */
#define MJ_WIN_RINSHAN 64          /* tsumo on a kan's replacement tile */
#define MJ_WIN_CHANKAN 128         /* ron on a tile added to a pon */
#define MJ_WIN_TENHOU 256
#define MJ_WIN_CHIIHOU 512
#define MJ_WIN_ALL 1023

/* Rule switches, OR-ed together. */
#define MJ_RULE_OPEN_TANYAO 1      /* kuitan: tanyao with open melds */
#define MJ_RULE_RED_FIVES 2        /* red fives are dora */
#define MJ_RULE_DOUBLE_YAKUMAN 4   /* 13-sided kokushi, suuankou tanki, nine-sided chuuren, daisuushii */
#define MJ_RULE_KIRIAGE 8          /* 4 han 30 fu and 3 han 60 fu round up to mangan */
#define MJ_RULE_KAZOE 16           /* 13 han or more is a yakuman (else sanbaiman) */
#define MJ_RULE_DOUBLE_WIND_4FU 32 /* a pair of the seat wind that is also the round wind: 4 fu */
#define MJ_RULES_ALL 63

/* A complete hand and how it was won. */
typedef struct {
    uint8_t counts[MJ_KINDS];  /* concealed tiles, the winning tile included: 14 - 3 x melds */
    uint8_t n_melds;
    uint8_t meld_type[4];      /* MJ_MELD_* */
    uint8_t meld_tile[4];      /* a chi's lowest kind, else the kind */
    uint8_t win_tile;          /* kind; one of the concealed tiles */
    uint8_t round_wind;        /* 0..3 = E S W N */
    uint8_t seat_wind;         /* 0..3; East is the dealer */
    uint8_t n_dora, n_ura;     /* indicators, at most 5 each (kan dora included) */
    uint8_t dora[5], ura[5];   /* indicator kinds; ura count only with riichi */
    uint8_t red;               /* red fives held (concealed or melded): bit 0 5m, 1 5p, 2 5s */
    uint16_t flags;            /* MJ_WIN_* */
    uint16_t honba, sticks;    /* counters on the table, riichi sticks to collect */
} mj_win;

/* Yaku ids, in the order players list them.  From MJ_Y_FIRST_YAKUMAN on,
 * yaku_han holds yakuman multiples; the last three are dora, not yaku. */
enum {
    MJ_Y_RIICHI, MJ_Y_DOUBLE_RIICHI, MJ_Y_IPPATSU, MJ_Y_TSUMO, MJ_Y_PINFU, MJ_Y_IIPEIKOU,
    MJ_Y_HAITEI, MJ_Y_HOUTEI, MJ_Y_RINSHAN, MJ_Y_CHANKAN, MJ_Y_TANYAO,
    MJ_Y_HAKU, MJ_Y_HATSU, MJ_Y_CHUN, MJ_Y_SEAT_WIND, MJ_Y_ROUND_WIND,
    MJ_Y_CHANTA, MJ_Y_ITTSU, MJ_Y_SANSHOKU, MJ_Y_SANSHOKU_DOUKOU, MJ_Y_SANKANTSU, MJ_Y_TOITOI,
    MJ_Y_SANANKOU, MJ_Y_SHOUSANGEN, MJ_Y_HONROUTOU, MJ_Y_CHIITOITSU, MJ_Y_HONITSU,
    MJ_Y_JUNCHAN, MJ_Y_RYANPEIKOU, MJ_Y_CHINITSU,
    MJ_Y_KOKUSHI, MJ_Y_KOKUSHI_13, MJ_Y_SUUANKOU, MJ_Y_SUUANKOU_TANKI,
    MJ_Y_DAISANGEN, MJ_Y_SHOUSUUSHII, MJ_Y_DAISUUSHII, MJ_Y_TSUUIISOU, MJ_Y_CHINROUTOU,
    MJ_Y_RYUUIISOU, MJ_Y_CHUUREN, MJ_Y_CHUUREN_9, MJ_Y_SUUKANTSU, MJ_Y_TENHOU, MJ_Y_CHIIHOU,
    MJ_Y_DORA, MJ_Y_URA, MJ_Y_RED,
    MJ_Y_COUNT
};
#define MJ_Y_FIRST_YAKUMAN MJ_Y_KOKUSHI

/* Where the fu came from (fu_what), with the tile concerned in fu_tile. */
enum {
    MJ_FU_BASE, MJ_FU_CLOSED_RON, MJ_FU_TSUMO, MJ_FU_OPEN_TRIPLET, MJ_FU_CLOSED_TRIPLET,
    MJ_FU_OPEN_KAN, MJ_FU_CLOSED_KAN, MJ_FU_VALUE_PAIR, MJ_FU_WAIT, MJ_FU_OPEN_PINFU, MJ_FU_CHIITOI
};

enum { MJ_WAIT_RYANMEN, MJ_WAIT_KANCHAN, MJ_WAIT_PENCHAN, MJ_WAIT_SHANPON, MJ_WAIT_TANKI,
       MJ_WAIT_THIRTEEN };

enum { MJ_LIMIT_NONE, MJ_LIMIT_MANGAN, MJ_LIMIT_HANEMAN, MJ_LIMIT_BAIMAN, MJ_LIMIT_SANBAIMAN,
       MJ_LIMIT_KAZOE, MJ_LIMIT_YAKUMAN };

/* Why a win was refused (problem), with MJ_ERR_WIN / MJ_ERR_NOT_COMPLETE. */
enum {
    MJ_PROBLEM_NONE, MJ_PROBLEM_NOT_COMPLETE, MJ_PROBLEM_WIN_TILE, MJ_PROBLEM_RED,
    MJ_PROBLEM_TWO_RIICHI, MJ_PROBLEM_RIICHI_OPEN, MJ_PROBLEM_IPPATSU, MJ_PROBLEM_HAITEI,
    MJ_PROBLEM_HOUTEI, MJ_PROBLEM_RINSHAN, MJ_PROBLEM_CHANKAN, MJ_PROBLEM_CHANKAN_TILE,
    MJ_PROBLEM_TENHOU
};

#define MJ_ERR_NOT_COMPLETE (-105) /* scoring: the tiles are not a complete hand */
#define MJ_ERR_WIN (-106)          /* scoring: the win is impossible as described (see problem) */

#define MJ_MAX_YAKU 16
#define MJ_MAX_FU 10

typedef struct {
    int16_t han;               /* yaku + dora; 13 per yakuman; 0 when there is no yaku */
    int16_t fu;                /* rounded up to 10 (seven pairs 25, thirteen orphans 0) */
    int16_t yakuman;           /* yakuman multiples (kazoe yakuman counts 0 here) */
    uint8_t limit;             /* MJ_LIMIT_* */
    uint8_t wait;              /* MJ_WAIT_* of the reading scored */
    int32_t base;              /* base points: fu x 2^(han + 2), or the limit's */
    int32_t total;             /* what the payers pay together, before honba and sticks */
    int32_t received;          /* total + honba + riichi sticks: the winner's gain */
    int32_t pay_ron;           /* ron: the discarder pays this */
    int32_t pay_dealer;        /* tsumo by a non-dealer: the dealer pays this */
    int32_t pay_other;         /* tsumo: each non-dealer pays this */
    uint8_t n_yaku;
    uint8_t yaku[MJ_MAX_YAKU]; /* MJ_Y_* */
    uint8_t yaku_han[MJ_MAX_YAKU];
    uint8_t n_fu;              /* the fu before rounding, item by item */
    uint8_t fu_what[MJ_MAX_FU], fu_tile[MJ_MAX_FU], fu_value[MJ_MAX_FU];
    uint8_t problem;           /* MJ_PROBLEM_* when the call failed */
} mj_score;

/* Score one complete hand under `rules` (MJ_RULE_*), every reading tried and
 * the best kept.  Returns 1 when it wins, 0 when it is complete but has no
 * yaku, or MJ_ERR_* (MJ_ERR_NOT_COMPLETE / MJ_ERR_WIN with out->problem set,
 * MJ_ERR_COUNT / MJ_ERR_SIZE / MJ_ERR_ARG for a malformed description). */
int mj_score_hand(const mj_win *win, int rules, mj_score *out);

/* What han and fu (or yakuman multiples) pay under `rules`: returns the payers'
 * total; payments[0..1] = (ron, 0), a dealer's tsumo (each, 0) or a non-dealer's
 * (each non-dealer, the dealer).  MJ_ERR_ARG for values no hand has. */
int32_t mj_points(int han, int fu, int yakuman, int rules, int tsumo, int dealer, int32_t *payments);

/* mj_score_hand over n hands, status[i] its result; returns how many failed
 * (their out rows are zero but for problem), or MJ_ERR_ARG. */
long mj_score_batch(const mj_win *wins, long n, int rules, mj_score *out, int8_t *status);

/* ---- yaku reachability from the scorer (csrc/reach.c, docs/yaku.md) ---- */

#define MJ_REACH_ALL 0             /* every yaku reachable within fastest + extra draws */
#define MJ_REACH_CHEAPEST 1        /* stop at the first of the cheapest completions with a yaku by ron */
#define MJ_REACH_MAX_EXTRA 6
#define MJ_REACH_MAX_SCORED 4000000    /* the default limit: above every search with a meld */
#define MJ_ERR_LIMIT (-109)            /* the search would score more than its limit */

typedef struct {
    int8_t shanten;            /* plain regular shanten toward the melds still to make */
    int8_t cost[MJ_Y_COUNT];   /* per yaku id: fewest draws to a completion the scorer gives it
                                  as a ron on a tile still to draw, -1 none found (tsumo and the
                                  dora are never set) */
    int8_t tsumo_cost[MJ_Y_COUNT]; /* the same by tsumo, a ron's yaku included (so
                                  sanankou on a shanpon, which no ron gives) */
    long scored;               /* completions scored */
} mj_reach;

/* The completions of `counts` (3k+1 or 3k+2 concealed tiles, k = 4 - context->n_melds)
 * within shanten + 1 + extra draws, each scored under `rules` with the context's melds and
 * winds (its counts, win tile, dora and flags are ignored).  0, or MJ_ERR_* (MJ_ERR_LIMIT
 * when more than `limit` completions would be scored, 0 meaning MJ_REACH_MAX_SCORED: a
 * closed hand with many extra draws has millions, a hand with a meld about 10^6 at most). */
int mj_yaku_reach(const mj_win *context, const uint8_t *counts, int rules, int extra, int mode,
                  long limit, mj_reach *out);

/* ---- expected value per discard (the simple one-player model, docs/ev.md) ---- */

#define MJ_EV_IPPATSU 1            /* a win on the draw right after riichi scores ippatsu */
#define MJ_EV_HAITEI 2             /* a win on draw 17 scores haitei */
#define MJ_EV_URA 4                /* ura dora, averaged over the unseen tiles */
#define MJ_EV_DOUBLE_RIICHI 8      /* tenpai with the first discard (turn 1) is a double riichi */
#define MJ_EV_SHANTEN_BACK 16      /* simple model: a discard may raise the shanten by one (docs/ev.md) */
#define MJ_EV_TEGAWARI 32          /* simple model: a draw that keeps the shanten may be kept */
#define MJ_EV_BEST_ONLY 64         /* only the discards keeping the hand's shanten are searched (the
                                      others' rows stay zero but for shanten): the plain setting of
                                      the published simulators, for like-for-like timings */
#define MJ_EV_ALL 127
#define MJ_EV_MAX_SHANTEN 3        /* deeper discards are not searched (their row stays zero) */
#define MJ_EV_VALUES 19            /* value arrays are indexed by draw number t, 0..18 */
#define MJ_ERR_MEMORY (-107)       /* the search ran out of memory */

#define MJ_ERR_CANCELLED (-108)    /* the search was cancelled through its flag */

/* One discard of mj_ev: the shanten after it and, for each draw t from the
 * turn on, the value when the draws t .. last remain (index last + 1: none
 * left; the full model still counts the opponents' last discards there). */
typedef struct {
    int8_t shanten;            /* MJ_NOT_HELD when the kind is not held */
    int8_t choices;            /* tenpai rows: bit 0 riichi_*, bit 1 dama_* filled */
    double tenpai[MJ_EV_VALUES];   /* probability of being tenpai after the last draw */
    double win[MJ_EV_VALUES];      /* probability of winning */
    double score[MJ_EV_VALUES];    /* expected points received */
    double riichi_win[MJ_EV_VALUES], riichi_score[MJ_EV_VALUES];  /* tenpai: riichi now */
    double dama_win[MJ_EV_VALUES], dama_score[MJ_EV_VALUES];      /* tenpai: wait without riichi */
} mj_ev_row;

/* Expected values of every discard of the 3k+2 hand in hand->counts (its
 * melds, winds, dora indicators and red fives as in mj_win; the win fields are
 * ignored), `turn` 1..17 the draw just made, `options` MJ_EV_*, `rules`
 * MJ_RULE_*; rows[34].  *states (if given) gets the states searched.
 * Returns the hand's shanten or MJ_ERR_*.  The simple model. */
int mj_ev(const mj_win *hand, int turn, int options, int rules, mj_ev_row *rows, long *states);

/* The model and its parameters (docs/ev.md). */
typedef struct {
    int turn, options, rules;
    int full;                  /* 0: the simple model; 1: the full model (the fields below) */
    uint8_t seen[MJ_KINDS];    /* full: copies seen besides the hand, melds and indicators */
    int n_visible;             /* full: tiles of other players seen (out of the draw pool) */
    uint64_t furiten;          /* full: kinds among the own discards (bit per kind) */
    uint8_t red_seen;          /* red fives out of the wall (indicators, seen): bit per suit */
    double ron_dama, ron_riichi;   /* full: share of the live tiles each opponent discard can be */
    int calls;                 /* full: 1 searches one pon (any opponent) or chi (left) per line */
    double call_share;         /* full, calls: share of the live tiles each opponent discard can be */
    int *cancel;               /* NULL, or polled: nonzero stops with MJ_ERR_CANCELLED */
    int threads;               /* 0 or 1: one thread; 2: a 2-shanten hand's discards shared by two
                                * threads, each with its own memo (the same values; the states add up) */
} mj_ev_params;

int mj_ev_model(const mj_win *hand, const mj_ev_params *params, mj_ev_row *rows, long *states);

#endif
