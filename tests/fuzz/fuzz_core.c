/* Sanitizer fuzz driver for the C core (tests/fuzz/README.md).
 *
 * Built with -fsanitize=address,undefined together with the csrc/ sources, it calls every
 * function of csrc/mjcore.h with random valid hands and with adversarial input
 * (counts above 4, wrong sizes, random bytes, NULL pointers, bad forms / melds /
 * capacities / flags), each buffer allocated at its exact size so any read or write
 * past it is reported.  It also checks the contract: every result is a shanten,
 * a 0/1 answer or an MJ_ERR_* code, and the forms agree with each other.
 *
 *     fuzz_core ITERATIONS SEED      exit 0: clean; 1: a contract violation
 *                                    (a sanitizer report aborts with its own code)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mjcore.h"

static uint64_t rng_state = 88172645463325252ULL;

static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static int below(int n) { return (int)(rnd() % (uint64_t)n); }

static long failures = 0;
/* calls that returned a real answer (not an error), per function: a run that only
 * ever hit the argument checks would prove nothing */
enum { F_SHANTEN, F_MELDS, F_AGARI, F_UKEIRE, F_TABLE, F_AFTER, F_CALLS, F_ANALYZE, F_HAND, F_DECOMP,
       F_BATCH, F_SCORE, F_SCORE_BATCH, F_CAPPED, F_POINTS, F_REACH, F_EV, F_EV_FULL, F_COUNT };
static const char *names[F_COUNT] = {"shanten", "shanten_melds", "is_agari", "ukeire",
                                     "discard_table", "discard_shanten_all", "call_table", "analyze",
                                     "analyze_hand", "decompositions", "shanten_batch", "score_hand",
                                     "score_batch", "capped", "points", "yaku_reach", "ev",
                                     "ev_full"};
static long answered[F_COUNT];
#define ANSWERED(f, r) (answered[f] += !is_error(r))

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "contract violation: " __VA_ARGS__);           \
            fputc('\n', stderr);                                           \
            failures++;                                                    \
        }                                                                  \
    } while (0)

static int is_error(int r) { return r <= -100; }
static int is_shanten(int r) { return r >= -1 && r <= 8; }

/* A hand of n tiles dealt from the 136-tile wall (counts 0..4). */
static void deal(uint8_t *counts, int n)
{
    memset(counts, 0, MJ_KINDS);
    for (int i = 0; i < n;) {
        int t = below(MJ_KINDS);
        if (counts[t] < 4) {
            counts[t]++;
            i++;
        }
    }
}

/* Adversarial counts: random bytes, a fifth copy, a wrong size, a huge total. */
static void hostile(uint8_t *counts)
{
    switch (below(5)) {
    case 0:
        for (int i = 0; i < MJ_KINDS; i++) counts[i] = (uint8_t)rnd();
        break;
    case 1:
        deal(counts, 13);
        counts[below(MJ_KINDS)] = (uint8_t)(5 + below(251));
        break;
    case 2:
        deal(counts, 3 * below(5));               /* 3k tiles: never a valid hand */
        break;
    case 3:
        for (int i = 0; i < MJ_KINDS; i++) counts[i] = 4;
        break;
    default:
        deal(counts, 15 + below(20));             /* more than 14 tiles */
        break;
    }
}

static int random_forms(void)
{
    static const int odd[] = {0, -1, 8, 255, -2147483647 - 1, 2147483647, 1 << 20};
    return below(4) ? 1 + below(7) : odd[below(7)];
}

static int random_int(void)
{
    static const int odd[] = {0, -1, 1, 2, 3, 4, 5, 7, 8, 100, -100, 2147483647, -2147483647 - 1};
    return below(3) ? odd[below(13)] : (int)rnd();
}

/* The _capped variants (a meld's tiles lower its kinds' caps): caps of 4 give the plain
 * answers, lower caps never a lower shanten; caps of any byte, or NULL (no caps). */
