/* The simple model's search with shanten-back and tegawari (docs/ev.md).
 *
 * With either option a hand may move back up in shanten, so the states no
 * longer form a DAG by shanten and cannot be valued by one recursion.  The
 * search builds the graph first and then values it backwards over the draws:
 *
 * - a state is a 13-tile hand H (with its red fives), shanten s(H), and its
 *   exchanges e(H): the tiles it holds beyond the starting 14-tile hand
 *   (kept in the state, one tile at a time);
 * - a node is a 14-tile hand G = H + x after a draw, whose children are the
 *   states its allowed discards lead to (shared by every H that draws into G);
 * - the options apply only while e + s stays within the starting shanten s0
 *   (mahjong-cpp's bound with one extra exchange), which keeps the graph
 *   finite and small; tenpai states are frozen and valued by the caller.
 *
 * Values per number m and draw t (P = the pool, never below the weight
 * actually taken):  V(H, t) = V(H, t + 1) + sum over the draws x of H of
 * w(x) / P x (B(G, t + 1) - V(H, t + 1)), B(G) the best child; a draw the
 * player may throw back (the drawn kind is an allowed discard of G) only
 * counts when it gains. */
#include <string.h>
#include "draws.h"
#include "ev_blocks.h"
#include "ev_memo.h"
#include "ev_suits.h"
#include "ev_graph.h"

typedef struct {
    uint64_t lo, hi;                  /* the hand's key (make_key with its red bits) */
    int8_t shanten;
    int8_t e;                         /* its exchanges */
    int16_t dist;                     /* the fewest draws from a root: needed from draw turn + dist on */
    int32_t first, count;             /* edges (or, at tenpai, the index of its values) */
    int16_t kept;                     /* the weight of its draws that are always kept */
} gstate;

typedef struct {
    int32_t node;                     /* the 14-tile hand drawn into */
    int16_t weight;                   /* wall copies */
    int16_t optional;                 /* the draw may be thrown back */
} gedge;

typedef struct {
    int32_t first, count;             /* children in kids[] */
} gnode;

/* A new node's children before they are looked up: their keys, shanten and exchanges. */
typedef struct {
    int32_t id;                       /* the node */
    int n;
    uint64_t lo[MJ_KINDS], hi[MJ_KINDS];
    int8_t s[MJ_KINDS], e[MJ_KINDS];
} new_node;

typedef struct {
    const ev_graph_in *in;
    new_node *fresh;                  /* 2 * MJ_KINDS: the new nodes of one state's draws */
    table states, nodes;              /* key -> index into st[] / nd[] */
    suit_memo suits;                  /* the suits' classes (csrc/ev_suits.h); e NULL without it */
    gstate *st;
    gnode *nd;
    gedge *edges;
    int32_t *kids;
    double *tenpai;                   /* EV_ROW per tenpai state, by draw t: [t * EV_NUMBERS + m] */
    size_t n_st, cap_st, n_nd, cap_nd, n_edges, cap_edges, n_kids, cap_kids, n_tenpai, cap_tenpai;
    /* breadth first, the dist of the states never falls: the states within dist k and the
     * nodes they made are the first st_upto[k] / nd_upto[k] */
    size_t st_upto[MJ_EV_VALUES], nd_upto[MJ_EV_VALUES];
    int failed;                       /* MJ_ERR_* */
} graph;

/* Room for `need` items of `size` bytes in *p (capacity *cap), in the blocks
 * kept per thread; 0 when out of memory. */
static int reserve(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return 1;
    size_t c = *cap ? *cap : 1024, got;
    while (c < need) c *= 2;
    void *q = ev_block_grow(*p, *cap * size, c * size, &got);
    if (!q) return 0;
    *p = q;
    *cap = got / size;
    return 1;
}

/* Eight 3-bit counts (the low 24 bits of x) spread to the eight bytes of the
 * result, the first in the lowest: halves, quarters, then eighths move apart. */
static inline uint64_t spread8(uint64_t x)
{
    x = (x & 0xFFF) | (x & 0xFFF000) << 20;
    x = (x & 0x0000003F0000003Full) | (x & 0x00000FC000000FC0ull) << 10;
    return (x & 0x0007000700070007ull) | (x & 0x0038003800380038ull) << 5;
}

