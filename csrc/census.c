/* Exact census of regular shanten over every hand of 0..14 tiles, by suit:
 * count the vectors of one suit per (tiles, class), then merge suits the same
 * way the shanten tables do.  Weighted counts multiply C(4, c) per kind, the
 * ways to pick c of the 4 physical copies. */
#include <string.h>
#include "suits.h"

enum { SIZES = 15, MAX_CLASSES = 256 };
typedef uint64_t tally[SIZES][MAX_CLASSES];

static const uint64_t choose4[5] = {1, 4, 6, 4, 1};

/* Every vector of one suit with at most 14 tiles, classed as the hot path does. */
static void suit_census(int suit, tally hands, tally weighted)
{
    const int width = suit == 3 ? 7 : 9, start = suit * 9;
    uint8_t h[MJ_KINDS] = {0};
    uint8_t *c = h + start;
    for (;;) {
        int tiles = 0;
        uint64_t w = 1;
        for (int j = 0; j < width; j++) { tiles += c[j]; w *= choose4[c[j]]; }
        if (tiles < SIZES) {
            uint8_t cls = mj_suit_class(h, suit);
            hands[tiles][cls] += 1;
            weighted[tiles][cls] += w;
        }
        int j = width - 1;
        while (j >= 0 && c[j] == 4) c[j--] = 0;
        if (j < 0) break;
        c[j]++;
    }
}

/* out[n][merge[a][b]] += left[n1][a] * right[n - n1][b] */
static void merge_census(const tally left, int nleft, const tally right, int nright,
                         const uint8_t *merge, tally out)
{
    for (int n = 0; n < SIZES; n++)
        for (int n1 = 0; n1 <= n; n1++)
            for (int a = 0; a < nleft; a++) {
                if (!left[n1][a]) continue;
                for (int b = 0; b < nright; b++)
                    out[n][merge[a * nright + b]] += left[n1][a] * right[n - n1][b];
            }
}

static tally number_h, number_w, honor_h, honor_w, left_h, left_w, right_h, right_w;

int mj_census(uint64_t hands[15][10], uint64_t weighted[15][10])
{
    memset(number_h, 0, sizeof(tally)); memset(number_w, 0, sizeof(tally));
    memset(honor_h, 0, sizeof(tally));  memset(honor_w, 0, sizeof(tally));
    memset(left_h, 0, sizeof(tally));   memset(left_w, 0, sizeof(tally));
    memset(right_h, 0, sizeof(tally));  memset(right_w, 0, sizeof(tally));
    suit_census(0, number_h, number_w);
    suit_census(3, honor_h, honor_w);
    merge_census(number_h, MJ_NUMBER_CLASSES, number_h, MJ_NUMBER_CLASSES, &mj_merge_nn[0][0], left_h);
    merge_census(number_w, MJ_NUMBER_CLASSES, number_w, MJ_NUMBER_CLASSES, &mj_merge_nn[0][0], left_w);
    merge_census(number_h, MJ_NUMBER_CLASSES, honor_h, MJ_HONOR_CLASSES, &mj_merge_nz[0][0], right_h);
    merge_census(number_w, MJ_NUMBER_CLASSES, honor_w, MJ_HONOR_CLASSES, &mj_merge_nz[0][0], right_w);
    memset(hands, 0, sizeof(uint64_t) * 15 * 10);
    memset(weighted, 0, sizeof(uint64_t) * 15 * 10);
    for (int n = 0; n < SIZES; n++) {
        if (n % 3 == 0) continue;
        for (int n1 = 0; n1 <= n; n1++)
            for (int x = 0; x < MJ_LEFT_CLASSES; x++) {
                if (!left_h[n1][x]) continue;
                for (int y = 0; y < MJ_RIGHT_CLASSES; y++) {
                    if (!right_h[n - n1][y]) continue;
                    int column = mj_final[n / 3][x][y];   /* shanten + 1 */
                    if (column > 9) return -1;              /* cannot happen: 8-shanten at most */
                    hands[n][column] += left_h[n1][x] * right_h[n - n1][y];
                    weighted[n][column] += left_w[n1][x] * right_w[n - n1][y];
                }
            }
    }
    return 0;
}