static void capped_round(const uint8_t *counts, int forms, const uint8_t *remaining, int what, int best,
                         mj_discard_analysis *rows, mj_discard_analysis *row)
{
    uint8_t *caps = malloc(MJ_KINDS);
    int kind = below(4);              /* 0: all 4; 1: some lower; 2: any byte; 3: NULL */
    for (int i = 0; i < MJ_KINDS; i++)
        caps[i] = kind == 0 ? 4 : kind == 1 ? (uint8_t)(below(4) ? 4 : below(5)) : (uint8_t)rnd();
    const uint8_t *cp = kind == 3 ? NULL : caps;
    int s = mj_shanten_capped(counts, cp, MJ_ALL_FORMS);
    answered[F_CAPPED] += !is_error(s);
    CHECK(is_error(s) || is_shanten(s) || s <= 13, "mj_shanten_capped -> %d", s);
    if ((kind == 0 || kind == 3) && is_shanten(best))
        CHECK(s == best, "mj_shanten_capped with caps of 4: %d, plain %d", s, best);
    if (kind == 1 && is_shanten(best) && is_shanten(s))
        CHECK(s >= best, "mj_shanten_capped %d below the plain shanten %d", s, best);
    if (kind == 1) {                  /* (with a cap below 4 the other forms refuse 13 and 14 tiles) */
        int rc = mj_shanten_capped(counts, cp, MJ_REGULAR), rp = mj_shanten_regular(counts);
        if (is_shanten(rc) && is_shanten(rp))
            CHECK(rc >= rp, "mj_shanten_capped regular %d below the plain %d", rc, rp);
    }
    int melds = below(6) - 1;
    int m = mj_shanten_melds_capped(counts, cp, melds);
    CHECK(is_error(m) || (m >= -1 && m <= 14), "mj_shanten_melds_capped(%d) -> %d", melds, m);
    uint64_t mask = 0;
    int u = mj_ukeire_capped(counts, cp, forms, below(20) ? &mask : NULL);
    CHECK(is_error(u) || is_shanten(u) || u <= 13, "mj_ukeire_capped -> %d", u);
    CHECK((mask >> MJ_KINDS) == 0, "capped ukeire mask has bits above 33");
    for (int k = 0; k < MJ_KINDS && !is_error(u) && kind != 2; k++)
        if (mask >> k & 1) CHECK(counts[k] < (cp ? cp[k] : 4), "mj_ukeire_capped: kind %d beyond its cap", k);
    int8_t *after = malloc(MJ_KINDS), *pon = malloc(MJ_KINDS), *chi = malloc(3 * MJ_KINDS);
    uint64_t *masks = malloc(MJ_KINDS * sizeof *masks);
    int d = mj_discard_table_capped(counts, cp, forms, below(20) ? after : NULL, below(20) ? masks : NULL);
    CHECK(is_error(d) || is_shanten(d) || d <= 13, "mj_discard_table_capped -> %d", d);
    int ct = mj_call_table_capped(counts, cp, below(20) ? pon : NULL, below(20) ? chi : NULL);
    CHECK(is_error(ct) || is_shanten(ct), "mj_call_table_capped -> %d", ct);
    int an = mj_analyze_capped(counts, cp, forms, below(20) ? remaining : NULL, what, below(20) ? rows : NULL);
    CHECK(is_error(an) || is_shanten(an) || an <= 13, "mj_analyze_capped -> %d", an);
    int ah = mj_analyze_hand_capped(counts, cp, forms, below(20) ? remaining : NULL, what, below(20) ? row : NULL);
    CHECK(is_error(ah) || is_shanten(ah) || ah <= 13, "mj_analyze_hand_capped -> %d", ah);
    free(caps); free(after); free(pon); free(chi); free(masks);
}