/* A key's counts (csrc/ev_memo.h make_key), eight at a time. */
static void unpack(uint64_t lo, uint64_t hi, uint8_t *h)
{
    uint64_t w[5] = {spread8(lo), spread8(lo >> 24), spread8(lo >> 48 & 0x7FFF), spread8(hi), spread8(hi >> 24 & 0x7FFF)};
    memcpy(h, &w[0], 8);
    memcpy(h + 8, &w[1], 8);
    memcpy(h + 16, &w[2], 5);
    memcpy(h + 21, &w[3], 8);
    memcpy(h + 29, &w[4], 5);
}

static int is_five(int k) { return k < 27 && k % 9 == 4; }

/* Plain (not red) copies of k in h with red fives red. */
static int plain_count(const uint8_t *h, int red, int k)
{
    return h[k] - (is_five(k) && (red >> (k / 9) & 1));
}

/* A state's exchanges, kept up one tile at a time (a red five and a plain one
 * are different tiles here, as in mahjong-cpp): drawing x (red_drawn: the red
 * five) into h (red fives red) adds one when the tile goes beyond h0 ... */
static int draw_exchange(const ev_graph_in *in, const uint8_t *h, int red, int x, int red_drawn)
{
    if (red_drawn) return !(in->red0 >> (x / 9) & 1);
    return plain_count(h, red, x) >= plain_count(in->h0, in->red0, x);
}

/* ... and discarding d from the 14-tile hand h takes one off when the tile
 * (the red five when it is the last copy, as red_after) was beyond it. */
static int discard_exchange(const ev_graph_in *in, const uint8_t *h, int red, int d)
{
    if (is_five(d) && (red >> (d / 9) & 1) && h[d] == 1) return !(in->red0 >> (d / 9) & 1);
    return plain_count(h, red, d) > plain_count(in->h0, in->red0, d);
}

/* Red bits after discarding d from a hand holding red: a plain copy goes first. */
static int red_after(const uint8_t *h_after, int red, int d)
{
    if (is_five(d) && (red >> (d / 9) & 1) && h_after[d] == 0) return red & ~(1 << (d / 9));
    return red;
}

/* A hand's key one tile of kind k up (sign 1) or down (-1), and with red bits
 * `red` instead of `was` (make_key keeps red + 1 from bit 40 of hi). */
static void key_step(uint64_t *lo, uint64_t *hi, int k, int sign, int was, int red)
{
    uint64_t unit = k < 21 ? (uint64_t)1 << (3 * k) : (uint64_t)1 << (3 * (k - 21));
    uint64_t *w = k < 21 ? lo : hi;
    *w = sign > 0 ? *w + unit : *w - unit;
    *hi = *hi - ((uint64_t)was << 40) + ((uint64_t)red << 40);
}

/* The index of the state with key lo / hi (shanten s, exchanges e, dist when new), queued when new. */
static int32_t state_of(graph *g, uint64_t lo, uint64_t hi, int s, int e, int dist)
{
    slot *sl = find_slot(&g->states, lo, hi);
    if (!sl || !reserve((void **)&g->st, &g->cap_st, g->n_st + 1, sizeof *g->st)) {
        g->failed = MJ_ERR_MEMORY;
        return -1;
    }
    if (sl->values >= 0) return sl->values;
    gstate *x = &g->st[g->n_st];
    x->lo = lo;
    x->hi = hi;
    x->shanten = (int8_t)s;
    x->e = (int8_t)e;
    x->dist = (int16_t)dist;
    x->first = x->count = 0;
    x->kept = 0;
    return sl->values = (int32_t)g->n_st++;
}

/* The index of the 14-tile node h (key lo / hi, exchanges e).  When new,
 * *fresh is set and its children's keys go to kids, their slots loading;
 * node_kids finds (or queues) them later. */
