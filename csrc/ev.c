/* Expected value per discard under the simple one-player model (docs/ev.md).
 *
 * Only the player acts.  After the discard come the draws t = turn .. 17; at
 * draw t a tile x turns up with probability wall(x) / (S - t), where wall(x) =
 * 4 - copies in the hand (melds included) - copies among the dora indicators
 * (red fives: one red and three plain copies, separate tiles) and S = 136 -
 * 14 - indicators.  A draw that lowers the shanten is kept, with the best
 * discard that keeps the new shanten; any other draw is thrown back.  A
 * closed hand declares riichi as it reaches tenpai and waits; a win is a
 * tsumo scored with the C scorer.  Each number (tenpai probability, win
 * probability, expected points) is maximised on its own at every choice.
 *
 * The value of a 13-tile state depends on the draw it starts from, so every
 * state keeps a vector over t: V[t] = (sum over kept draws of weight x the
 * best child at t + 1 + (S - t - kept weight) x V[t + 1]) / (S - t).  The
 * children of a state are one shanten lower, so the states form a DAG by
 * shanten and each is evaluated once (a hash table memoises them).
 *
 * The full model adds the tiles seen, ron, furiten, riichi or dama and,
 * with params->calls, calls: see "calls" below.  A called state's key holds
 * the calls, so the memo keeps closed and open lines apart. */
#include <stdlib.h>
#include "threads.h"
#include "draws.h"
#include "capped.h"
#include "points.h"
#include "readings.h"
#include "ev_memo.h"
#include "ev_graph.h"
#if defined(__SSE2__) && !defined(MJ_PORTABLE)
#include <emmintrin.h>
#define EV_SIDE_BY_SIDE 1             /* two numbers in one register: the same IEEE operations on each */
#endif
/* Whole value rows four numbers at a time where the CPU has AVX2, checked at
 * run time (the build itself assumes only SSE2): GCC or Clang on x86-64, not
 * on macOS (whether Apple's toolchain provides __builtin_cpu_supports' run-time
 * part was not checked: Intel Macs keep the SSE2 loops; docs/packaging.md).
 * EV_WIDE_ROWS 0 keeps the build's own loops (for measuring). */
#ifndef EV_WIDE_ROWS
#if defined(EV_SIDE_BY_SIDE) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(__APPLE__)
#define EV_WIDE_ROWS 1
#else
#define EV_WIDE_ROWS 0
#endif
#endif
#if EV_WIDE_ROWS
#include <immintrin.h>
#endif

/* Switches for measuring (benchmarks/README.md): EV_WIDE_CALLS 1 searches
 * every pon and chi from 2-shanten (not only a value honour's pon; not the
 * model: still too slow for the app's 50 ms), EV_YAKU_TEST 0 searches the
 * call lines that can reach no yaku too (the same rows, slower). */
#ifndef EV_WIDE_CALLS
#define EV_WIDE_CALLS 0
#endif
#ifndef EV_YAKU_TEST
#define EV_YAKU_TEST 1
#endif
#define T_END 18                      /* the largest "no draw left" index */
#define NV (T_END + 1)

enum { M_TENPAI, M_WIN, M_SCORE, M_COUNT };
enum { X_DOUBLE = 1, X_FURITEN = 2 };     /* state extra bits: double riichi, furiten by the root discard */
enum { FAIL_MEMORY = 1, FAIL_CANCELLED = 2 };

/* A memo of ura averages per thread: one entry per (ura groups, han, fu,
 * tsumo) key (ura_key), direct mapped, valid in the search whose number it
 * holds (every search takes a new one: nothing is zeroed between searches).
 * Within a search the waits share few ura groups and few (han, fu): about
 * nine in ten averages asked for were worked out before
 * (benchmarks/README.md, "Speed work 5"). */
#define URA_MEMO_BITS 9
typedef struct {
    uint64_t key, search;
    double value;
} ura_memo_entry;
static MJ_THREAD_LOCAL ura_memo_entry ura_memo[1 << URA_MEMO_BITS];
static uint64_t searches_begun;       /* the last search's number (atomic) */

typedef struct {
    const mj_win *w;
    const mj_ev_params *p;
    int rules, options, turn, forms, dealer, closed, n_ind, full;
    int last;                         /* the last draw index (17, or 16 for West / North in the full model) */
    int haitei;                       /* the draw index whose tsumo is haitei (-1: none) */
    int final_discards;               /* opponent discards after the player's last discard */
    double pool[NV];                  /* tiles the draw at t comes from */
    uint8_t indicators[MJ_KINDS];     /* dora indicator copies per kind */
    uint8_t melded[MJ_KINDS];         /* copies in the melds */
    uint8_t seen[MJ_KINDS];           /* full model: other copies seen */
    uint8_t caps[MJ_KINDS];           /* 4 - melded: what the concealed part may use */
    mj_caps caps_ctx, *cx;            /* NULL when no meld caps a kind */
    uint64_t capped;                  /* the kinds whose cap is below 4 */
    int calls;                        /* full model: calls are searched (calls below) */
    int call;                         /* the calls made on the line being searched: the first's code,
                                       * the second's << 6 (0: none; calls below) */
    int line_calls;                   /* how many (0-2) */
    int meld_red;                     /* suit bits of the red fives in those calls' melds */
    table states;                     /* the 13-tile states searched */
    table drawn;                      /* 14-tile hands after a kept draw: their best discard */
    double *arena;                    /* M_COUNT x NV doubles per state */
    size_t arena_used, arena_cap;
    size_t arena_first;               /* the first arena, in states (0: 4096) */
    int failed;                       /* FAIL_* */
    mj_ev_row *capture;               /* a root's row: the next tenpai state valued fills its choices */
    uint64_t waits_given;             /* the next tenpai state's waits without caps (EV_WAITS_UNKNOWN: none) */
    uint64_t search;                  /* this search's number, for the memo of ura averages */
    int wide;                         /* the row loops may use AVX2 (EV_WIDE_ROWS) */
} ev_ctx;

static int32_t new_values(ev_ctx *c)
{
    size_t need = (c->arena_used + 1) * M_COUNT * NV;
    if (need > c->arena_cap) {
        size_t cap = c->arena_cap ? 2 * c->arena_cap : (c->arena_first ? c->arena_first : 4096) * M_COUNT * NV;
        while (cap < need) cap *= 2;
        double *a = realloc(c->arena, cap * sizeof *a);
        if (!a) return -1;
        c->arena = a;
        c->arena_cap = cap;
    }
    return (int32_t)c->arena_used++;
}

static double *values_at(ev_ctx *c, int32_t v) { return c->arena + (size_t)v * M_COUNT * NV; }

/* ---- whole rows (M_COUNT x NV doubles): zeroed, copied, a child's row into
 * its parent's best (max) or sum (weight x row added) ----
 *
 * Element-wise IEEE operations give the same numbers at any vector width, so
 * with AVX2 (c->wide) the rows go four numbers at a time, bit for bit as the
 * build's SSE2 loops: no fused multiply-add (the target does not enable FMA,
 * and -std=c99 keeps products and sums apart), VMAXPD as the plain `>` test.
 * ROW_OP picks the variant; the plain ones stay loops the compiler vectorises
 * (memset / memcpy of a row became `rep stos` / `rep movs`, slow to start). */
#define ROW (M_COUNT * NV)

static void row_zero(double *r)
{
#ifdef EV_SIDE_BY_SIDE
    for (int j = 0; j + 2 <= ROW; j += 2) _mm_storeu_pd(r + j, _mm_setzero_pd());
    r[ROW - 1] = 0;
#else
    memset(r, 0, ROW * sizeof *r);
#endif
}

static void row_copy(double *to, const double *from)
{
#ifdef EV_SIDE_BY_SIDE
    for (int j = 0; j + 2 <= ROW; j += 2) _mm_storeu_pd(to + j, _mm_loadu_pd(from + j));
    to[ROW - 1] = from[ROW - 1];
#else
    memcpy(to, from, ROW * sizeof *to);
#endif
}

/* best[j] = max(next[j], best[j]) for all but the last number: next is a
 * child's row from its second number on (best at t takes the child at t + 1) */
static void row_max(double *best, const double *next)
{
    for (int j = 0; j < ROW - 1; j++) best[j] = next[j] > best[j] ? next[j] : best[j];
}

static void row_add_scaled(double *acc, const double *b, double weight)
{
    for (int j = 0; j < ROW; j++) acc[j] += weight * b[j];
}

#if EV_WIDE_ROWS
#define EV_AVX2 __attribute__((target("avx2")))
static EV_AVX2 void row_zero_wide(double *r)
{
    for (int j = 0; j + 4 <= ROW; j += 4) _mm256_storeu_pd(r + j, _mm256_setzero_pd());
    r[ROW - 1] = 0;
}

static EV_AVX2 void row_copy_wide(double *to, const double *from)
{
    for (int j = 0; j + 4 <= ROW; j += 4) _mm256_storeu_pd(to + j, _mm256_loadu_pd(from + j));
    to[ROW - 1] = from[ROW - 1];
}

typedef char row_max_in_fours[(ROW - 1) % 4 == 0 ? 1 : -1];
static EV_AVX2 void row_max_wide(double *best, const double *next)
{
    for (int j = 0; j < ROW - 1; j += 4)     /* VMAXPD a, b: a > b ? a : b */
        _mm256_storeu_pd(best + j, _mm256_max_pd(_mm256_loadu_pd(next + j), _mm256_loadu_pd(best + j)));
}

static EV_AVX2 void row_add_scaled_wide(double *acc, const double *b, double weight)
{
    __m256d w = _mm256_set1_pd(weight);
    for (int j = 0; j + 4 <= ROW; j += 4)
        _mm256_storeu_pd(acc + j, _mm256_add_pd(_mm256_loadu_pd(acc + j), _mm256_mul_pd(w, _mm256_loadu_pd(b + j))));
    acc[ROW - 1] += weight * b[ROW - 1];
}
#define ROW_OP(c, op, ...) ((c)->wide ? op##_wide(__VA_ARGS__) : op(__VA_ARGS__))
#else
#define ROW_OP(c, op, ...) op(__VA_ARGS__)
#endif

/* A new state's values, all zero. */
static int32_t new_zeroed(ev_ctx *c)
{
    int32_t v = new_values(c);
    if (v >= 0) ROW_OP(c, row_zero, values_at(c, v));
    return v;
}