static void one_round(uint8_t *counts, uint8_t *remaining, int8_t *shanten_after,
                      uint64_t *ukeire, int8_t *pon, int8_t *chi,
                      mj_discard_analysis *rows, mj_discard_analysis *row,
                      mj_decomposition *decomps)
{
    int valid = below(3) != 0;
    if (valid) {
        static const int sizes[] = {1, 2, 4, 5, 7, 8, 10, 11, 13, 14};
        deal(counts, sizes[below(10)]);
    } else {
        hostile(counts);
    }
    int sane = below(4) != 0;          /* mostly valid copies left, sometimes any byte */
    for (int i = 0; i < MJ_KINDS; i++)
        remaining[i] = sane ? (uint8_t)below(5) : (uint8_t)rnd();
    int forms = random_forms();
    int n = mj_validate(counts);
    CHECK(is_error(n) || (n >= 1 && n <= 14 && n % 3 != 0), "mj_validate -> %d", n);

    int r = mj_shanten_regular(counts);
    CHECK(is_error(r) || is_shanten(r), "mj_shanten_regular -> %d", r);
    int c = mj_shanten_chiitoi(counts);
    CHECK(is_error(c) || is_shanten(c) || c == MJ_NOT_APPLICABLE || c <= 6, "chiitoi -> %d", c);
    int k = mj_shanten_kokushi(counts);
    CHECK(is_error(k) || (k >= -1 && k <= 13), "kokushi -> %d", k);
    int best = mj_shanten(counts, MJ_ALL_FORMS);
    if (!is_error(n)) {
        int expect = r;
        if (c != MJ_NOT_APPLICABLE && c < expect) expect = c;
        if (k != MJ_NOT_APPLICABLE && k < expect) expect = k;
        CHECK(best == expect, "mj_shanten %d != min of the forms %d", best, expect);
    } else {
        CHECK(is_error(best), "mj_shanten accepted an invalid hand (%d)", best);
    }
    int s = mj_shanten(counts, forms);
    ANSWERED(F_SHANTEN, s);
    CHECK(is_error(s) || is_shanten(s) || s == MJ_NOT_APPLICABLE || s <= 13, "forms %d -> %d", forms, s);

    int melds = random_int();
    int m = mj_shanten_melds(counts, melds);
    ANSWERED(F_MELDS, m);
    CHECK(is_error(m) || (m >= -1 && m <= 14), "mj_shanten_melds(%d) -> %d", melds, m);

    int a = mj_is_agari(counts, forms);
    ANSWERED(F_AGARI, a);
    CHECK(is_error(a) || a == 0 || a == 1, "mj_is_agari -> %d", a);
    if (a == 1 && !is_error(n) && forms == MJ_ALL_FORMS)
        CHECK(best == -1, "agari but shanten %d", best);

    uint64_t mask = 0;
    int u = mj_ukeire(counts, forms, below(20) ? &mask : NULL);
    ANSWERED(F_UKEIRE, u);
    CHECK(is_error(u) || is_shanten(u) || u <= 13, "mj_ukeire -> %d", u);
    CHECK((mask >> MJ_KINDS) == 0, "ukeire mask has bits above 33");

    int d = mj_discard_table(counts, forms, below(20) ? shanten_after : NULL,
                             below(20) ? ukeire : NULL);
    ANSWERED(F_TABLE, d);
    CHECK(is_error(d) || is_shanten(d) || d <= 13, "mj_discard_table -> %d", d);

    /* the search's own discard shanten: the same numbers as the table's rows */
    int8_t table_after[MJ_KINDS];
    uint64_t table_masks[MJ_KINDS];
    int dt = mj_discard_table(counts, forms, table_after, table_masks);
    int8_t *after = below(20) ? shanten_after : NULL;
    int da = mj_discard_shanten_all(counts, forms, after);
    ANSWERED(F_AFTER, da);
    CHECK(da == 0 || is_error(da), "mj_discard_shanten_all -> %d", da);
    CHECK(after || is_error(da), "mj_discard_shanten_all(NULL out) -> %d", da);
    if (da == 0 && is_shanten(dt))
        for (int k = 0; k < MJ_KINDS; k++)
            CHECK(after[k] == table_after[k], "mj_discard_shanten_all[%d] %d, table %d",
                  k, after[k], table_after[k]);

    int ct = mj_call_table(counts, below(20) ? pon : NULL, below(20) ? chi : NULL);
    ANSWERED(F_CALLS, ct);
    CHECK(is_error(ct) || is_shanten(ct), "mj_call_table -> %d", ct);

    int what = below(4) ? below(8) : random_int();
    int an = mj_analyze(counts, forms, below(20) ? remaining : NULL, what, below(20) ? rows : NULL);
    ANSWERED(F_ANALYZE, an);
    CHECK(is_error(an) || is_shanten(an) || an <= 13, "mj_analyze -> %d", an);
    int ah = mj_analyze_hand(counts, forms, below(20) ? remaining : NULL, what, below(20) ? row : NULL);
    ANSWERED(F_HAND, ah);
    CHECK(is_error(ah) || is_shanten(ah) || ah <= 13, "mj_analyze_hand -> %d", ah);

    int capacity = below(4) ? below(MJ_MAX_DECOMPS + 1) : (below(2) ? -below(1000) - 1 : 0);
    int nd = mj_decompositions(below(20) ? counts : NULL, below(20) ? decomps : NULL, capacity);
    ANSWERED(F_DECOMP, nd);
    CHECK(is_error(nd) || (nd >= 0 && nd <= MJ_MAX_DECOMPS), "mj_decompositions -> %d", nd);

    capped_round(counts, forms, remaining, what, best, rows, row);
}