static int32_t node_of(graph *g, uint8_t *h, int red, uint64_t lo, uint64_t hi, int e, int *fresh, new_node *kids)
{
    const ev_graph_in *in = g->in;
    slot *sl = find_slot(&g->nodes, lo, hi);
    if (!sl || !reserve((void **)&g->nd, &g->cap_nd, g->n_nd + 1, sizeof *g->nd)) {
        g->failed = MJ_ERR_MEMORY;
        return -1;
    }
    *fresh = 0;
    if (sl->values >= 0) return sl->values;
    int32_t id = sl->values = (int32_t)g->n_nd++;
    *fresh = 1;
    int8_t after[MJ_KINDS];
    uint64_t held;
    if (g->suits.e) {
        uint8_t cls[4], minus[MJ_KINDS];
        suits_of_key(&g->suits, lo, hi, cls, NULL, minus);
        held = mj_discard_shanten_from(h, in->forms, cls, minus, after);
    } else {
        held = mj_discard_shanten(h, in->forms, in->cx, after);
    }
    int s = 127;
    for (uint64_t m = held; m; m &= m - 1) {
        int d = mj_lowest_kind(m);
        if (after[d] < s) s = after[d];
    }
    int back = in->shanten_back && e + s <= in->s0;
    int n_kids = 0;
    for (uint64_t m = held; m; m &= m - 1) {
        int d = mj_lowest_kind(m);
        if (after[d] != s && !back) continue;
        kids->e[n_kids] = (int8_t)(e - discard_exchange(in, h, red, d));
        kids->s[n_kids] = after[d];
        h[d]--;
        kids->lo[n_kids] = lo;
        kids->hi[n_kids] = hi;
        key_step(&kids->lo[n_kids], &kids->hi[n_kids], d, -1, red, red_after(h, red, d));
        h[d]++;
        prefetch_slot(&g->states, kids->lo[n_kids], kids->hi[n_kids]);
        n_kids++;
    }
    kids->id = id;
    kids->n = n_kids;
    return id;
}

/* A new node's children (node_of), found or made and queued, their dist `dist`. */
static int node_kids(graph *g, const new_node *kids, int dist)
{
    if (!reserve((void **)&g->kids, &g->cap_kids, g->n_kids + kids->n, sizeof *g->kids)) {
        g->failed = MJ_ERR_MEMORY;
        return -1;
    }
    gnode n = {(int32_t)g->n_kids, 0};
    for (int j = 0; j < kids->n; j++) {
        int32_t kid = state_of(g, kids->lo[j], kids->hi[j], kids->s[j], kids->e[j], dist);
        if (kid < 0) return -1;
        g->kids[g->n_kids++] = kid;
        n.count++;
    }
    g->nd[kids->id] = n;
    return 0;
}

/* The draws that lower the shanten s of state i (counts h), its suits from the memo. */
static uint64_t memo_lowering_draws(graph *g, int32_t i, const uint8_t *h, int s)
{
    prepared p;
    uint8_t plus[MJ_KINDS];
    memcpy(p.h, h, MJ_KINDS);
    suits_of_key(&g->suits, g->st[i].lo, g->st[i].hi, p.cls, plus, NULL);
    p.scan = mj_scan(h);
    p.forms = g->in->forms;
    p.cx = NULL;
    return draws_lowering(&p, s, plus);
}

/* A state's draws worked out and their nodes' slots loading (plan_draws),
 * then made edges (make_edges): the build plans the next state's draws
 * before it makes this one's edges, so those slots are in cache by then. */
typedef struct {
    int32_t state;                    /* -1: nothing planned */
    int n;
    uint64_t lowering;                /* the draws that lower the shanten */
    uint8_t h[MJ_KINDS];
    struct { uint64_t lo, hi; int8_t x, red, e; int16_t weight; } d[2 * MJ_KINDS];
} draw_plan;

/* The draws of state i below tenpai: every draw under tegawari, else those
 * that lower the shanten; their nodes' keys, the slots prefetched. */