static const uint8_t next_kind[MJ_KINDS] = {
#define SUIT(b) b+1, b+2, b+3, b+4, b+5, b+6, b+7, b+8, b+0
    SUIT(0), SUIT(9), SUIT(18),
#undef SUIT
    28, 29, 30, 27, 32, 33, 31
};

static int is_five(int k) { return k < 27 && k % 9 == 4; }

/* A call's code (ev_ctx.call): 1 + t for the pon of t, 35 + 7 x suit + start
 * for the chi of the run start .. start + 2 (start 0..6 within the suit). */
static int pon_code(int t) { return 1 + t; }
static int chi_code(int low) { return 35 + 7 * (low / 9) + low % 9; }
static int call_is_pon(int code) { return code <= MJ_KINDS; }

/* The lowest kind of the call's meld (the kind of a pon). */
static int call_low(int code)
{
    if (call_is_pon(code)) return code - 1;
    int i = code - 35;
    return 9 * (i / 7) + i % 7;
}

/* The call's meld joins the hand's melds for the scorer. */
static void add_call_meld(mj_win *w, int code)
{
    w->meld_type[w->n_melds] = call_is_pon(code) ? MJ_MELD_PON : MJ_MELD_CHI;
    w->meld_tile[w->n_melds] = (uint8_t)call_low(code);
    w->n_melds++;
}

/* One wait kind x of a tenpai hand, scored once (csrc/readings.h): its
 * readings by tsumo and by ron, and the ways of the ura indicators by the ura
 * han they give.  Every variant (riichi, ippatsu, haitei, houtei, a red five
 * drawn, ura) is then a lookup in the points table, not a scorer call. */
typedef struct {
    int top;                          /* the highest ura han with ways (-1: none) */
    double ways[4 * 5 + 1], total;    /* the ways of the indicators by the ura han they give */
} ura_weights;

typedef struct {
    mj_readings tsumo, ron;           /* n 0: no win (not complete) */
    int red;                          /* the red fives scored */
    int ura_on;                       /* ura dora averaged (the option, and an indicator) */
    int weighed;                      /* ura below is worked out (on the first average the memo lacks) */
    const double *groups;             /* the ura groups of the wait (ura_groups_of) */
    uint64_t ura_key;                 /* the groups packed for the memo (0: not memoised) */
    ura_weights ura;
} wait_score;

static int red_count(int red) { return (red & 1) + (red >> 1 & 1) + (red >> 2 & 1); }

/* Wall copies of x seen from hand h (melds, indicators and seen tiles out). */
static int wall(const ev_ctx *c, const uint8_t *h, int x)
{
    int left = 4 - h[x] - c->melded[x] - c->indicators[x] - c->seen[x];
    return left > 0 ? left : 0;
}

/* The ura group of kind k: its copies held, melds included, 0..4. */
static int ura_group(const ev_ctx *c, const uint8_t *h, int k)
{
    int v = h[k] + c->melded[k];
    return v > 4 ? 4 : v;
}

/* The kind whose next kind (the dora it points to) is x. */
static const uint8_t previous_kind_of[MJ_KINDS] = {
#define SUIT(b) b+8, b+0, b+1, b+2, b+3, b+4, b+5, b+6, b+7
    SUIT(0), SUIT(9), SUIT(18),
#undef SUIT
    30, 27, 28, 29, 33, 31, 32
};

static int previous_kind(int x) { return previous_kind_of[x]; }

/* Ura han = sum over the ura indicators of the copies held of the kind each
 * points to: the unseen tiles of h (melds, indicators and seen tiles out) by
 * the copies held of their next kind, groups[0..4]. */
static void ura_groups_of(const ev_ctx *c, const uint8_t *h, double *groups)
{
    /* whole counts, the same sums in any order: every unseen tile in group 0,
     * then those pointing to a kind held (or melded) moved to its group */
    int sums[5] = {0};
    uint8_t left[MJ_KINDS];           /* each kind's wall copies, read once */
    for (int j = 0; j < MJ_KINDS; j++) sums[0] += left[j] = (uint8_t)wall(c, h, j);
    for (uint64_t m = mj_held_mask(h) | mj_held_mask(c->melded); m; m &= m - 1) {
        int k = mj_lowest_kind(m), l = left[previous_kind(k)];
        sums[0] -= l;
        sums[ura_group(c, h, k)] += l;
    }
    for (int v = 0; v < 5; v++) groups[v] = sums[v];
}

/* The groups of h + x from those of h (13 tiles): x has one unseen copy
 * fewer, and the unseen copies of the kind pointing to x move up a group. */
static void ura_groups_plus(const ev_ctx *c, const uint8_t *h, const double *before, int x, double *groups)
{
    for (int v = 0; v < 5; v++) groups[v] = before[v];
    if (wall(c, h, x) > 0) groups[ura_group(c, h, next_kind[x])] -= 1;    /* h before the draw */
    int left_j = wall(c, h, previous_kind(x));
    if (left_j > 0) {
        int vj = h[x] + c->melded[x];
        groups[vj > 4 ? 4 : vj] -= left_j;
        groups[vj + 1 > 4 ? 4 : vj + 1] += left_j;
    }
}

/* The ways of the n ura indicators (drawn without replacement from the
 * unseen tiles: a multivariate hypergeometric over the groups) by the ura
 * han they give. */
static void ura_weights_of(const ev_ctx *c, const double *groups, ura_weights *u)
{
    int n = c->n_ind, k[5];
    memset(u->ways, 0, sizeof u->ways);
    u->top = -1;
    u->total = 0;
    if (n == 1) {                     /* one indicator: the ways of ura han g are groups[g] */
        for (int g = 0; g < 5; g++) {
            if (groups[g] <= 0) continue;
            u->ways[g] = groups[g];
            u->total += groups[g];
            u->top = g;
        }
        return;
    }
    for (k[0] = 0; k[0] <= n; k[0]++)
    for (k[1] = 0; k[0] + k[1] <= n; k[1]++)
    for (k[2] = 0; k[0] + k[1] + k[2] <= n; k[2]++)
    for (k[3] = 0; k[0] + k[1] + k[2] + k[3] <= n; k[3]++) {
        k[4] = n - k[0] - k[1] - k[2] - k[3];
        double ways = 1;
        int ura = 0;
        for (int g = 0; g < 5; g++) {
            for (int i = 0; i < k[g]; i++) ways *= (groups[g] - i) / (i + 1);   /* C(groups, k) */
            ura += g * k[g];
        }
        if (ways <= 0) continue;
        u->ways[ura] += ways;
        u->total += ways;
        if (ura > u->top) u->top = ura;
    }
}

/* What a win of han and fu pays on average over the ura han (highest first). */
static double ura_average(const ev_ctx *c, const ura_weights *u, int han, int fu, int tsumo)
{
    double expect = 0;
    int limit;
    for (int g = u->top; g >= 0; g--) {
        if (u->ways[g] <= 0) continue;
        expect += u->ways[g] * mj_payers_total(mj_base_points(han + g, fu, 0, c->rules, &limit), tsumo, c->dealer);
    }
    return expect / u->total;
}

/* The memo key of ura groups (each a whole count 0..255), 40 bits; 0 when they do not fit. */
static uint64_t ura_key(const double *groups)
{
    uint64_t key = 0;
    for (int g = 0; g < 5; g++) {
        if (!(groups[g] >= 0 && groups[g] <= 255)) return 0;
        key |= (uint64_t)groups[g] << (8 * g);
    }
    return key;
}

/* ura_average() of ws's wait through the search's memo: the ura weights
 * follow from the groups (and the indicators, fixed in a search), so the key
 * (groups, han, fu, tsumo) gives the same number bit for bit.  Worked out
 * on a miss, the weights first when the wait has none yet; a wait whose
 * indicators cannot fall (no ways) pays its points without ura: 'total'. */
static double ura_average_of(ev_ctx *c, wait_score *ws, int han, int fu, int tsumo)
{
    uint64_t key = 0;
    ura_memo_entry *e = NULL;
    if (ws->ura_key && han < 64 && fu < 128) {
        key = ws->ura_key | (uint64_t)han << 40 | (uint64_t)fu << 46 | (uint64_t)!!tsumo << 53 | (uint64_t)1 << 63;
        e = &ura_memo[(key * 0x9E3779B97F4A7C15ull) >> (64 - URA_MEMO_BITS)];
        if (e->key == key && e->search == c->search) return e->value;
    }
    if (!ws->weighed) {
        ura_weights_of(c, ws->groups, &ws->ura);
        ws->weighed = 1;
    }
    int limit;
    if (ws->ura.total <= 0) return mj_payers_total(mj_base_points(han, fu, 0, c->rules, &limit), tsumo, c->dealer);
    double v = ura_average(c, &ws->ura, han, fu, tsumo);
    if (e) {
        e->key = key;
        e->search = c->search;
        e->value = v;
    }
    return v;
}

/* The win on x completing h (14 tiles, x included) with these flags, for the
 * scorer: no ura indicator (averaged instead), no honba, no stick. */
static mj_win win_of(const ev_ctx *c, const uint8_t *h, int red, int x, int flags)
{
    mj_win w = *c->w;
    memcpy(w.counts, h, MJ_KINDS);
    w.win_tile = (uint8_t)x;
    w.red = (uint8_t)red;
    w.flags = (uint16_t)flags;
    w.n_ura = 0;
    w.honba = w.sticks = 0;
    if (c->call) add_call_meld(&w, c->call & 63);
    if (c->call >> 6) add_call_meld(&w, c->call >> 6);
    return w;
}

/* Points received for the win on x completing h (14 tiles, x included; a
 * tsumo when flags has MJ_WIN_TSUMO, else a ron), or 0 when it cannot win,
 * from one scorer call; ura dora averaged over the indicators drawn without
 * replacement from the unseen tiles.  wait_points() gives the same from a
 * wait's readings; this serves where they are not kept. */
static double win_points(ev_ctx *c, const uint8_t *h, int red, int x, int flags)
{
    mj_win w = win_of(c, h, red, x, flags);
    mj_score s;
    if (mj_score_hand(&w, c->rules, &s) != 1) return 0;
    int riichi = flags & (MJ_WIN_RIICHI | MJ_WIN_DOUBLE_RIICHI);
    if (s.yakuman || !riichi || !(c->options & MJ_EV_URA) || !c->n_ind)
        return s.total;
    double groups[5];
    ura_weights u;
    ura_groups_of(c, h, groups);
    ura_weights_of(c, groups, &u);
    return u.total > 0 ? ura_average(c, &u, s.han, s.fu, flags & MJ_WIN_TSUMO) : s.total;
}