/* A random complete hand (blocks drawn one by one, some called) with a random
 * situation; 0 when the draw broke the four-copy limit. */
static int complete_hand(mj_win *w)
{
    uint8_t used[MJ_KINDS] = {0};
    memset(w, 0, sizeof *w);
    for (int b = 0; b < 4; b++) {
        int k = below(MJ_KINDS), run = k < 27 && k % 9 <= 6 && below(2), quad = !run && !below(8);
        if (run ? (used[k] > 3 || used[k + 1] > 3 || used[k + 2] > 3) : used[k] + 3 + quad > 4) return 0;
        if (run) { used[k]++; used[k + 1]++; used[k + 2]++; } else used[k] += (uint8_t)(3 + quad);
        if (quad || !below(3)) {
            w->meld_tile[w->n_melds] = (uint8_t)k;
            w->meld_type[w->n_melds++] = (uint8_t)(run ? MJ_MELD_CHI : quad ? MJ_MELD_KAN + below(3) : MJ_MELD_PON);
        } else if (run) { w->counts[k]++; w->counts[k + 1]++; w->counts[k + 2]++; }
        else w->counts[k] += 3;
    }
    int p = below(MJ_KINDS);
    if (used[p] > 2) return 0;
    w->counts[p] += 2;
    do w->win_tile = (uint8_t)below(MJ_KINDS); while (!w->counts[w->win_tile]);
    w->round_wind = (uint8_t)below(4);
    w->seat_wind = (uint8_t)below(4);
    w->n_dora = (uint8_t)below(6);
    w->n_ura = (uint8_t)below(6);
    for (int i = 0; i < 5; i++) { w->dora[i] = (uint8_t)below(MJ_KINDS); w->ura[i] = (uint8_t)below(MJ_KINDS); }
    w->red = (uint8_t)below(8);
    w->flags = (uint16_t)below(MJ_WIN_ALL + 1);
    w->honba = (uint16_t)below(10);
    w->sticks = (uint16_t)below(10);
    return 1;
}

/* The fu bounds: 20 + 10 (closed ron) + three closed terminal or honour kans (96) + a
 * double-wind pair (4) + a closed wait (2) = 132 -> 140 without a yakuman; four such kans
 * (suukantsu, a yakuman) reach 20 + 10 + 128 + 4 + 2 = 164 -> 170. */
static void check_score(int r, const mj_score *out)
{
    CHECK(r == 0 || r == 1 || is_error(r), "mj_score_hand -> %d", r);
    if (r == 1) {
        CHECK(out->han > 0 && out->total >= 1000 && out->received >= out->total && out->n_yaku > 0
              && out->n_yaku <= MJ_MAX_YAKU && out->n_fu <= MJ_MAX_FU
              && (out->fu == 0 || out->fu == 25
                  || (out->fu >= 20 && out->fu <= (out->yakuman ? 170 : 140) && out->fu % 10 == 0)),
              "mj_score_hand: han %d fu %d total %d yaku %d", out->han, out->fu, (int)out->total, out->n_yaku);
    } else if (r == 0) {
        CHECK(out->han == 0 && out->total == 0 && out->n_yaku == 0, "mj_score_hand: no yaku but han %d", out->han);
    }
}