static void plan_draws(graph *g, int32_t i, draw_plan *p)
{
    const ev_graph_in *in = g->in;
    uint8_t *h = p->h;
    unpack(g->st[i].lo, g->st[i].hi, h);
    int red = (int)(g->st[i].hi >> 40) - 1, s = g->st[i].shanten, e = g->st[i].e;
    if (g->suits.e) {
        p->lowering = memo_lowering_draws(g, i, h, s);
    } else {
        prepared q;
        prepare(&q, h, mj_scan(h), in->forms, in->cx);
        p->lowering = lowering_draws(&q, s);
    }
    const uint64_t draws = in->tegawari && e + s <= in->s0 ? ((uint64_t)1 << MJ_KINDS) - 1 : p->lowering;
    int n = 0;
    for (uint64_t m = draws; m; m &= m - 1) {
        int x = mj_lowest_kind(m), copies = 4 - h[x] - in->out[x];
        if (copies <= 0) continue;
        int reds = is_five(x) && (in->red_drawable >> (x / 9) & 1) && !(red >> (x / 9) & 1);
        for (int r = 0; r < 2; r++) {
            int weight = r ? copies - reds : reds;
            if (weight <= 0) continue;
            p->d[n].red = (int8_t)(r ? red : red | 1 << (x / 9));
            p->d[n].lo = g->st[i].lo;
            p->d[n].hi = g->st[i].hi;
            key_step(&p->d[n].lo, &p->d[n].hi, x, 1, red, p->d[n].red);
            prefetch_slot(&g->nodes, p->d[n].lo, p->d[n].hi);
            p->d[n].x = (int8_t)x;
            p->d[n].e = (int8_t)(e + draw_exchange(in, h, red, x, !r));
            p->d[n++].weight = (int16_t)weight;
        }
    }
    p->n = n;
    p->state = i;
}

/* The planned state's edges, one to each draw's 14-tile node. */
static void make_edges(graph *g, draw_plan *p)
{
    const ev_graph_in *in = g->in;
    const int32_t i = p->state;
    const int n = p->n, s = g->st[i].shanten, dist = g->st[i].dist;
    uint8_t *h = p->h;
    if (!reserve((void **)&g->edges, &g->cap_edges, g->n_edges + n, sizeof *g->edges)) {
        g->failed = MJ_ERR_MEMORY;
        return;
    }
    int32_t first = (int32_t)g->n_edges;
    int kept = 0, n_fresh = 0;
    /* the nodes first, then the new ones' children: their slots load meanwhile */
    for (int j = 0; j < n; j++) {
        int x = p->d[j].x, fresh;
        h[x]++;
        int32_t node = node_of(g, h, p->d[j].red, p->d[j].lo, p->d[j].hi, p->d[j].e, &fresh, &g->fresh[n_fresh]);
        h[x]--;
        if (node < 0) return;
        n_fresh += fresh;
        /* the drawn tile is an allowed discard of the node (node_of) when it
         * keeps the node's shanten -- the draw did not lower it -- or when
         * shanten-back applies there: known here, without loading the node */
        int optional = !(p->lowering >> x & 1) || (in->shanten_back && p->d[j].e + s - 1 <= in->s0);
        g->edges[g->n_edges++] = (gedge){node, p->d[j].weight, (int16_t)optional};
        if (!optional) kept += p->d[j].weight;
    }
    g->st[i].first = first;
    g->st[i].count = n;
    g->st[i].kept = (int16_t)kept;
    for (int k = 0; k < n_fresh; k++)
        if (node_kids(g, &g->fresh[k], dist + 1)) return;
}

/* Below tenpai, a state first needed at draw turn + dist whose shanten exceeds
 * the draws left then is worth nothing whenever it is needed: its draws are
 * not searched (nor, past the last draw, any state's). */
static int dead(const ev_graph_in *in, int shanten, int t)
{
    return t > in->last || shanten > in->last - t + 1;
}