/* Scores the wait x of h (14 tiles, x included; red fives red; ura_groups
 * its ura_groups_of): by tsumo, and by ron when `ron`. */
static void score_wait(ev_ctx *c, const uint8_t *h, int red, int x, int ron, const double *ura_groups,
                       wait_score *ws)
{
    mj_win w = win_of(c, h, red, x, MJ_WIN_TSUMO);
    ws->red = red;
    ws->ron.n = 0;
    if (ron) {                        /* both at once: the hand checked and split once */
        int by_ron;
        if (mj_score_readings_both(&w, c->rules, &ws->tsumo, &ws->ron, &by_ron) != 1) ws->tsumo.n = 0;
        if (by_ron != 1) ws->ron.n = 0;
    } else if (mj_score_readings(&w, c->rules, &ws->tsumo) != 1) ws->tsumo.n = 0;
    ws->ura.top = -1;
    ws->ura.total = 0;
    ws->ura_on = (c->options & MJ_EV_URA) && c->n_ind;
    ws->weighed = 0;
    ws->groups = ura_groups;
    ws->ura_key = ws->ura_on ? ura_key(ura_groups) : 0;
}

/* Points received for the win on ws's tile (a tsumo when flags has
 * MJ_WIN_TSUMO, else a ron; red: the red fives held with it), or 0 when it
 * cannot win: the reading the scorer would keep with the flags' han added
 * (csrc/scoring.c consider(): points, then yakuman, han, fu), its ura dora
 * averaged over the indicators drawn without replacement from the unseen
 * tiles.  Equals win_points(). */
static double wait_points(ev_ctx *c, wait_score *ws, const uint8_t *h, int red, int x, int flags)
{
    int tsumo = flags & MJ_WIN_TSUMO;
    const mj_readings *rd = tsumo ? &ws->tsumo : &ws->ron;
    if (rd->n < 0) return win_points(c, h, red, x, flags);     /* too many readings kept: score it */
    int k = ((flags & MJ_WIN_DOUBLE_RIICHI) ? 2 : (flags & MJ_WIN_RIICHI) ? 1 : 0)
            + !!(flags & MJ_WIN_IPPATSU) + !!(flags & MJ_WIN_HAITEI) + !!(flags & MJ_WIN_HOUTEI);
    int dora = rd->dora + ((c->rules & MJ_RULE_RED_FIVES) ? red_count(red) - red_count(ws->red) : 0);
    int riichi = flags & (MJ_WIN_RIICHI | MJ_WIN_DOUBLE_RIICHI);
    if (rd->n == 1 && !rd->r[0].yakuman) {    /* the one reading: the loop below, its points only when paid */
        const mj_reading_value *r = &rd->r[0];
        if (r->han + k <= 0) return 0;
        int han = r->han + k + dora, limit;
        if (riichi && ws->ura_on) return ura_average_of(c, ws, han, r->fu, tsumo);
        return mj_payers_total(mj_base_points(han, r->fu, 0, c->rules, &limit), tsumo, c->dealer);
    }
    int32_t best_total = -1;
    int best_han = 0, best_fu = 0, best_yakuman = 0, limit;
    for (int i = 0; i < rd->n; i++) {
        const mj_reading_value *r = &rd->r[i];
        int han = r->yakuman ? r->han : r->han + k > 0 ? r->han + k + dora : 0;
        int32_t base = han ? mj_base_points(han, r->fu, r->yakuman, c->rules, &limit) : 0;
        int32_t total = mj_payers_total(base, tsumo, c->dealer);
        if (total > best_total || (total == best_total && (r->yakuman > best_yakuman
            || (r->yakuman == best_yakuman && (han > best_han || (han == best_han && r->fu > best_fu)))))) {
            best_total = total;
            best_han = han;
            best_fu = r->fu;
            best_yakuman = r->yakuman;
        }
    }
    if (best_han <= 0) return 0;
    if (best_yakuman || !riichi || !ws->ura_on) return best_total;
    return ura_average_of(c, ws, best_han, best_fu, tsumo);
}

/* The red five of x's suit is still in the wall (a red five among the
 * indicators or the seen tiles is not). */
static int red_in_wall(const ev_ctx *c, const uint8_t *h, int red, int x)
{
    int suit = x / 9;
    return is_five(x) && (c->rules & MJ_RULE_RED_FIVES) && !(red >> suit & 1)
           && !(c->p->red_seen >> suit & 1) && wall(c, h, x) > 0;
}

static int32_t evaluate(ev_ctx *c, uint8_t *h, int red, int extra, int shanten);
static int32_t evaluate_key(ev_ctx *c, uint8_t *h, int red, int extra, int shanten, uint64_t lo, uint64_t hi);

/* Key bits of the line: the call made and where its red five is (extra bits 5 and up). */
static int line_bits(const ev_ctx *c) { return c->call << 5 | c->meld_red << 17; }

/* Red bits after discarding d from a hand holding red: a plain copy goes
 * first, and a red five in a called meld (meld_red) stays. */
static int red_after_discard(const uint8_t *h_after, int red, int d, int meld_red)
{
    int suit = 1 << (d / 9);
    if (is_five(d) && (red & suit) && !(meld_red & suit) && h_after[d] == 0) return red & ~suit;
    return red;
}

/* One kind of draw that changes the hand: the tile, the red fives held after
 * it, and its weight (wall copies; a red five is a tile of its own). */
typedef struct {
    int x, red;
    double weight;
} draw;

/* The waits an open tenpai hand's line found last on this thread: a tenpai
 * state after a call asks for them twice (its yaku, then its values). */
static MJ_THREAD_LOCAL struct {
    uint64_t search, mask;
    int call;
    uint8_t h[MJ_KINDS];
} last_waits;

/* The draws of h that lower its shanten (at tenpai: the winning tiles);
 * *waits (if given) gets every kind that lowers it, live or not.  At tenpai
 * the caps only remove the waits they leave no copy of (the complete hand
 * is its own completion), so the uncapped waits serve.  Below tenpai (h's
 * shanten given), the uncapped ukeire serves when no cap can bind h's
 * completions nor those of h and a draw (caps_free). */
static int caps_free(const ev_ctx *c, const uint8_t *h, int d, int distance);
static int useful_draws(ev_ctx *c, uint8_t *h, int red, int shanten, draw *out, uint64_t *waits)
{
    uint64_t mask;
    if (shanten == 0) {                     /* the waits: mj_ukeire's mask, the hand known valid and tenpai */
        if (c->waits_given != EV_WAITS_UNKNOWN) {
            mask = c->waits_given;    /* the graph's, worked out from its memo of suits */
            c->waits_given = EV_WAITS_UNKNOWN;
        } else if (c->call && last_waits.search == c->search && last_waits.call == c->call
                   && !memcmp(last_waits.h, h, MJ_KINDS)) {
            mask = last_waits.mask;   /* the same hand on the same line (its caps, its forms) */
        } else {
            prepared p;
            prepare(&p, h, mj_scan(h), c->forms, NULL);
            mask = lowering_draws(&p, 0);
            if (c->call) {
                last_waits.search = c->search;
                last_waits.call = c->call;
                last_waits.mask = mask;
                memcpy(last_waits.h, h, MJ_KINDS);
            }
        }
        for (uint64_t m = mask; m; m &= m - 1) {
            int x = mj_lowest_kind(m);
            if (h[x] >= c->caps[x]) mask &= ~((uint64_t)1 << x);
        }
    } else if (c->cx && !caps_free(c, h, -1, shanten + 1)) {
        mj_ukeire_capped(h, c->caps, c->forms, &mask);
    } else {                          /* no cap can matter: h's and h + x's best completions fit them */
        mj_ukeire(h, c->forms, &mask);
    }
    if (waits) *waits = mask;
    int n = 0;
    for (uint64_t m = mask; m; m &= m - 1) {
        int x = mj_lowest_kind(m);
        int copies = wall(c, h, x);
        if (!copies) continue;
        int reds = red_in_wall(c, h, red, x);
        if (reds) out[n++] = (draw){x, red | 1 << (x / 9), 1};
        if (copies > reds) out[n++] = (draw){x, red, copies - reds};
    }
    return n;
}

/* The pool the draw at t comes from, never below the weight taken from it. */
static double pool_at(const ev_ctx *c, int t, double weight)
{
    return c->pool[t] > weight ? c->pool[t] : weight;
}

/* Probability that at least one of k opponent discards is among `weight`
 * live tiles, each discard one of the pool's tiles with the share q. */
static double ron_chance(double q, double weight, double pool, int k)
{
    if (q <= 0 || weight <= 0 || k <= 0) return 0;
    double p = q * weight / pool, miss = 1;
    if (p > 1) p = 1;
    for (int i = 0; i < k; i++) miss *= 1 - p;
    return 1 - miss;
}

/* The waits of a tenpai hand h, scored once for each of its choices (riichi,
 * dama: the readings do not depend on riichi, which wait_points adds as a
 * han): per kind among its winning draws, the readings by tsumo and, when
 * `ron`, by ron, with the ura groups of the hand completed by it. */
typedef struct {
    int n;
    wait_score ws[MJ_KINDS];
    double groups[MJ_KINDS][5];
} scored_waits;

static void score_waits(ev_ctx *c, uint8_t *h, const draw *draws, int n, int ron, scored_waits *sw)
{
    int ura = (c->options & MJ_EV_URA) && c->n_ind;
    double groups13[5];               /* the ura groups of the waiting hand */
    if (ura) ura_groups_of(c, h, groups13);
    sw->n = 0;
    for (int i = 0; i < n; i++) {
        int x = draws[i].x;
        if (i > 0 && x == draws[i - 1].x) continue;     /* its red five and plain copies: one kind */
        double *groups = sw->groups[sw->n];
        if (ura) ura_groups_plus(c, h, groups13, x, groups);
        h[x]++;
        score_wait(c, h, draws[i].red, x, ron, groups, &sw->ws[sw->n]);
        h[x]--;
        sw->n++;
    }
}

/* A frozen tenpai hand waiting from draw index turn: with riichi (flags
 * MJ_WIN_RIICHI / MJ_WIN_DOUBLE_RIICHI, declared just now) or without (0);
 * draws: its winning draws (useful_draws), sw their scores (score_waits,
 * with ron when this choice has ron chances).
 * Before each of its draws come three opponent discards (full model, ron
 * unless furiten), after its last draw c->final_discards.  Fills win, score
 * and score_ip (the riichi declared right before the first ron chance and
 * draw: ippatsu) over t = turn .. T_END. */