static void score_round(void)
{
    mj_win *w = malloc(sizeof *w);
    mj_score *out = malloc(sizeof *out);
    if (below(3)) {
        while (!complete_hand(w)) {}
    } else {
        uint8_t *bytes = (uint8_t *)w;
        for (size_t i = 0; i < sizeof *w; i++) bytes[i] = (uint8_t)rnd();
    }
    int rules = below(8) ? below(MJ_RULES_ALL + 1) : random_int();
    int r = mj_score_hand(below(30) ? w : NULL, rules, below(30) ? out : NULL);
    if (r == MJ_ERR_ARG && !below(2)) r = mj_score_hand(w, rules & MJ_RULES_ALL, out);
    if (r != MJ_ERR_ARG) check_score(r, out);
    ANSWERED(F_SCORE, r);

    long n = below(12);
    mj_win *wins = malloc((size_t)(n ? n : 1) * sizeof *wins);
    mj_score *outs = malloc((size_t)(n ? n : 1) * sizeof *outs);
    int8_t *status = malloc((size_t)(n ? n : 1));
    for (long i = 0; i < n; i++) while (!complete_hand(&wins[i])) {}
    long failed = mj_score_batch(below(20) ? wins : NULL, below(10) ? n : -1, rules & MJ_RULES_ALL,
                                 below(20) ? outs : NULL, below(20) ? status : NULL);
    CHECK(failed == MJ_ERR_ARG || (failed >= 0 && failed <= n), "mj_score_batch -> %ld", failed);
    if (failed >= 0) for (long i = 0; i < n; i++) check_score(status[i], &outs[i]);
    answered[F_SCORE_BATCH] += failed >= 0 && failed < n;
    free(w); free(out); free(wins); free(outs); free(status);
}

/* mj_points: a payer's share times the payers is the total; any int elsewhere. */
static void points_round(void)
{
    int32_t *pay = malloc(2 * sizeof *pay);
    int sane = below(4) != 0;
    int han = sane ? below(20) : random_int(), fu = sane ? 20 + 10 * below(12) : random_int();
    int yakuman = sane ? (below(6) ? 0 : 1 + below(6)) : random_int();
    int rules = sane ? below(MJ_RULES_ALL + 1) : random_int(), tsumo = below(2), dealer = below(2);
    int32_t total = mj_points(han, fu, yakuman, rules, tsumo, dealer, below(30) ? pay : NULL);
    answered[F_POINTS] += total > 0;
    CHECK(is_error(total) || (total >= 0 && total <= 6 * 8000 * 8), "mj_points -> %d", (int)total);
    if (total > 0) {
        int32_t expect = !tsumo ? pay[0] : dealer ? 3 * pay[0] : 2 * pay[0] + pay[1];
        CHECK(total == expect && pay[0] % 100 == 0 && pay[1] % 100 == 0,
              "mj_points: total %d, payments %d %d", (int)total, (int)pay[0], (int)pay[1]);
    }
    free(pay);
}

/* A complete hand with 0-2 of its concealed tiles swapped for others: mostly within
 * two draws of complete, the searches' ground. */
static void near_hand(mj_win *w)
{
    while (!complete_hand(w)) {}
    for (int swaps = below(3); swaps > 0; swaps--) {
        int out = below(MJ_KINDS), in = below(MJ_KINDS), total = 0;
        for (int i = 0; i < w->n_melds; i++)
            if (w->meld_type[i] == MJ_MELD_CHI) total += in >= w->meld_tile[i] && in <= w->meld_tile[i] + 2;
            else if (w->meld_tile[i] == in) total += w->meld_type[i] == MJ_MELD_PON ? 3 : 4;
        if (!w->counts[out] || w->counts[in] + total >= 4 || in == out) continue;
        w->counts[out]--;
        w->counts[in]++;
    }
}

