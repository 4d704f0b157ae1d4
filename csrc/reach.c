/* Yaku reachability (docs/yaku.md): which yaku the scorer gives to the complete
 * hands a hand can still reach, and at what cost in draws.
 *
 * The completions W of a hand H with k melds still to make are k blocks (runs,
 * triplets) and a pair of concealed tiles, each kind within its cap (4 minus
 * the copies the melds hold); W costs sum max(W_i - H_i, 0) draws.  They are
 * enumerated kind by kind, every completion of cost <= budget, and each is
 * scored by mj_score_hand with the hand's melds and winds, won by tsumo on a
 * drawn tile, no dora: the yaku it lists cost W's draws.  So no rule of a
 * yaku lives here: the scorer's tables decide them all.
 *
 * The search is pruned at each suit's first kind by the exact replacement
 * number of the suits still to come (their d-vectors, csrc/capped.h): no
 * branch is followed that cannot complete within the budget. */
#include <string.h>
#include "mjcore.h"
#include "capped.h"
#include "suits.h"

typedef struct {
    const uint8_t *h;
    uint8_t cap[MJ_KINDS];
    uint8_t w[MJ_KINDS];
    mj_dvec rest[5];                /* rest[s]: d-vector of the suits s..3 (rest[4]: nothing) */
    int held[MJ_KINDS];             /* tiles held from kind i to the end of its suit */
    int floor;                      /* completions cheaper than this were scored already */
    mj_win win;                     /* the melds and winds; counts and win tile per completion */
    int rules, budget, stop_at_yaku;
    int8_t *cost;                   /* per yaku id: fewest draws to a completion with it by ron, -1 none */
    int8_t *tsumo_cost;             /* ... by tsumo (a ron's yaku included) */
    long scored, limit;
    int found;                      /* a completion with a yaku (by ron) was met */
} search;

/* Record the yaku (not the way of winning, not the dora) of one scoring in costs[]. */
static int record(const mj_score *out, int cost, int8_t *costs)
{
    int any = 0;
    for (int j = 0; j < out->n_yaku; j++) {
        int y = out->yaku[j];
        if (y == MJ_Y_TSUMO || y >= MJ_Y_DORA) continue;
        any = 1;
        if (costs[y] < 0 || costs[y] > cost) costs[y] = (int8_t)cost;
    }
    return any;
}

/* Score the completion in s->w (cost draws) and record its yaku.  It is scored as a ron
 * on each kind still to draw (on each held kind when it is complete already): the yaku
 * the hand can win with, whoever discards the tile.  And once by tsumo, which may add a
 * yaku (sanankou on a shanpon) that no ron would give: kept apart (tsumo_cost), since an
 * open hand that can only win by tsumo is the trap the warning is for. */
static void score_completion(search *s, int cost)
{
    memcpy(s->win.counts, s->w, MJ_KINDS);
    int drawn = 0;
    for (int i = 0; i < MJ_KINDS; i++) drawn |= s->w[i] > s->h[i];
    mj_score out;
    int first = -1;
    for (int i = 0; i < MJ_KINDS; i++) {
        if (drawn ? s->w[i] <= s->h[i] : !s->w[i]) continue;
        if (first < 0) first = i;
        s->win.win_tile = (uint8_t)i;
        s->win.flags = 0;
        s->scored++;
        if (mj_score_hand(&s->win, s->rules, &out) != 1) continue;
        record(&out, cost, s->tsumo_cost);        /* what a ron gives, a tsumo on that tile gives */
        if (record(&out, cost, s->cost)) s->found = 1;
    }
    s->win.win_tile = (uint8_t)first;
    s->win.flags = MJ_WIN_TSUMO;
    s->scored++;
    if (mj_score_hand(&s->win, s->rules, &out) == 1) record(&out, cost, s->tsumo_cost);
}

/* A lower bound on the draws still needed at kind i inside a suit: the runs pending on
 * i and i + 1, then any split of the blocks left between the rest of this suit (which
 * holds `held[i]` tiles from i on: more than that must be drawn) and the suits after it,
 * whose exact cost is rest[]. */
static int inside_bound(const search *s, int i, int blocks, int pairs, int r1, int r2)
{
    int pending = 0, avail = s->held[i];
    if (r1 + r2) {                       /* only inside a numbered suit, so i + 1 exists */
        int a = r1 + r2 - s->h[i], b = r1 - s->h[i + 1];
        pending = (a > 0 ? a : 0) + (b > 0 ? b : 0);
        avail -= (r1 + r2 < s->h[i] ? r1 + r2 : s->h[i]) + (r1 < s->h[i + 1] ? r1 : s->h[i + 1]);
    }
    const int q = i / 9 + 1;
    int best = 4 * MJ_CAP_BIG;
    for (int m = 0; m <= blocks; m++)
        for (int p = 0; p <= pairs; p++) {
            int here = 3 * m + 2 * p - avail, c = s->rest[q][blocks - m][pairs - p] + (here > 0 ? here : 0);
            if (c < best) best = c;
        }
    return pending + best;
}

/* Kinds i.. with `blocks` blocks and `pairs` (0/1) pairs still to place; r1, r2 runs
 * started at i - 1 and i - 2 (each puts a tile on i). */