static void wait_values(ev_ctx *c, uint8_t *h, const draw *draws, int n, scored_waits *sw, int riichi,
                        int furiten, double *win, double *score, double *score_ip)
{
    double q = !c->full || furiten ? 0 : riichi ? c->p->ron_riichi : c->p->ron_dama;
    int ip = riichi && (c->options & MJ_EV_IPPATSU) ? MJ_WIN_IPPATSU : 0;
    double tsumo_weight = 0, gain = 0, gain_ip = 0, last_tsumo_weight = 0, gain_last = 0, gain_ip_last = 0;
    double ron_weight = 0, ron_gain = 0, ron_gain_ip = 0;
    /* the round's last discard (South's, the last of the final discards) is houtei: a yaku */
    int houtei = q > 0 && c->final_discards > 0;
    double last_weight = 0, last_gain = 0, last_gain_ip = 0;
    wait_score *wsp = sw->ws - 1;
    for (int i = 0; i < n; i++) {
        int x = draws[i].x, r = draws[i].red;
        double weight = draws[i].weight;
        h[x]++;
        if (i == 0 || x != draws[i - 1].x) wsp++;
        int flags = MJ_WIN_TSUMO | riichi;
        double pts = wait_points(c, wsp, h, r, x, flags);
        int last = c->haitei >= 0 && (c->options & MJ_EV_HAITEI) ? MJ_WIN_HAITEI : 0;
        /* haitei is a yaku of its own: a hand without one still wins on the last draw */
        double pts_last = last ? wait_points(c, wsp, h, r, x, flags | last) : pts;
        /* ippatsu and haitei each add one han: with both on, the same number */
        double pts_ip = pts > 0 && ip ? (last ? pts_last : wait_points(c, wsp, h, r, x, flags | ip)) : pts;
        if (pts > 0) {
            tsumo_weight += weight;
            gain += weight * pts;
            gain_ip += weight * pts_ip;
        }
        if (pts_last > 0) {
            double pts_ip_last = ip && last ? wait_points(c, wsp, h, r, x, flags | ip | last) : ip ? pts_ip : pts_last;
            last_tsumo_weight += weight;
            gain_last += weight * pts_last;
            gain_ip_last += weight * pts_ip_last;
        }
        if (q > 0) {
            double ron = wait_points(c, wsp, h, r, x, riichi);
            if (ron > 0) {
                ron_weight += weight;
                ron_gain += weight * ron;
                ron_gain_ip += weight * (ip ? wait_points(c, wsp, h, r, x, riichi | ip) : ron);
            }
            double last = houtei ? wait_points(c, wsp, h, r, x, riichi | MJ_WIN_HOUTEI) : 0;
            if (last > 0) {
                last_weight += weight;
                last_gain += weight * last;
                last_gain_ip += weight * (ip ? wait_points(c, wsp, h, r, x, riichi | ip | MJ_WIN_HOUTEI) : last);
            }
        }
        h[x]--;
    }
    double ron_mean = ron_weight > 0 ? ron_gain / ron_weight : 0;
    double ron_mean_ip = ron_weight > 0 ? ron_gain_ip / ron_weight : 0;
    for (int t = c->last + 2; t <= T_END; t++) win[t] = score[t] = score_ip[t] = 0;
    int end = c->last + 1;            /* after the last draw: the opponents' last discards */
    double pr = ron_chance(q, ron_weight, c->pool[end], c->final_discards - 1);
    double p_last = ron_chance(q, last_weight, c->pool[end], houtei);
    win[end] = pr + (1 - pr) * p_last;
    score[end] = pr * ron_mean + (1 - pr) * p_last * (houtei && last_weight > 0 ? last_gain / last_weight : 0);
    score_ip[end] = pr * ron_mean_ip + (1 - pr) * p_last * (houtei && last_weight > 0 ? last_gain_ip / last_weight : 0);
    for (int t = c->last; t >= c->turn; t--) {
        int haitei = t == c->haitei;
        double tsumo = haitei ? last_tsumo_weight : tsumo_weight;
        double pool = pool_at(c, t, tsumo > ron_weight ? tsumo : ron_weight);
        double stay = (pool - tsumo) / pool;
        if (q <= 0) {                 /* no ron: the lines below with pr = 0, the same numbers */
#ifdef EV_SIDE_BY_SIDE
            /* score and score_ip side by side: the same operations on each */
            __m128d p2 = _mm_set1_pd(pool), s2 = _mm_set1_pd(stay);
            __m128d g2 = haitei ? _mm_set_pd(gain_ip_last, gain_last) : _mm_set_pd(gain_ip, gain);
            __m128d next = _mm_set1_pd(score[t + 1]);
            __m128d now = _mm_add_pd(_mm_div_pd(g2, p2), _mm_mul_pd(s2, next));
            win[t] = tsumo / pool + stay * win[t + 1];
            _mm_store_sd(&score[t], now);
            _mm_storeh_pd(&score_ip[t], now);
            continue;
#endif
            win[t] = tsumo / pool + stay * win[t + 1];
            score[t] = (haitei ? gain_last : gain) / pool + stay * score[t + 1];
            score_ip[t] = (haitei ? gain_ip_last : gain_ip) / pool + stay * score[t + 1];
            continue;
        }
        pr = ron_chance(q, ron_weight, pool, 3);
#ifdef EV_SIDE_BY_SIDE
        {
            __m128d p2 = _mm_set1_pd(pool), s2 = _mm_set1_pd(stay), pr2 = _mm_set1_pd(pr);
            __m128d g2 = haitei ? _mm_set_pd(gain_ip_last, gain_last) : _mm_set_pd(gain_ip, gain);
            __m128d draw2 = _mm_add_pd(_mm_div_pd(g2, p2), _mm_mul_pd(s2, _mm_set1_pd(score[t + 1])));
            __m128d now = _mm_add_pd(_mm_mul_pd(pr2, _mm_set_pd(ron_mean_ip, ron_mean)),
                                     _mm_mul_pd(_mm_set1_pd(1 - pr), draw2));
            win[t] = pr + (1 - pr) * (tsumo / pool + stay * win[t + 1]);
            _mm_store_sd(&score[t], now);
            _mm_storeh_pd(&score_ip[t], now);
            continue;
        }
#endif
        win[t] = pr + (1 - pr) * (tsumo / pool + stay * win[t + 1]);
        score[t] = pr * ron_mean + (1 - pr) * ((haitei ? gain_last : gain) / pool + stay * score[t + 1]);
        score_ip[t] = pr * ron_mean_ip + (1 - pr) * ((haitei ? gain_ip_last : gain_ip) / pool + stay * score[t + 1]);
    }
}

/* A tenpai state, entered right after the discard that made it: riichi (a
 * closed hand; extra X_DOUBLE: double riichi) and, in the full model or for
 * an open hand, dama; furiten when a wait is among the own discards (or,
 * X_FURITEN, is the root discard).  Fills the vectors of the choices that
 * apply and returns their bits (1 riichi, 2 dama). */
static int tenpai_choices(ev_ctx *c, uint8_t *h, int red, int extra,
                          double *r_win, double *r_score, double *d_win, double *d_score)
{
    uint64_t waits;
    draw draws[2 * MJ_KINDS];
    int n = useful_draws(c, h, red, 0, draws, &waits);
    int furiten = (extra & X_FURITEN) || (waits & c->p->furiten);
    double later[NV];
    int choices = 0;
    scored_waits sw;
    score_waits(c, h, draws, n, c->full && !furiten && (c->p->ron_riichi > 0 || c->p->ron_dama > 0), &sw);
    if (c->closed) {
        int riichi = (extra & X_DOUBLE) ? MJ_WIN_DOUBLE_RIICHI : MJ_WIN_RIICHI;
        wait_values(c, h, draws, n, &sw, riichi, furiten, r_win, later, r_score);
        choices |= 1;
    }
    if (c->full || !c->closed) {
        wait_values(c, h, draws, n, &sw, 0, furiten, d_win, d_score, later);
        choices |= 2;
    }
    return choices;
}

/* An open hand's yaku: a live winning tile wins by tsumo (haitei aside). */
static int yaku_possible(const ev_ctx *c, const uint8_t *h, int code, int r, int a);
static int has_yaku(ev_ctx *c, uint8_t *h, int red)
{
    draw draws[2 * MJ_KINDS];
    int n = useful_draws(c, h, red, 0, draws, NULL), yaku = 0;
    for (int i = 0; i < n && !yaku; i++) {
        h[draws[i].x]++;
        yaku = win_points(c, h, draws[i].red, draws[i].x, MJ_WIN_TSUMO) > 0;
        h[draws[i].x]--;
    }
    return yaku;
}

/* The last draw index after which riichi can still be declared: it needs
 * four tiles left in the wall, and in the full model every seat has fewer
 * at its last draw (the live wall's last four draws are one per seat, kans
 * or not), so a tenpai reached there waits dama.
 * The simple model declares riichi at every tenpai. */
static int riichi_by(const ev_ctx *c)
{
    return c->full ? c->last : T_END;
}

/* A root tenpai discard's row: its choices, riichi's vectors zero where it
 * cannot be declared. */
static int8_t row_choices(const ev_ctx *c, mj_ev_row *row, int choices)
{
    for (int t = riichi_by(c) + 1; t <= T_END; t++) row->riichi_win[t] = row->riichi_score[t] = 0;
    return (int8_t)(c->turn > riichi_by(c) ? choices & ~1 : choices);
}

/* The memoised values of a tenpai state: each number the better of riichi
 * and dama.  After a call the hand must have a yaku, else its values stay
 * zero and the call is not made (call_shape). */
static void tenpai_values(ev_ctx *c, uint8_t *h, int red, int extra, double *v)
{
    if (c->call && ((EV_YAKU_TEST && !yaku_possible(c, h, 0, 0, 1)) || !has_yaku(c, h, red))) return;
    double own[4][NV];
    mj_ev_row *row = c->capture;      /* a root tenpai discard: its row shows the choices too */
    c->capture = NULL;
    if (!row && c->closed && !c->full) {  /* riichi only, at every draw: its vectors are the values */
        tenpai_choices(c, h, red, extra, v + M_WIN * NV, v + M_SCORE * NV, own[2], own[3]);
        for (int t = c->turn; t <= T_END; t++) v[M_TENPAI * NV + t] = t <= c->last + 1;
        return;
    }
    double *rw = row ? row->riichi_win : own[0], *rs = row ? row->riichi_score : own[1];
    double *dw = row ? row->dama_win : own[2], *ds = row ? row->dama_score : own[3];
    int choices = tenpai_choices(c, h, red, extra, rw, rs, dw, ds);
    if (row) row->choices = row_choices(c, row, choices);
    for (int t = c->turn; t <= T_END; t++) {
        v[M_TENPAI * NV + t] = t <= c->last + 1;
        double w = 0, s = 0;
        if ((choices & 1) && t <= riichi_by(c)) { w = rw[t]; s = rs[t]; }
        if (choices & 2) { if (dw[t] > w) w = dw[t]; if (ds[t] > s) s = ds[t]; }
        v[M_WIN * NV + t] = w;
        v[M_SCORE * NV + t] = s;
    }
}