static void reach_round(void)
{
    mj_win *w = malloc(sizeof *w);
    mj_reach *out = malloc(sizeof *out);
    uint8_t *counts = malloc(MJ_KINDS);
    near_hand(w);
    if (!below(8)) {
        uint8_t *bytes = (uint8_t *)w;
        for (size_t i = 0; i < sizeof *w; i++) bytes[i] = (uint8_t)rnd();
    }
    memcpy(counts, w->counts, MJ_KINDS);
    int drop = below(MJ_KINDS);
    if (below(2) && counts[drop]) counts[drop]--;                  /* 3k+1 as well as 3k+2 */
    if (!below(10)) hostile(counts);
    int sane = below(5) != 0;
    int extra = sane ? below(2) : random_int(), mode = sane ? below(2) : random_int();
    long limit = sane ? 1 + below(3000) : (long)random_int();
    int rules = sane ? below(MJ_RULES_ALL + 1) : random_int();
    int r = mj_yaku_reach(below(30) ? w : NULL, below(30) ? counts : NULL, rules, extra, mode, limit,
                          below(30) ? out : NULL);
    answered[F_REACH] += r == 0;
    CHECK(r == 0 || is_error(r), "mj_yaku_reach -> %d", r);
    if (r == 0) {
        long most = limit ? limit : MJ_REACH_MAX_SCORED;        /* 0: the default limit */
        CHECK(out->scored >= 0 && out->scored <= most, "mj_yaku_reach scored %ld (limit %ld)", out->scored, limit);
        for (int y = 0; y < MJ_Y_COUNT; y++)
            CHECK(out->cost[y] >= -1 && out->cost[y] <= 14 && out->tsumo_cost[y] >= -1 && out->tsumo_cost[y] <= 14,
                  "mj_yaku_reach cost[%d] %d / %d", y, out->cost[y], out->tsumo_cost[y]);
    }
    free(w); free(out); free(counts);
}

/* The expected-value search, simple and full model: sane parameters on hands near
 * complete (shanten-back and tegawari below 2-shanten only: a 3-shanten graph takes a
 * tenth of a second under the sanitizers), or any value in any field.  Its numbers are
 * probabilities and points: win <= tenpai, the simple model's never rising with a later
 * draw (the points but to the haitei draw). */