/* Builds the graph from the root states (breadth first: new states queue up). */
static void build(graph *g)
{
    const ev_graph_in *in = g->in;
    int upto = 0;
    /* room for the tenpai rows a search of this shanten mostly needs: growing
     * from 18 rows copied them over and over (about 2 % of a 1-shanten search) */
    if (!reserve((void **)&g->tenpai, &g->cap_tenpai, (in->s0 <= 0 ? 64 : 512) * EV_ROW, sizeof *g->tenpai)) {
        g->failed = MJ_ERR_MEMORY;
        return;
    }
    draw_plan plans[2], *now = &plans[0], *next = &plans[1];
    now->state = next->state = -1;
    for (size_t i = 0; i < g->n_st && !g->failed; i++) {
        if (in->cancel && (i & 1023) == 0 && *(volatile int *)in->cancel) {
            g->failed = MJ_ERR_CANCELLED;
            return;
        }
        for (; upto < g->st[i].dist && upto < MJ_EV_VALUES; upto++) {
            g->st_upto[upto] = i;
            g->nd_upto[upto] = g->n_nd;
        }
        if (g->st[i].shanten > 0) {
            if (dead(in, g->st[i].shanten, in->turn + g->st[i].dist)) continue;
            if (now->state != (int32_t)i) plan_draws(g, (int32_t)i, now);
            /* the next state to expand, when it is queued already */
            size_t j = i + 1;
            while (j < g->n_st && (g->st[j].shanten == 0 || dead(in, g->st[j].shanten, in->turn + g->st[j].dist))) j++;
            next->state = -1;
            if (j < g->n_st) plan_draws(g, (int32_t)j, next);
            make_edges(g, now);
            draw_plan *swap = now;
            now = next;
            next = swap;
            continue;
        }
        if (!reserve((void **)&g->tenpai, &g->cap_tenpai, (g->n_tenpai + 1) * EV_ROW, sizeof *g->tenpai)) {
            g->failed = MJ_ERR_MEMORY;
            return;
        }
        uint8_t h[MJ_KINDS];
        unpack(g->st[i].lo, g->st[i].hi, h);
        double row[EV_ROW];
        /* its waits (uncapped), from the memo of suits when there is one */
        uint64_t waits = g->suits.e ? memo_lowering_draws(g, (int32_t)i, h, 0) : EV_WAITS_UNKNOWN;
        int code = in->tenpai(in->ctx, h, (int)(g->st[i].hi >> 40) - 1, waits, row);
        if (code) { g->failed = code; return; }
        /* kept by draw, the numbers side by side: the sweep reads one cache line per state and draw */
        double *kept = g->tenpai + g->n_tenpai * EV_ROW;
        for (int t = in->turn; t < MJ_EV_VALUES; t++)
            for (int m = 0; m < EV_NUMBERS; m++) kept[t * EV_NUMBERS + m] = row[m * MJ_EV_VALUES + t];
        g->st[i].first = (int32_t)g->n_tenpai++;
    }
    for (; upto < MJ_EV_VALUES; upto++) {
        g->st_upto[upto] = g->n_st;
        g->nd_upto[upto] = g->n_nd;
    }
}

/* The sweep's two inner steps.  With SSE2 the first two numbers go side by
 * side: the same operations on each, so the same results bit for bit (no
 * fused multiply-add; MAXPD keeps the first operand only when it is larger,
 * as the plain test; the values hold no NaN). */
#if defined(__SSE2__) && !defined(MJ_PORTABLE)
#include <emmintrin.h>
#define EV_SIDE_BY_SIDE 1
typedef char side_by_side_numbers[EV_NUMBERS == 3 ? 1 : -1];
#endif

/* b = each number's best over the node's kids k[0 .. count) (values `next`). */
static inline void best_of_kids(const double *next, const int32_t *k, int32_t count, double *b)
{
    const double *r = next + (size_t)k[0] * EV_NUMBERS;
#ifdef EV_SIDE_BY_SIDE
    __m128d b01 = _mm_loadu_pd(r);
    double b2 = r[2];
    for (int32_t c = 1; c < count; c++) {
        r = next + (size_t)k[c] * EV_NUMBERS;
        b01 = _mm_max_pd(_mm_loadu_pd(r), b01);
        if (r[2] > b2) b2 = r[2];
    }
    _mm_storeu_pd(b, b01);
    b[2] = b2;
#else
    for (int m = 0; m < EV_NUMBERS; m++) b[m] = r[m];
    for (int32_t c = 1; c < count; c++) {
        r = next + (size_t)k[c] * EV_NUMBERS;
        for (int m = 0; m < EV_NUMBERS; m++)
            if (r[m] > b[m]) b[m] = r[m];
    }
#endif
}

/* v = the state's values at draw t (pool: of that draw) from its values at
 * t + 1 (stay) and its nodes' best (best): a draw the player may throw back
 * counts only when it gains.  The weights are whole numbers, so `taken`
 * sums them exactly in any order; the gains keep the order of the edges. */