/* Whether the caps cannot matter for a regular distance of `distance` of h
 * without one d (d < 0: none): a completion missing `distance` tiles holds at
 * most h[k] + distance copies of k, so when that fits every cap the uncapped
 * best completion is allowed and the capped distance is the uncapped one. */
static int caps_free(const ev_ctx *c, const uint8_t *h, int d, int distance)
{
    for (uint64_t m = c->capped; m; m &= m - 1) {
        int k = mj_lowest_kind(m);
        if (h[k] - (k == d) + distance > c->caps[k]) return 0;
    }
    return 1;
}

/* Regular shanten of the 3k+2 hand h without one d, under the line's caps. */
static int capped_after(const ev_ctx *c, uint8_t *h, int d)
{
    uint8_t cls[4];
    h[d]--;
    for (int q = 0; q < 4; q++) cls[q] = mj_suit_class(h, q);
    int tiles = 0;
    for (int k = 0; k < MJ_KINDS; k++) tiles += h[k];
    int distance = c->cx ? mj_capped_distance((mj_caps *)c->cx, h, cls, tiles / 3) : mj_regular_distance(cls, tiles / 3);
    h[d]++;
    return distance - 1;
}

/* The discards of the 3k+2 hand h outside `banned` that leave `shanten`.
 * Under caps the uncapped tables bound the shanten from below (caps only
 * remove completions): only the discards reaching it there are checked. */
static uint64_t discards_to(const ev_ctx *c, uint8_t *h, int shanten, uint64_t banned)
{
    int8_t after[48];
    mj_discard_shanten(h, c->forms, NULL, after);
    uint64_t to = 0;
#ifdef EV_SIDE_BY_SIDE
    /* the kinds reaching it sixteen at a time (the branchy test of each of
     * the 34 was a third of this function's time) */
    memset(after + MJ_KINDS, MJ_NOT_HELD, sizeof after - MJ_KINDS);
    const __m128i want = _mm_set1_epi8((char)shanten);
    for (int i = 0; i < 48; i += 16)
        to |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(after + i)), want))
              << i;
    to &= ~banned & (((uint64_t)1 << MJ_KINDS) - 1);
#else
    for (int d = 0; d < MJ_KINDS; d++)
        if (after[d] == shanten && !(banned >> d & 1)) to |= (uint64_t)1 << d;
#endif
    if (c->cx)
        for (uint64_t m = to; m; m &= m - 1) {
            int d = mj_lowest_kind(m);
            if (!caps_free(c, h, d, shanten + 1) && capped_after(c, h, d) != shanten) to &= ~((uint64_t)1 << d);
        }
    return to;
}

/* The 14-tile hand h (red fives r) one shanten below `shanten` after a kept
 * draw: each number of its best discard one draw later, as a vector over t
 * (memoised: many 13-tile states draw into the same 14-tile hand). */
static int32_t drawn_best(ev_ctx *c, uint8_t *h, int r, int shanten, uint64_t lo, uint64_t hi)
{
    slot *s = find_slot(&c->drawn, lo, hi);
    if (!s) { c->failed = FAIL_MEMORY; return -1; }
    if (s->values >= 0) return s->values;
    int32_t v = new_zeroed(c);
    if (v < 0) { c->failed = FAIL_MEMORY; return -1; }
    s->values = v;          /* claimed before the children: the table may move below */
    /* best[j] takes child[j + 1] (the child one draw later); whole rows are
     * cheaper than their used part (the loops vectorise), and the arena is
     * zeroed, so the unused entries stay finite.  The best goes straight into
     * the zeroed row (its address read after each child, whose search may
     * move the arena): no row on the stack to zero and copy */
    uint64_t to = discards_to(c, h, shanten - 1, 0);
    /* the children's keys first, their slots loading meanwhile */
    uint64_t key_lo[MJ_KINDS], key_hi[MJ_KINDS];
    int red_of[MJ_KINDS];
    for (uint64_t m = to; m; m &= m - 1) {
        int d = mj_lowest_kind(m);
        h[d]--;
        red_of[d] = red_after_discard(h, r, d, c->meld_red);
        make_key(h, red_of[d] | line_bits(c), &key_lo[d], &key_hi[d]);
        h[d]++;
        prefetch_slot(&c->states, key_lo[d], key_hi[d]);
    }
    for (int d = 0; d < MJ_KINDS; d++) {
        if (!(to >> d & 1)) continue;
        h[d]--;
        int32_t child = evaluate_key(c, h, red_of[d], 0, shanten - 1, key_lo[d], key_hi[d]);
        h[d]++;
        if (child < 0) return -1;
        ROW_OP(c, row_max, values_at(c, v), values_at(c, child) + 1);
    }
    return v;
}

/* ---- calls (full model): a pon or chi to tenpai, a value honour's pon before -
 *
 * Before each draw t of a closed line, the three opponents discard (right,
 * across, left); each discard is a live kind x with probability
 * call_share x wall(x) / pool(t).  A discard among the draws that lower the
 * shanten can be called -- a pon from anyone, a chi from the left player --
 * when a discard that kuikae allows then keeps the lower shanten.  The call
 * takes the place of draw t: the open state continues from draw t + 1.  A
 * line calls to tenpai from 1-shanten, and from 2-shanten a value honour's
 * pon, after which it may call once more to tenpai: two calls at most. */

/* Calls are searched from 1-shanten: a call that makes the hand tenpai; and
 * from 2-shanten only the pon of a value honour (a dragon, the seat's or the
 * round's wind), whose triplet is the line's yaku: every call from 2-shanten
 * took the worst 2-shanten hands past 50 ms on the 2-core VM (again on
 * 2026-11-28 with the cheaper call lines: EV_WIDE_CALLS), these add a few
 * per cent (docs/ev.md, benchmarks/README.md). */
#define CALL_MAX_SHANTEN 2

static int value_honour(const ev_ctx *c, int x)
{
    return x >= 31 || x == 27 + c->w->seat_wind || x == 27 + c->w->round_wind;
}

/* Whether h holds a pair of a value honour (the 2-shanten states that may call). */
static int value_pair(const ev_ctx *c, const uint8_t *h)
{
    for (int x = 27; x < MJ_KINDS; x++)
        if (h[x] >= 2 && value_honour(c, x)) return 1;
    return 0;
}

/* Whether an open line can still reach a yaku (a sound test, no scorer):
 * the hand h (concealed) with the melds of the hand and the line, the call
 * `code` among them when nonzero, loses at most `r` tiles and gains at most
 * `a` (0-2) before it is complete.  Every yaku an open hand can hold
 * (haitei and houtei aside: an open line does not aim for them) needs one
 * of these: tanyao at most r terminals or honours; a value triplet
 * (yakuhai, shousangen, daisangen) a value honour held at least 3 - a
 * times; honitsu / chinitsu (ryuuiisou, shousuushii) at most r tiles
 * outside one suit and the honours; chanta / junchan / honroutou melds with
 * a terminal or honour and at most r concealed 4-6; sanankou three
 * concealed kinds, and toitoi (and the yakuman of triplets) triplet melds
 * and the concealed part, at most a tiles short of triplets and a pair;
 * ittsu, sanshoku and sanshoku doukou at most a of their tiles missing (a
 * run melded counts for any of its kinds).  A quad among the hand's melds
 * (sankantsu) skips the test.  When it fails, every tenpai of the line
 * lacks a yaku and is worth nothing (tenpai_values), so the line's values
 * are all zero and need not be searched. */
static const uint8_t bits_of9[8] = {0, 1, 1, 2, 1, 2, 2, 3};
static inline int bits9_of(unsigned x) { return bits_of9[x & 7] + bits_of9[x >> 3 & 7] + bits_of9[x >> 6 & 7]; }