static void ev_round(void)
{
    mj_win *w = malloc(sizeof *w);
    mj_ev_params *p = malloc(sizeof *p);
    mj_ev_row *rows = malloc(MJ_KINDS * sizeof *rows);
    int *cancel = malloc(sizeof *cancel);
    near_hand(w);
    int two = !below(8);              /* a closed 2-shanten hand: the search two threads share */
    if (two) {
        memset(w->counts, 0, MJ_KINDS);
        w->n_melds = 0;
        do deal(w->counts, 14); while (mj_shanten(w->counts, MJ_ALL_FORMS) != 2);
        w->red = 0;
    }
    w->n_dora = (uint8_t)(1 + below(2));
    memset(p, 0, sizeof *p);
    int sane = below(5) != 0;
    p->turn = sane ? 1 + below(17) : random_int();
    p->options = sane ? below(MJ_EV_ALL + 1) : random_int();
    p->rules = sane ? below(MJ_RULES_ALL + 1) : random_int();
    p->full = sane ? below(2) : random_int();
    p->threads = two ? 2 : sane ? below(3) : random_int();
    int s = mj_shanten(w->counts, MJ_ALL_FORMS);
    if (sane && (p->full || s >= 2)) p->options &= ~(MJ_EV_SHANTEN_BACK | MJ_EV_TEGAWARI);
    if (p->full) {
        for (int i = 0; i < 6; i++) {
            int k = below(MJ_KINDS);
            p->seen[k] += !sane || below(2);
        }
        p->n_visible = sane ? below(40) : random_int();
        p->furiten = sane ? rnd() & ((1ull << MJ_KINDS) - 1) & rnd() : rnd();
        p->red_seen = (uint8_t)(sane ? below(8) : rnd());
        static const double odd[] = {0.0, 1.0, -0.0, -1e-300, 1.0000001, 1e300, 0.5, 1.0 / 0.0, -1.0 / 0.0};
        p->ron_dama = sane ? below(101) / 100.0 : odd[below(9)] * (below(8) ? 1 : 0.0 / 0.0);
        p->ron_riichi = sane ? below(101) / 100.0 : odd[below(9)] * (below(8) ? 1 : 0.0 / 0.0);
        p->calls = sane ? below(2) : random_int();
        p->call_share = sane ? below(101) / 100.0 : odd[below(9)] * (below(8) ? 1 : 0.0 / 0.0);
    }
    *cancel = !below(20);
    p->cancel = below(3) ? NULL : cancel;
    if (!sane && !below(4)) {
        uint8_t *bytes = (uint8_t *)w;
        for (size_t i = 0; i < sizeof *w; i++) bytes[i] = (uint8_t)rnd();
    }
    long states = -1;
    int r = !p->full && !below(4) ? mj_ev(below(30) ? w : NULL, p->turn, p->options, p->rules,
                                          below(30) ? rows : NULL, below(2) ? &states : NULL)
                                  : mj_ev_model(below(30) ? w : NULL, below(30) ? p : NULL,
                                                below(30) ? rows : NULL, below(2) ? &states : NULL);
    answered[p->full ? F_EV_FULL : F_EV] += !is_error(r);
    CHECK(is_error(r) || is_shanten(r), "mj_ev_model -> %d", r);
    if (!is_error(r)) {
        for (int d = 0; d < MJ_KINDS; d++) {
            const mj_ev_row *x = &rows[d];
            CHECK(x->shanten == MJ_NOT_HELD || (x->shanten >= -1 && x->shanten <= 8), "ev row %d shanten %d",
                  d, x->shanten);
            for (int t = p->turn; t < MJ_EV_VALUES; t++) {
                CHECK(x->tenpai[t] >= 0 && x->tenpai[t] <= 1 + 1e-9 && x->win[t] >= 0
                      && x->win[t] <= x->tenpai[t] + 1e-9 && x->score[t] >= 0 && x->score[t] <= 1e6,
                      "ev row %d draw %d: tenpai %g win %g score %g", d, t, x->tenpai[t], x->win[t], x->score[t]);
                /* the points may rise to the haitei draw, when ippatsu falls on it too (docs/ev.md) */
                int both = t + 1 == 17 && (p->options & MJ_EV_IPPATSU) && (p->options & MJ_EV_HAITEI);
                if (!p->full && t + 1 < MJ_EV_VALUES)
                    CHECK(x->tenpai[t + 1] <= x->tenpai[t] + 1e-9 && x->win[t + 1] <= x->win[t] + 1e-9
                          && (both || x->score[t + 1] <= x->score[t] * (1 + 1e-9) + 1e-9),
                          "ev row %d: values rise from draw %d to %d", d, t, t + 1);
            }
        }
    }
    free(w); free(p); free(rows); free(cancel);
}

static void batch_round(void)
{
    long n = below(40);
    uint8_t *hands = malloc((size_t)(n ? n : 1) * MJ_KINDS);
    int8_t *out = malloc((size_t)(n ? n : 1));
    long invalid = 0;
    for (long i = 0; i < n; i++) {
        if (below(2)) deal(hands + i * MJ_KINDS, 14);
        else hostile(hands + i * MJ_KINDS);
        if (is_error(mj_validate(hands + i * MJ_KINDS))) invalid++;
    }
    int forms = random_forms();
    long r = mj_shanten_batch(below(20) ? hands : NULL, below(10) ? n : -below(100) - 1, forms,
                              below(20) ? out : NULL);
    CHECK(r == MJ_ERR_ARG || (r >= invalid && r <= n), "mj_shanten_batch -> %ld (invalid %ld)", r, invalid);
    answered[F_BATCH] += r != MJ_ERR_ARG;
    free(hands);
    free(out);
}