static void walk(search *s, int i, int blocks, int pairs, int cost, int r1, int r2)
{
    if ((s->found && s->stop_at_yaku) || s->scored > s->limit) return;
    if (i == MJ_KINDS) {
        if (!blocks && !pairs && cost >= s->floor) score_completion(s, cost);
        return;
    }
    if (i % 9 == 0) {                                   /* a suit starts: nothing pending */
        if (cost + s->rest[i / 9][blocks][pairs] > s->budget) return;
    } else if (cost + inside_bound(s, i, blocks, pairs, r1, r2) > s->budget) {
        return;
    }
    const int run_ok = i < 27 && i % 9 <= 6, h = s->h[i], cap = s->cap[i];
    for (int r = 0; r <= (run_ok ? blocks : 0); r++)
        for (int t = 0; t <= 1 && r + t <= blocks; t++)
            for (int p = 0; p <= pairs; p++) {
                int w = 3 * t + 2 * p + r + r1 + r2;
                if (w > cap) continue;
                int c = cost + (w > h ? w - h : 0);
                if (c > s->budget) continue;
                /* a run started here needs room on the next two kinds */
                if (r && (r + r1 > s->cap[i + 1] || r > s->cap[i + 2])) continue;
                s->w[i] = (uint8_t)w;
                walk(s, i + 1, blocks - r - t, pairs - p, c, r, r1);
            }
    s->w[i] = 0;
}

/* caps from the melds; 0, or MJ_ERR_ARG / MJ_ERR_COUNT for melds the struct cannot hold */
static int meld_caps(const mj_win *w, uint8_t *cap)
{
    memset(cap, 4, MJ_KINDS);
    if (w->n_melds > 4 || w->round_wind > 3 || w->seat_wind > 3) return MJ_ERR_ARG;
    for (int m = 0; m < w->n_melds; m++) {
        int type = w->meld_type[m], t = w->meld_tile[m];
        if (type > MJ_MELD_KAKAN || t >= MJ_KINDS) return MJ_ERR_ARG;
        if (type == MJ_MELD_CHI) {
            if (t >= 27 || t % 9 > 6) return MJ_ERR_ARG;
            for (int j = t; j < t + 3; j++) {
                if (!cap[j]) return MJ_ERR_COUNT;
                cap[j]--;
            }
        } else {
            int n = type == MJ_MELD_PON ? 3 : 4;
            if (cap[t] < n) return MJ_ERR_COUNT;
            cap[t] = (uint8_t)(cap[t] - n);
        }
    }
    return 0;
}

int mj_yaku_reach(const mj_win *context, const uint8_t *counts, int rules, int extra, int mode,
                  long limit, mj_reach *out)
{
    if (!context || !counts || !out || extra < 0 || extra > MJ_REACH_MAX_EXTRA || (mode & ~1)
        || (rules & ~MJ_RULES_ALL) || limit < 0)
        return MJ_ERR_ARG;
    search s;
    memset(&s, 0, sizeof s);
    int bad = meld_caps(context, s.cap);
    if (bad) return bad;
    const int k = 4 - context->n_melds;
    int n = 0;
    for (int i = 0; i < MJ_KINDS; i++) {
        if (counts[i] > 4) return MJ_ERR_COUNT;
        if (counts[i] > s.cap[i]) return MJ_ERR_CAP;
        n += counts[i];
    }
    if (n != 3 * k + 1 && n != 3 * k + 2) return MJ_ERR_SIZE;
    int shanten = mj_shanten_melds_capped(counts, s.cap, k);
    if (shanten < -1) return shanten;
    memset(out, 0, sizeof *out);
    memset(out->cost, -1, sizeof out->cost);
    memset(out->tsumo_cost, -1, sizeof out->tsumo_cost);
    out->shanten = (int8_t)shanten;

    mj_caps store, *cx = mj_caps_init(&store, s.cap);
    if (!cx) {                       /* no cap below 4: the plain tables, through the same call */
        memset(store.cap, 4, MJ_KINDS);
        store.suits = 0;
        cx = &store;
    }
    mj_dvec suit[4];
    for (int q = 0; q < 4; q++) mj_suit_dvec(cx, counts, q, mj_suit_class(counts, q), suit[q]);
    memset(s.rest[4], MJ_CAP_BIG, sizeof s.rest[4]);
    s.rest[4][0][0] = 0;
    for (int q = 3; q >= 0; q--) mj_dvec_merge(MJ_CD(suit[q]), MJ_CD(s.rest[q + 1]), s.rest[q]);

    s.h = counts;
    for (int i = MJ_KINDS - 1; i >= 0; i--)
        s.held[i] = counts[i] + (i % 9 != 8 && i != MJ_KINDS - 1 ? s.held[i + 1] : 0);
    s.win = *context;
    s.win.n_dora = s.win.n_ura = 0;
    s.win.red = 0;
    s.win.honba = s.win.sticks = 0;
    s.rules = rules;
    s.limit = limit ? limit : MJ_REACH_MAX_SCORED;
    s.cost = out->cost;
    s.tsumo_cost = out->tsumo_cost;
    s.stop_at_yaku = mode == MJ_REACH_CHEAPEST;
    /* cheapest: budgets in turn from the fastest completions, stopping at the first
     * completion with a yaku by ron (only its yaku are listed: the cost is exact, the
     * yaku named one of those of that cost) */
    const int fastest = shanten + 1;
    for (int budget = mode == MJ_REACH_CHEAPEST ? fastest : fastest + extra; budget <= fastest + extra; budget++) {
        s.budget = budget;
        walk(&s, 0, k, 1, 0, 0, 0);
        s.floor = budget + 1;
        if (s.found) break;
    }
    out->scored = s.scored;
    return s.scored > s.limit ? MJ_ERR_LIMIT : 0;
}