static int yaku_possible(const ev_ctx *c, const uint8_t *h, int code, int r, int a)
{
    const mj_win *w = c->w;
    if (a >= 3) return 1;
    /* the melds: their tiles per suit, their terminals and honours, the kinds
     * of their triplets and runs (9 bits a suit) */
    int n = 0, lows[4], runs[4];
    for (int m = 0; m < w->n_melds; m++) {
        if (w->meld_type[m] >= MJ_MELD_KAN) return 1;
        runs[n] = w->meld_type[m] == MJ_MELD_CHI;
        lows[n++] = w->meld_tile[m];
    }
    int codes[3] = {code, c->call & 63, c->call >> 6 & 63};
    for (int i = 0; i < 3 && n < 4; i++)
        if (codes[i]) {
            runs[n] = !call_is_pon(codes[i]);
            lows[n++] = call_low(codes[i]);
        }
    unsigned trip[4] = {0}, cover[4] = {0};
    int suit[4] = {0}, ends = 0, plain_meld = 0, any_run = 0;
    for (int m = 0; m < n; m++) {
        int t = lows[m], q = t / 9, i = t % 9;
        suit[q] += 3;
        if (runs[m]) {
            cover[q] |= 7u << i;
            any_run = 1;
            ends += (i == 0) + (i == 6);
            plain_meld |= i != 0 && i != 6;
        } else {
            trip[q] |= 1u << i;
            int end = q == 3 || i == 0 || i == 8;
            ends += 3 * end;
            plain_meld |= !end;
        }
    }
    /* the concealed part: per suit the kinds held at least 1, 2, 3, 4 times */
    uint64_t at_least[4];
#if defined(__SSE2__) && !defined(MJ_PORTABLE)
    uint8_t buf[48] = {0};
    memcpy(buf, h, MJ_KINDS);
    for (int v = 0; v < 4; v++) at_least[v] = ~mj_bytes_below(buf, v + 1);
#else
    for (int v = 0; v < 4; v++) {
        at_least[v] = 0;
        for (int k = 0; k < MJ_KINDS; k++) at_least[v] |= (uint64_t)(h[k] > v) << k;
    }
#endif
    unsigned at1[4], at2[4], at3[4];
    int held = 0, middle = 0;
    for (int q = 0; q < 4; q++) {
        unsigned lv[4];
        for (int v = 0; v < 4; v++) lv[v] = (unsigned)(at_least[v] >> (9 * q)) & (q == 3 ? 0x7F : 0x1FF);
        at1[q] = lv[0];
        at2[q] = lv[1];
        at3[q] = lv[2];
        int in_suit = 0;
        for (int v = 0; v < 4 && lv[v]; v++) {
            in_suit += bits9_of(lv[v]);
            if (q < 3) {
                ends += bits9_of(lv[v] & 0x101);
                middle += bits9_of(lv[v] & 0x38);
            }
        }
        if (q == 3) ends += in_suit;
        suit[q] += in_suit;
        held += in_suit;
    }
    if (ends <= r) return 1;                                                 /* tanyao */
    unsigned value = 0x70 | 1u << w->seat_wind | 1u << w->round_wind;       /* honour bits */
    const unsigned *need = a == 2 ? at1 : a == 1 ? at2 : at3;
    if ((need[3] | trip[3]) & value) return 1;                               /* a value triplet */
    int numbers = suit[0] + suit[1] + suit[2];
    for (int q = 0; q < 3; q++)                                              /* honitsu / chinitsu */
        if (numbers - suit[q] <= r) return 1;
    if (!plain_meld && middle <= r) return 1;                                /* chanta / junchan / honroutou */
    /* the largest min(h, 3) of the concealed kinds, best first */
    int n1 = 0, n2 = 0, n3 = 0, top[6];
    for (int q = 0; q < 4; q++) {
        n1 += bits9_of(at1[q]);
        n2 += bits9_of(at2[q]);
        n3 += bits9_of(at3[q]);
    }
    for (int i = 0; i < 6; i++) top[i] = i < n3 ? 3 : i < n2 ? 2 : i < n1 ? 1 : 0;
    if (9 - top[0] - top[1] - top[2] <= a) return 1;                         /* sanankou */
    if (!any_run) {                                                          /* toitoi: m triplets and a pair */
        int f = held - r + a, m = (f - 2) / 3;
        if (f >= 2 && (f - 2) % 3 == 0 && m <= 4) {
            /* the pair takes the (m + 1)-th largest, at most 2 of it: swapping it with a
             * triplet kind holding 2 or fewer changes nothing, with one holding 3 loses one */
            int best = top[m] < 2 ? top[m] : 2;
            for (int i = 0; i < m; i++) best += top[i];
            if (f - best <= a) return 1;
        }
    }
    unsigned any[3];
    for (int q = 0; q < 3; q++) {                                            /* ittsu */
        any[q] = at1[q] | cover[q];
        if (9 - bits9_of(any[q]) <= a) return 1;
    }
    for (int i = 0; i < 7; i++)                                              /* sanshoku */
        if (9 - bits_of9[any[0] >> i & 7] - bits_of9[any[1] >> i & 7] - bits_of9[any[2] >> i & 7] <= a) return 1;
    unsigned all3 = (at1[0] | trip[0]) & (at1[1] | trip[1]) & (at1[2] | trip[2]);
    for (int i = 0; all3 && i < 9; i++) {                                    /* sanshoku doukou (each suit holds i) */
        int have = 0;
        for (int q = 0; q < 3; q++)
            have += (trip[q] >> i & 1) ? 3 : (at1[q] >> i & 1) + (at2[q] >> i & 1) + (at3[q] >> i & 1);
        if (9 - have <= a) return 1;
    }
    return 0;
}

/* What the line was before a call. */
typedef struct {
    uint8_t melded[MJ_KINDS], caps[MJ_KINDS];
    mj_caps caps_ctx;
    int capped;                       /* whether cx was set */
    uint64_t capped_kinds;
    int closed, forms, call, line_calls, meld_red;
} line_saved;

/* Enter the line after the call `code`: its meld joins the melds (the caps
 * fall, the hand is open, the regular form only). */
static void enter_call(ev_ctx *c, int code, int meld_red, line_saved *saved)
{
    memcpy(saved->melded, c->melded, MJ_KINDS);
    memcpy(saved->caps, c->caps, MJ_KINDS);
    saved->closed = c->closed;
    saved->forms = c->forms;
    saved->call = c->call;
    saved->line_calls = c->line_calls;
    saved->meld_red = c->meld_red;
    saved->caps_ctx = c->caps_ctx;
    saved->capped = c->cx != NULL;
    saved->capped_kinds = c->capped;
    int low = call_low(code), run = !call_is_pon(code);
    for (int i = 0; i < 3; i++) {
        c->melded[low + run * i]++;
        c->caps[low + run * i]--;
        c->capped |= (uint64_t)1 << (low + run * i);
    }
    /* what mj_caps_init would give: the meld's suit now holds a capped kind */
    memcpy(c->caps_ctx.cap, c->caps, MJ_KINDS);
    c->caps_ctx.suits = (c->cx ? c->caps_ctx.suits : 0) | 1u << mj_suit_of(low);
    c->cx = &c->caps_ctx;
    c->closed = 0;
    c->forms = MJ_REGULAR;
    c->call |= code << (6 * c->line_calls++);
    c->meld_red |= meld_red;
}

static void leave_call(ev_ctx *c, const line_saved *saved)
{
    memcpy(c->melded, saved->melded, MJ_KINDS);
    memcpy(c->caps, saved->caps, MJ_KINDS);
    c->caps_ctx = saved->caps_ctx;
    c->cx = saved->capped ? &c->caps_ctx : NULL;
    c->capped = saved->capped_kinds;
    c->closed = saved->closed;
    c->forms = saved->forms;
    c->call = saved->call;
    c->line_calls = saved->line_calls;
    c->meld_red = saved->meld_red;
}

/* Calling x (the red five when called_red) with the hand's tiles a and b
 * (a == b == x: a pon): into best, each number's best over the discards
 * outside `banned` (kuikae) that keep shanten - 1, of the open state one
 * draw later (best[j] takes its value j + 1), when that state has a yaku
 * (its tenpai counts).  A red five of the hand among a and b goes into the
 * meld.  Returns -1 when the search failed, else the number of such discards. */
static int call_shape(ev_ctx *c, uint8_t *h, int red, int x, int called_red, int code, uint64_t banned,
                      int a, int b, int shanten, double *best)
{
    int meld_red = 0;
    if (called_red) red |= meld_red = 1 << (x / 9);
    else if (is_five(a) || is_five(b)) meld_red = red & 1 << ((is_five(a) ? a : b) / 9);
    h[a]--;
    h[b]--;
    /* the rest's own shanten (its best discard's, uncapped: a lower bound)
     * rules most shapes out at once */
    uint8_t cls[4];
    for (int q = 0; q < 4; q++) cls[q] = mj_suit_class(h, q);
    if (mj_regular_distance(cls, 3 - c->w->n_melds - c->line_calls) - 1 > shanten - 1) {
        h[a]++;
        h[b]++;
        return 0;
    }
    if (EV_YAKU_TEST && !yaku_possible(c, h, code, shanten, shanten)) {
        h[a]++;
        h[b]++;
        return 0;
    }
    line_saved saved;
    enter_call(c, code, meld_red, &saved);
    uint64_t to = discards_to(c, h, shanten - 1, banned);
    int found = 0;
    if (to) {
        for (int d = 0; d < MJ_KINDS && found >= 0; d++) {
            if (!(to >> d & 1)) continue;
            h[d]--;
            /* (a tenpai state tests its own hand in tenpai_values) */
            if (EV_YAKU_TEST && shanten > 1 && !yaku_possible(c, h, 0, shanten - 1, shanten)) { h[d]++; continue; }
            int32_t child = evaluate(c, h, red_after_discard(h, red, d, c->meld_red), 0, shanten - 1);
            h[d]++;
            if (child < 0) { found = -1; break; }
            const double *cv = values_at(c, child) + 1;
            /* no yaku on this line (tenpai_values gives it nothing): no call.  Its
             * tenpai chance is highest with the most draws left, when it is called
             * at the search's first draw (cv[j] is its value at draw j + 1) */
            if (cv[M_TENPAI * NV + c->turn] <= 0) continue;
            found++;
            ROW_OP(c, row_max, best, cv);
        }
    }
    leave_call(c, &saved);
    h[a]++;
    h[b]++;
    return found;
}

/* The calls of the draw dr of the closed state h: pon[] the best pon (any
 * opponent's discard), left[] the best pon or chi (the left player's);
 * zero where there is none.  Returns -1 when the search failed, else the
 * number of (call, discard) pairs found.  The rows are written only as far
 * as they are read: left when a call is found, pon when a pon is (most draws
 * have no call shape: zeroing and copying their rows was most of this). */
static int call_values(ev_ctx *c, uint8_t *h, int red, const draw *dr, int shanten, double *pon, double *left,
                       int *pons_found)
{
    int x = dr->x, called_red = dr->red != red, found = 0;
    *pons_found = 0;
    if (!EV_WIDE_CALLS && shanten == 2 && !value_honour(c, x))      /* from 2-shanten: a value honour's pon only */
        return 0;
    if (h[x] >= 2) {
        ROW_OP(c, row_zero, pon);
        if ((found = call_shape(c, h, red, x, called_red, pon_code(x), (uint64_t)1 << x, x, x, shanten, pon)) < 0)
            return -1;
    }
    *pons_found = found;
    int left_ready = found > 0;
    if (left_ready) ROW_OP(c, row_copy, left, pon);
    if (x >= 27) return found;
    int pos = x % 9;
    for (int j = 0; j < 3; j++) {                  /* x is the lowest, middle or highest of the run */
        int low = x - j;
        if (pos - j < 0 || pos - j > 6) continue;
        int a = low + (j == 0), b = low + (j == 2 ? 1 : 2);
        if (!h[a] || !h[b]) continue;
        uint64_t banned = (uint64_t)1 << x;        /* kuikae: the called kind, and the other end of the run */
        if (j == 0 && pos + 3 <= 8) banned |= (uint64_t)1 << (x + 3);
        if (j == 2 && pos - 3 >= 0) banned |= (uint64_t)1 << (x - 3);
        if (!left_ready) ROW_OP(c, row_zero, left);
        left_ready = 1;
        int more = call_shape(c, h, red, x, called_red, chi_code(low), banned, a, b, shanten, left);
        if (more < 0) return -1;
        found += more;
    }
    return found;
}