int main(int argc, char **argv)
{
    long iterations = argc > 1 ? atol(argv[1]) : 20000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    rng_state ^= seed * 0x9E3779B97F4A7C15ULL;
    if (!rng_state) rng_state = 1;

    /* exact-size heap buffers: ASan reports one byte past any of them */
    uint8_t *counts = malloc(MJ_KINDS);
    uint8_t *remaining = malloc(MJ_KINDS);
    int8_t *shanten_after = malloc(MJ_KINDS);
    uint64_t *ukeire = malloc(MJ_KINDS * sizeof *ukeire);
    int8_t *pon = malloc(MJ_KINDS);
    int8_t *chi = malloc(3 * MJ_KINDS);
    mj_discard_analysis *rows = malloc(MJ_KINDS * sizeof *rows);
    mj_discard_analysis *row = malloc(sizeof *row);
    mj_decomposition *decomps = malloc(MJ_MAX_DECOMPS * sizeof *decomps);

    /* NULL everywhere */
    CHECK(mj_validate(NULL) == MJ_ERR_ARG, "mj_validate(NULL)");
    CHECK(is_error(mj_shanten(NULL, MJ_ALL_FORMS)), "mj_shanten(NULL)");
    CHECK(is_error(mj_shanten_regular(NULL)), "mj_shanten_regular(NULL)");
    CHECK(is_error(mj_shanten_chiitoi(NULL)), "mj_shanten_chiitoi(NULL)");
    CHECK(is_error(mj_shanten_kokushi(NULL)), "mj_shanten_kokushi(NULL)");
    CHECK(is_error(mj_shanten_melds(NULL, 4)), "mj_shanten_melds(NULL)");
    CHECK(is_error(mj_is_agari(NULL, MJ_ALL_FORMS)), "mj_is_agari(NULL)");
    CHECK(is_error(mj_ukeire(NULL, MJ_ALL_FORMS, NULL)), "mj_ukeire(NULL)");
    CHECK(is_error(mj_discard_shanten_all(NULL, MJ_ALL_FORMS, NULL)), "mj_discard_shanten_all(NULL)");
    CHECK(is_error(mj_call_table(NULL, NULL, NULL)), "mj_call_table(NULL)");
    CHECK(is_error(mj_analyze(NULL, MJ_ALL_FORMS, NULL, 7, NULL)), "mj_analyze(NULL)");
    CHECK(is_error(mj_analyze_hand(NULL, MJ_ALL_FORMS, NULL, 7, NULL)), "mj_analyze_hand(NULL)");
    CHECK(is_error(mj_score_hand(NULL, 0, NULL)), "mj_score_hand(NULL)");
    CHECK(is_error(mj_score_batch(NULL, 1, 0, NULL, NULL)), "mj_score_batch(NULL)");
    CHECK(is_error(mj_ev(NULL, 1, 0, 0, NULL, NULL)), "mj_ev(NULL)");
    CHECK(is_error(mj_ev_model(NULL, NULL, NULL, NULL)), "mj_ev_model(NULL)");
    CHECK(is_error(mj_yaku_reach(NULL, NULL, 0, 0, 0, 0, NULL)), "mj_yaku_reach(NULL)");
    CHECK(is_error(mj_points(1, 30, 0, 0, 0, 0, NULL)), "mj_points(NULL)");

    if (argc > 3 || iterations >= 100000) {       /* the census walks every hand: long runs only */
        uint64_t (*hands)[10] = calloc(15, sizeof *hands);
        uint64_t (*weighted)[10] = calloc(15, sizeof *weighted);
        CHECK(mj_census(hands, weighted) == 0, "mj_census");
        free(hands);
        free(weighted);
    }

    for (long i = 0; i < iterations; i++) {
        one_round(counts, remaining, shanten_after, ukeire, pon, chi, rows, row, decomps);
        if (i % 16 == 0) batch_round();
        score_round();
        points_round();
        if (i % 8 == 0) reach_round();
        if (i % 32 == 0) ev_round();
    }
    free(counts); free(remaining); free(shanten_after); free(ukeire); free(pon); free(chi);
    free(rows); free(row); free(decomps);
    printf("fuzz_core: %ld iterations, seed %llu, %ld contract violations\n", iterations,
           (unsigned long long)seed, failures);
    for (int f = 0; f < F_COUNT; f++) printf("answered %s %ld\n", names[f], answered[f]);
    return failures ? 1 : 0;
}