static inline void state_values(const gstate *x, const gedge *edges, const double *best, const double *stay,
                                double pool, double *v)
{
#ifdef EV_SIDE_BY_SIDE
    const __m128d zero = _mm_setzero_pd(), stay01 = _mm_loadu_pd(stay);
    __m128d gain01 = zero, taken01 = _mm_set1_pd(x->kept);
    double gain2 = 0, taken2 = x->kept;
    for (int32_t e = 0; e < x->count; e++) {
        const gedge *d = &edges[x->first + e];
        const double *b = best + (size_t)d->node * EV_NUMBERS, w = d->weight;
        const __m128d w01 = _mm_set1_pd(w), up01 = _mm_sub_pd(_mm_loadu_pd(b), stay01);
        double up2 = b[2] - stay[2];
        if (!d->optional) {
            gain01 = _mm_add_pd(gain01, _mm_mul_pd(w01, up01));
            gain2 += w * up2;
            continue;
        }
        /* adding +0 where it does not gain leaves the sums as they were (they are never -0) */
        const __m128d gains = _mm_cmpgt_pd(up01, zero);
        gain01 = _mm_add_pd(gain01, _mm_and_pd(gains, _mm_mul_pd(w01, up01)));
        taken01 = _mm_add_pd(taken01, _mm_and_pd(gains, w01));
        if (up2 > 0) {
            gain2 += w * up2;
            taken2 += w;
        }
    }
    const __m128d pool01 = _mm_max_pd(_mm_set1_pd(pool), taken01);
    _mm_storeu_pd(v, _mm_add_pd(stay01, _mm_div_pd(gain01, pool01)));
    v[2] = stay[2] + gain2 / (pool > taken2 ? pool : taken2);
#else
    double gain[EV_NUMBERS] = {0}, taken[EV_NUMBERS];
    for (int m = 0; m < EV_NUMBERS; m++) taken[m] = x->kept;
    for (int32_t e = 0; e < x->count; e++) {
        const gedge *d = &edges[x->first + e];
        const double *b = best + (size_t)d->node * EV_NUMBERS, w = d->weight;
        for (int m = 0; m < EV_NUMBERS; m++) {
            double up = b[m] - stay[m];
            if (d->optional && up <= 0) continue;
            gain[m] += w * up;
            if (d->optional) taken[m] += w;
        }
    }
    for (int m = 0; m < EV_NUMBERS; m++) v[m] = stay[m] + gain[m] / (pool > taken[m] ? pool : taken[m]);
#endif
}

/* The values of every state from draw last + 1 down to draw turn, two
 * slices at a time; the roots' whole rows are kept. */
static void sweep(graph *g, const int32_t *root, double (*values)[EV_ROW])
{
    const ev_graph_in *in = g->in;
    const size_t slice = (g->n_st ? g->n_st : 1) * EV_NUMBERS * sizeof(double);
    const size_t nodes_slice = (g->n_nd ? g->n_nd : 1) * EV_NUMBERS * sizeof(double);
    size_t got;
    double *next = ev_block_take(slice, &got), *now = ev_block_take(slice, &got);
    double *best = ev_block_take(nodes_slice, &got);
    if (!next || !now || !best) {
        g->failed = MJ_ERR_MEMORY;
        goto done;
    }
    for (int t = in->last + 1; t >= in->turn; t--) {
        if (in->cancel && *(volatile int *)in->cancel) {
            g->failed = MJ_ERR_CANCELLED;
            goto done;
        }
        /* only the states needed at t (dist <= t - turn) and the nodes they draw into */
        size_t states = g->st_upto[t - in->turn < MJ_EV_VALUES ? t - in->turn : MJ_EV_VALUES - 1];
        if (t <= in->last) {
            size_t nodes = g->nd_upto[t - in->turn];
            for (size_t j = 0; j < nodes; j++) {
                const int32_t *k = g->kids + g->nd[j].first;
#ifdef __GNUC__
                if (j + 8 < nodes) __builtin_prefetch(next + (size_t)g->kids[g->nd[j + 8].first] * EV_NUMBERS);
#endif
                best_of_kids(next, k, g->nd[j].count, best + j * EV_NUMBERS);
            }
        }
        for (size_t i = 0; i < states; i++) {
            const gstate *x = &g->st[i];
            double *v = now + i * EV_NUMBERS;
            if (x->shanten == 0) {
                for (int m = 0; m < EV_NUMBERS; m++) v[m] = g->tenpai[(size_t)x->first * EV_ROW + t * EV_NUMBERS + m];
                continue;
            }
            if (dead(in, x->shanten, t)) {     /* tenpai is out of reach: nothing */
                v[0] = v[1] = v[2] = 0;
                continue;
            }
            const double *stay = next + i * EV_NUMBERS;
#ifdef __GNUC__
            if (i + 4 < states && g->st[i + 4].count > 0)
                __builtin_prefetch(best + (size_t)g->edges[g->st[i + 4].first].node * EV_NUMBERS);
#endif
            state_values(x, g->edges, best, stay, in->pool[t], v);
        }
        for (int d = 0; d < MJ_KINDS; d++)
            if (root[d] >= 0)
                for (int m = 0; m < EV_NUMBERS; m++) values[d][m * MJ_EV_VALUES + t] = now[(size_t)root[d] * EV_NUMBERS + m];
        double *swap = next;
        next = now;
        now = swap;
    }
done:
    ev_block_give(next, slice);
    ev_block_give(now, slice);
    ev_block_give(best, nodes_slice);
}