/* One opponent discard that may be called: base when it is passed (or is
 * no callable kind), else the better of passing and calling calls[i x stride],
 * kind i turning up with probability chance[i]; i over the n listed in
 * `which`, or 0 .. n - 1 when it is NULL (a kind left out has calls zero,
 * never above base, which is never negative: it adds nothing). */
static double with_call(double base, const double *chance, const double *calls, const int *which, int n,
                        size_t stride)
{
    double v = base;
    for (int j = 0; j < n; j++) {
        int i = which ? which[j] : j;
        double gain = calls[i * stride] - base;
        if (gain > 0) v += chance[i] * gain;
    }
    return v;
}

/* A state below tenpai: keep each draw that lowers the shanten with its
 * best discard; in a closed line with calls, the three opponent discards
 * before each draw may be called first. */
static void progress_values(ev_ctx *c, uint8_t *h, int red, int shanten, int32_t self)
{
    draw draws[2 * MJ_KINDS];
    int n = useful_draws(c, h, red, shanten, draws, NULL);
    double kept_weight = 0;
    /* flat M_COUNT x NV rows: best[i] takes child[i + 1] (the child one draw later);
     * whole rows are cheaper than their used part (the loops vectorise), and the
     * arena is zeroed, so the unused entries stay finite */
    double acc[M_COUNT * NV];
    ROW_OP(c, row_zero, acc);
    /* the drawn hands' keys first, their slots loading meanwhile (a miss
     * there was a tenth of this function's time) */
    uint64_t key_lo[2 * MJ_KINDS], key_hi[2 * MJ_KINDS];
    for (int i = 0; i < n; i++) {
        h[draws[i].x]++;
        make_key(h, draws[i].red | line_bits(c), &key_lo[i], &key_hi[i]);
        h[draws[i].x]--;
        prefetch_slot(&c->drawn, key_lo[i], key_hi[i]);
    }
    for (int i = 0; i < n && !c->failed; i++) {
        double weight = draws[i].weight;
        h[draws[i].x]++;
        int32_t best = drawn_best(c, h, draws[i].red, shanten, key_lo[i], key_hi[i]);
        h[draws[i].x]--;
        if (best < 0) break;
        const double *b = values_at(c, best);
        kept_weight += weight;
        ROW_OP(c, row_add_scaled, acc, b, weight);
    }
    /* the useful draws that can be called: their weight, then pon and left
     * (M_COUNT x NV each) in calls */
    /* a closed line calls from 1-shanten (from 2-shanten: a value honour's pon); after that
     * pon, the open 1-shanten line may call once more to tenpai */
    int calling = c->calls && shanten <= CALL_MAX_SHANTEN && c->w->n_melds + c->line_calls < 4 && n > 0
                  && !c->failed && (c->line_calls == 0 ? EV_WIDE_CALLS || shanten < 2 || value_pair(c, h)
                                                       : c->line_calls == 1 && shanten == 1),
        n_calls = 0, n_pons = 0;
    double *calls = calling ? malloc((size_t)2 * n * M_COUNT * NV * sizeof *calls) : NULL;
    double call_weight[2 * MJ_KINDS];
    int pon_calls[2 * MJ_KINDS];      /* the calls whose pon is found (only their pon rows are read) */
    if (calling && !calls) c->failed = FAIL_MEMORY;
    for (int i = 0; calls && i < n && !c->failed; i++) {
        double *pon = calls + (size_t)2 * n_calls * M_COUNT * NV;
        int pons_found;
        int found = call_values(c, h, red, &draws[i], shanten, pon, pon + M_COUNT * NV, &pons_found);
        if (found > 0) {
            if (pons_found > 0) pon_calls[n_pons++] = n_calls;
            call_weight[n_calls++] = draws[i].weight;
        }
    }
    if (c->failed) { free(calls); return; }
    double *v = values_at(c, self);
    for (int m = 0; m < M_COUNT; m++)
        for (int t = c->last + 1; t <= T_END; t++) v[m * NV + t] = 0;
    double chance[2 * MJ_KINDS];
    for (int t = c->last; t >= c->turn; t--) {
        double pool = pool_at(c, t, kept_weight);
        double stay = (pool - kept_weight) / pool;
        for (int i = 0; i < n_calls; i++) chance[i] = c->p->call_share * call_weight[i] / pool;
        for (int m = 0; m < M_COUNT; m++) {
            double draw_t = acc[m * NV + t] / pool + stay * v[m * NV + t + 1];
            if (n_calls) {            /* left (pon or chi), across, right: the last discard first */
                const double *pons = calls + m * NV + t, *lefts = pons + M_COUNT * NV;
                const size_t stride = 2 * M_COUNT * NV;
                draw_t = with_call(draw_t, chance, lefts, NULL, n_calls, stride);
                draw_t = with_call(draw_t, chance, pons, pon_calls, n_pons, stride);
                draw_t = with_call(draw_t, chance, pons, pon_calls, n_pons, stride);
            }
            v[m * NV + t] = draw_t;
        }
    }
    free(calls);
}

/* The values of the 13-tile state h (memoised); -1 when the search failed. */
static int32_t evaluate(ev_ctx *c, uint8_t *h, int red, int extra, int shanten)
{
    uint64_t lo, hi;
    make_key(h, red | extra << 3 | line_bits(c), &lo, &hi);
    return evaluate_key(c, h, red, extra, shanten, lo, hi);
}

/* evaluate with the state's key (make_key of h and red | extra << 3 | line_bits) given */
static int32_t evaluate_key(ev_ctx *c, uint8_t *h, int red, int extra, int shanten, uint64_t lo, uint64_t hi)
{
    if (c->failed) return -1;
    slot *s = find_slot(&c->states, lo, hi);
    if (!s) { c->failed = FAIL_MEMORY; return -1; }
    if (s->values >= 0) return s->values;
    /* the caller may stop the search: the flag is read on the first and every 256th new state */
    if (c->p->cancel && (c->states.used & 255) == 1 && *(volatile int *)c->p->cancel) {
        c->failed = FAIL_CANCELLED;
        return -1;
    }
    int32_t v = new_zeroed(c);
    if (v < 0) { c->failed = FAIL_MEMORY; return -1; }
    s->values = v;          /* claimed before the children: the table may move below */
    if (shanten == 0) tenpai_values(c, h, red, extra, values_at(c, v));
    else progress_values(c, h, red, shanten, v);
    return c->failed ? -1 : v;
}

/* ---- the shanten-back and tegawari options (csrc/ev_graph.c) ---- */

#define GRAPH_OPTIONS (MJ_EV_SHANTEN_BACK | MJ_EV_TEGAWARI)
typedef char graph_rows_match[EV_ROW == M_COUNT * NV ? 1 : -1];

/* The graph's tenpai states, valued as in the plain search (the graph holds
 * each once: no memo here).  Only the entries from the turn on are read. */
static int graph_tenpai(void *ctx, uint8_t *h, int red, uint64_t waits, double *values)
{
    ev_ctx *c = ctx;
    c->waits_given = waits;
    tenpai_values(c, h, red, 0, values);
    c->waits_given = EV_WAITS_UNKNOWN;
    return 0;
}

/* MJ_EV_BEST_ONLY leaves out the discards that raise the shanten. */
static int searched(const ev_ctx *c, int shanten, int after)
{
    return !(c->options & MJ_EV_BEST_ONLY) || after <= (shanten < 0 ? 0 : shanten);
}

static int graph_values(ev_ctx *c, const mj_win *hand, int shanten,
                        const int8_t *all_after, double (*out)[EV_ROW], long *states)
{
    uint8_t wall_out[MJ_KINDS];
    int8_t after[MJ_KINDS];           /* the discards searched */
    for (int k = 0; k < MJ_KINDS; k++) {
        wall_out[k] = (uint8_t)(c->melded[k] + c->indicators[k] + c->seen[k]);
        after[k] = searched(c, shanten, all_after[k]) ? all_after[k] : MJ_NOT_HELD;
    }
    ev_graph_in in = {hand->counts, hand->red, shanten, after, c->forms, c->cx, wall_out,
                      (c->rules & MJ_RULE_RED_FIVES) ? 7 & ~c->p->red_seen : 0, c->turn, c->last, c->pool,
                      !!(c->options & MJ_EV_SHANTEN_BACK), !!(c->options & MJ_EV_TEGAWARI),
                      graph_tenpai, c, c->p->cancel};
    return ev_graph_search(&in, out, states);
}

/* A state's values (M_COUNT x NV) into a root discard's row, from the turn on. */
static void row_values(mj_ev_row *row, const double *v, int turn)
{
    for (int t = turn; t <= T_END; t++) {
        row->tenpai[t] = v[M_TENPAI * NV + t];
        row->win[t] = v[M_WIN * NV + t];
        row->score[t] = v[M_SCORE * NV + t];
    }
}

/* Seats in draw order from the dealer: the last draw index, the haitei draw
 * and the opponent discards after the player's last one (no kan: 70 live
 * draws, East and South draw 18 times, West and North 17, South draws the
 * last tile). */
static void seat_schedule(ev_ctx *c, int seat, int kans)
{
    if (!c->full) {               /* the simple model: draws to 17, haitei on 17, no ron */
        c->last = 17;
        c->haitei = 17;
        c->final_discards = 0;
        return;
    }
    /* the live wall's draws go East, South, West, North from the dealer: 70,
     * less one for each kan (its replacement tile comes off the live wall's
     * end); the seat's are draws seat + 1, seat + 5, ... */
    int live = 70 - kans, ender = (live - 1) % 4;
    c->last = (live - seat - 1) / 4;          /* draw t is the seat's (t + 1)-th */
    c->haitei = seat == ender ? c->last : -1;
    c->final_discards = (ender - seat + 4) % 4;   /* the discards before the last tile's drawer's */
}

/* The root discards the plain search values, taken in turn by one or two
 * threads: each has its own context (memo, line), the rows are shared, each
 * written by the thread that takes its discard. */
typedef struct {
    ev_ctx c;
    const uint8_t *given;             /* the hand's concealed counts */
    mj_ev_row *rows;
    const int8_t *work;               /* the discard kinds */
    int n_work, *next;                /* how many; the next to take (shared) */
    int result;                       /* 0, MJ_ERR_MEMORY or MJ_ERR_CANCELLED */
} root_search;

/* A root discard's state valued into its row, a tenpai one's choices too
 * (c->capture; taken again when the state was known).  Returns the state, or
 * -1 when the search failed. */
