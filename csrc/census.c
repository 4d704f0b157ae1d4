/* Exact census of regular shanten over every hand of 0..14 tiles, by suit:
 * count the vectors of one suit per (tiles, class), then merge suits the same
 * way the shanten tables do.  Weighted counts multiply C(4, c) per kind, the
 * ways to pick c of the 4 physical copies. */
#include <string.h>
#include "suits.h"

enum { SIZES = 15, MAX_CLASSES = 256 };
typedef uint64_t tally[SIZES][MAX_CLASSES];

static const uint64_t choose4[5] = {1, 4, 6, 4, 1};

/* Walk the vectors of a suit in rank order (lexicographic, at most 14 tiles). */
static void suit_census(int width, const uint8_t *classes, tally hands, tally weighted)
{
    uint8_t c[9] = {0};
    unsigned rank = 0;
    for (;;) {
        int tiles = 0;
        uint64_t w = 1;
        for (int j = 0; j < width; j++) { tiles += c[j]; w *= choose4[c[j]]; }
        if (tiles < SIZES) {
            hands[tiles][classes[rank]] += 1;
            weighted[tiles][classes[rank]] += w;
            rank++;
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
    suit_census(9, mj_class9, number_h, number_w);
    suit_census(7, mj_class7, honor_h, honor_w);
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
                    int shanten = mj_final[n / 3][x][y] - 1;
                    hands[n][shanten + 1] += left_h[n1][x] * right_h[n - n1][y];
                    weighted[n][shanten + 1] += left_w[n1][x] * right_w[n - n1][y];
                }
            }
    }
    return 0;
}