int ev_graph_search(const ev_graph_in *in, double (*values)[EV_ROW], long *states)
{
    graph g;
    memset(&g, 0, sizeof g);
    g.in = in;
    g.fresh = malloc(2 * MJ_KINDS * sizeof *g.fresh);
    if (!g.fresh) g.failed = MJ_ERR_MEMORY;
    g.states.kept = g.nodes.kept = 1;
    if (in->s0 <= 0) g.states.first = g.nodes.first = 256;   /* a tenpai hand: a few dozen states */
    /* a 2-shanten hand: a median of ~4,600 states and ~7,000 nodes; tables of 32 k slots
     * each (no growing, short probes) took 6-10 % less CPU over the benchmark's 30 hands
     * than growing from 4,096, 16 k slots half of that (five interleaved runs, 2026-11-28) */
    if (in->s0 == 2) g.states.first = g.nodes.first = (size_t)1 << 15;
    /* a 3-shanten hand: tens of thousands of states (median ~64 k), 1.6 nodes each; growing
     * from 4,096 slots zeroed and rehashed every size on the way (the C driver over 30 hands
     * ran 2 % faster with these than with a quarter of them, which smaller hands would need) */
    if (in->s0 >= 3) {
        g.states.first = (size_t)1 << 17;
        g.nodes.first = (size_t)1 << 18;
    }
    /* the memo of suits serves the uncapped regular form (the options' hands are closed but for melds) */
    if (!in->cx && (in->forms & MJ_REGULAR) && !suit_memo_init(&g.suits, in->s0 <= 0 ? 7 : in->s0 == 1 ? 11 : in->s0 == 2 ? 12 : 13))
        g.failed = MJ_ERR_MEMORY;
    uint8_t h[MJ_KINDS];
    memcpy(h, in->h0, MJ_KINDS);
    int32_t root[MJ_KINDS];
    for (int d = 0; d < MJ_KINDS; d++) {
        root[d] = -1;
        if (in->after[d] == MJ_NOT_HELD || in->after[d] <= 0 || in->after[d] > MJ_EV_MAX_SHANTEN) continue;
        memset(values[d], 0, sizeof values[d]);
        h[d]--;
        uint64_t lo, hi;
        make_key(h, red_after(h, in->red0, d), &lo, &hi);
        root[d] = state_of(&g, lo, hi, in->after[d], 0, 0);    /* nothing beyond h0 yet */
        h[d]++;
    }
    if (!g.failed) build(&g);
    if (!g.failed) sweep(&g, root, values);
    if (states) *states = (long)g.n_st;
    drop_table(&g.states);
    drop_table(&g.nodes);
    if (g.suits.e) suit_memo_drop(&g.suits);
    free(g.fresh);
    ev_block_give(g.st, g.cap_st * sizeof *g.st);
    ev_block_give(g.nd, g.cap_nd * sizeof *g.nd);
    ev_block_give(g.edges, g.cap_edges * sizeof *g.edges);
    ev_block_give(g.kids, g.cap_kids * sizeof *g.kids);
    ev_block_give(g.tenpai, g.cap_tenpai * sizeof *g.tenpai);
    return g.failed;
}