static int32_t root_values(ev_ctx *c, uint8_t *h, int red, int extra, int shanten, mj_ev_row *row)
{
    c->capture = shanten == 0 ? row : NULL;
    int32_t v = evaluate(c, h, red, extra, shanten);
    if (v >= 0 && c->capture)     /* the state was known already: its choices once more */
        row->choices = row_choices(c, row, tenpai_choices(c, h, red, extra, row->riichi_win, row->riichi_score,
                                                          row->dama_win, row->dama_score));
    c->capture = NULL;
    if (v >= 0) row_values(row, values_at(c, v), c->turn);
    return v;
}

/* by_turn of a root tenpai discard made at turn 1 with double riichi: from
 * draw 2 on its values are those of the same hand made tenpai later, which
 * is no first discard -- a plain riichi (the state without X_DOUBLE). */
static int later_without_double(ev_ctx *c, uint8_t *h, int red, int extra, mj_ev_row *row)
{
    mj_ev_row later;
    memset(&later, 0, sizeof later);
    if (root_values(c, h, red, extra & ~X_DOUBLE, 0, &later) < 0) return -1;
    size_t from = (size_t)c->turn + 1, n = (size_t)T_END + 1 - from;
    double *to[] = {row->tenpai, row->win, row->score, row->riichi_win, row->riichi_score, row->dama_win, row->dama_score};
    const double *by[] = {later.tenpai, later.win, later.score, later.riichi_win, later.riichi_score, later.dama_win,
                          later.dama_score};
    for (int i = 0; i < 7; i++) memcpy(to[i] + from, by[i] + from, n * sizeof(double));
    return 0;
}

static void search_roots(root_search *s)
{
    ev_ctx *c = &s->c;
    uint8_t h[MJ_KINDS];
    memcpy(h, s->given, MJ_KINDS);
    int i;
    while ((i = mj_atomic_fetch_add(s->next, 1)) < s->n_work) {
        int d = s->work[i];
        mj_ev_row *row = &s->rows[d];
        h[d]--;
        int red = red_after_discard(h, c->w->red, d, 0);
        int extra = 0;
        if (row->shanten == 0) {
            /* riichi with the first discard is a double riichi; a wait just discarded is furiten */
            if (c->turn == 1 && (c->options & MJ_EV_DOUBLE_RIICHI) && c->closed) extra |= X_DOUBLE;
            uint64_t waits;
            draw unused[2 * MJ_KINDS];
            useful_draws(c, h, red, 0, unused, &waits);
            if (c->full && (waits >> d & 1)) extra |= X_FURITEN;
        }
        int32_t v = root_values(c, h, red, extra, row->shanten, row);
        if (v >= 0 && (extra & X_DOUBLE) && later_without_double(c, h, red, extra, row) < 0) v = -1;
        h[d]++;
        if (v < 0) {
            s->result = c->failed == FAIL_CANCELLED ? MJ_ERR_CANCELLED : MJ_ERR_MEMORY;
            mj_atomic_store(s->next, s->n_work);   /* the other thread stops too */
            return;
        }
    }
}

static void search_roots_job(void *s)
{
    search_roots(s);
}

int mj_ev_model(const mj_win *hand, const mj_ev_params *p, mj_ev_row *rows, long *states)
{
    if (!hand || !p || !rows || p->turn < 1 || p->turn > 17 || (p->options & ~MJ_EV_ALL)
        || (p->rules & ~MJ_RULES_ALL) || hand->n_melds > 4 || hand->n_dora > 5 || hand->seat_wind > 3
        || hand->round_wind > 3 || (p->full != 0 && p->full != 1) || p->red_seen > 7
        || p->n_visible < 0 || p->n_visible > 136 || (p->furiten >> MJ_KINDS)
        || !(p->ron_dama >= 0 && p->ron_dama <= 1) || !(p->ron_riichi >= 0 && p->ron_riichi <= 1)
        || (p->calls != 0 && p->calls != 1) || !(p->call_share >= 0 && p->call_share <= 1)
        || (p->full && (p->options & GRAPH_OPTIONS)) || p->threads < 0 || p->threads > 2)
        return MJ_ERR_ARG;
    mj_scan_result scan = mj_scan(hand->counts);
    int n = mj_checked_total(scan);
    if (n < 0) return n;
    if (n != 14 - 3 * hand->n_melds) return MJ_ERR_SIZE;
    ev_ctx c;
    memset(&c, 0, sizeof c);
    c.w = hand;
    c.p = p;
    c.rules = p->rules;
    c.options = p->options;
    c.turn = p->turn;
    c.full = p->full;
    c.calls = p->full && p->calls;
    c.dealer = hand->seat_wind == 0;
    c.closed = 1;
    c.waits_given = EV_WAITS_UNKNOWN;
    c.search = mj_atomic_add_u64(&searches_begun, 1);
#if EV_WIDE_ROWS
    c.wide = __builtin_cpu_supports("avx2");     /* a bit libgcc's start-up found */
#endif
    for (int m = 0; m < hand->n_melds; m++) {
        int t = hand->meld_tile[m], type = hand->meld_type[m];
        if (type > MJ_MELD_KAKAN || t >= MJ_KINDS || (type == MJ_MELD_CHI && (t >= 27 || t % 9 > 6)))
            return MJ_ERR_ARG;
        if (type == MJ_MELD_CHI) { c.melded[t]++; c.melded[t + 1]++; c.melded[t + 2]++; }
        else c.melded[t] += type == MJ_MELD_PON ? 3 : 4;
        if (type != MJ_MELD_ANKAN) c.closed = 0;
    }
    for (int i = 0; i < hand->n_dora; i++) {
        if (hand->dora[i] >= MJ_KINDS) return MJ_ERR_ARG;
        c.indicators[hand->dora[i]]++;
    }
    if (c.full) memcpy(c.seen, p->seen, MJ_KINDS);
    for (int k = 0; k < MJ_KINDS; k++)
        if (hand->counts[k] + c.melded[k] + c.indicators[k] + c.seen[k] > 4) return MJ_ERR_COUNT;
    c.n_ind = hand->n_dora;
    c.forms = hand->n_melds ? MJ_REGULAR : MJ_ALL_FORMS;
    seat_schedule(&c, hand->seat_wind, hand->n_dora > 1 ? hand->n_dora - 1 : 0);   /* a kan flips an indicator */
    /* the simple model's pool S - t (S = 136 - 14 - indicators); the full
     * model also takes out the other players' tiles seen */
    for (int t = 0; t < NV; t++) {
        int pool = 136 - 14 - hand->n_dora - t - (c.full ? p->n_visible : 0);
        c.pool[t] = pool > 1 ? pool : 1;
    }

    int8_t after[MJ_KINDS];
    uint64_t masks[MJ_KINDS];
    uint8_t h[MJ_KINDS];
    memcpy(h, hand->counts, MJ_KINDS);
    for (int k = 0; k < MJ_KINDS; k++) {
        c.caps[k] = (uint8_t)(4 - c.melded[k]);
        if (c.caps[k] < 4) c.capped |= (uint64_t)1 << k;
    }
    c.cx = mj_caps_init(&c.caps_ctx, c.caps);
    int shanten = mj_discard_rows(h, scan, c.forms, 0, c.cx, after, masks);
    if (shanten < -1) return shanten;
    /* a tenpai hand searches a few dozen states: small first tables and arena
     * (zeroing 4096 slots, and mapping the arena, took about a third of its time) */
    if (shanten <= 0) {
        c.states.first = c.drawn.first = 256;
        c.arena_first = 128;
    }
    int result = shanten;             /* -1: a complete hand; its discards are searched all the same */
    double (*graph)[EV_ROW] = NULL;   /* the options' values of the discards below tenpai */
    if ((c.options & GRAPH_OPTIONS) && shanten >= 0) {
        graph = malloc(MJ_KINDS * sizeof *graph);
        int code = graph ? graph_values(&c, hand, shanten, after, graph, states) : MJ_ERR_MEMORY;
        if (code) result = code;
    }
    /* the graph's rows, and the discards left to the plain search */
    int8_t work[MJ_KINDS];
    int n_work = 0;
    for (int d = 0; d < MJ_KINDS; d++) {
        mj_ev_row *row = &rows[d];
        memset(row, 0, sizeof *row);
        row->shanten = after[d];
        if (after[d] == MJ_NOT_HELD || after[d] > MJ_EV_MAX_SHANTEN || result < -1 || !searched(&c, shanten, after[d]))
            continue;
        if (graph && after[d] > 0) row_values(row, graph[d], c.turn);
        else work[n_work++] = (int8_t)d;
    }
    int next = 0;
    root_search one = {c, h, rows, work, n_work, &next, 0}, two = one;
    one.c.cx = mj_caps_init(&one.c.caps_ctx, one.c.caps);     /* each context points to its own caps */
    /* a second thread pays at 2-shanten, where the time is (the app's search: wall -28 % at
     * the median, the slowest hands 24-32 ms against 37-44, for 20-50 % more CPU: the memos
     * share no states); a 1-shanten search takes about a millisecond, and a 3-shanten hand's
     * discards share most of their states, so two memos there took longer than one
     * (benchmarks/README.md, "Two threads") */
    int paired = p->threads == 2 && shanten == 2 && n_work > 1;
    if (paired) {
        memset(&two.c.states, 0, sizeof two.c.states);
        memset(&two.c.drawn, 0, sizeof two.c.drawn);
        two.c.states.first = c.states.first;
        two.c.drawn.first = c.drawn.first;
        two.c.arena = NULL;
        two.c.arena_used = two.c.arena_cap = 0;
        two.c.cx = mj_caps_init(&two.c.caps_ctx, two.c.caps);
    }
    if (paired) paired = mj_run_beside(search_roots_job, &two, &one);
    else search_roots(&one);
    if (result >= -1 && (one.result || (paired && two.result)))
        result = one.result == MJ_ERR_CANCELLED || two.result == MJ_ERR_CANCELLED ? MJ_ERR_CANCELLED : MJ_ERR_MEMORY;
    c = one.c;
    if (states) *states = (graph ? *states : 0) + (long)c.states.used + (paired ? (long)two.c.states.used : 0);
    if (paired) {
        free(two.c.states.slots);
        free(two.c.drawn.slots);
        free(two.c.arena);
    }
    free(graph);
    free(c.states.slots);
    free(c.drawn.slots);
    free(c.arena);
    return result;
}

int mj_ev(const mj_win *hand, int turn, int options, int rules, mj_ev_row *rows, long *states)
{
    mj_ev_params p;
    memset(&p, 0, sizeof p);
    p.turn = turn;
    p.options = options;
    p.rules = rules;
    return mj_ev_model(hand, &p, rows, states);
}
