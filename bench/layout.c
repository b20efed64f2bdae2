/*
 * layout.c - measures the pictures of every plane board of up to 8 edges
 * without coordinates (tests/planeboards.c): how many are larger than 800 and
 * 1000 pixels, the smallest vertex distance as a percentage of the picture,
 * the boards that miss the goals of the layout test (vertex centres three
 * radii apart, vertices a radius away from other edges), and the time
 * cy_layout takes per board.  Built and run by bench/layout.sh.
 */
#include "../tests/planeboards.c"
#include "../tests/svgpic.c"

#include <time.h>

/* Seconds of processor time of this thread (the machine is shared: wall time
 * would count the time others take). */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The smallest distance between two vertex centres as a percentage of the
 * picture's longer side. */
static double sp_min_percent(const sp_pic *p, const cy_board *b)
{
    double m = INFINITY;
    for (int u = 0; u < b->nv; u++)
        for (int v = u + 1; v < b->nv; v++)
            m = fmin(m, hypot(p->cx[u] - p->cx[v], p->cy[u] - p->cy[v]));
    return 100 * m / fmax(p->width, p->height);
}

/* Orders doubles. */
static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    pb_list level[PB_MAXE + 1];
    pb_generate(PB_MAXE, level);
    int total = 0;
    for (int e = 1; e <= PB_MAXE; e++) {
        printf("%d edges: %d boards\n", e, level[e].n);
        total += level[e].n;
    }
    printf("in all: %d boards\n", total);
    double *times = malloc(sizeof(double) * (size_t)total);
    int nt = 0, over800 = 0, over1000 = 0, under3 = 0, missvv = 0, missve = 0, failed = 0;
    double maxside = 0, minpct = INFINITY, minvv = INFINITY, minve = INFINITY;
    char desc[512], worst[512] = "", slow[512] = "";
    double slowest = 0, sumpct = 0;
    for (int e = 1; e <= PB_MAXE; e++)
        for (int i = 0; i < level[e].n; i++) {
            cy_error err;
            cy_board *b = pb_board(&level[e].m[i], desc, sizeof desc, &err);
            if (!b) {
                printf("refused: %s: %s\n", desc, err.msg);
                failed++;
                continue;
            }
            double *xy = malloc(sizeof(double) * 2 * (size_t)b->nv);
            double t0 = now();
            int rc = cy_layout(b, xy, &err);
            times[nt] = now() - t0;
            if (times[nt] > slowest) {
                slowest = times[nt];
                snprintf(slow, sizeof slow, "%s", desc);
            }
            nt++;
            free(xy);
            /* with a caption as `cycles draw` writes it */
            cy_picture pic = {.last = -1, .caption = "plane board: 0 moves; player 1 to move"};
            char *svg = rc < 0 ? NULL : cy_render_svg(b, &pic, &err);
            sp_pic p;
            if (!svg || sp_read(svg, b, &p) < 0) {
                printf("no picture: %s: %s\n", desc, err.msg);
                failed++;
                free(svg);
                cy_board_free(b);
                continue;
            }
            double side = fmax(p.width, p.height), vv, ve, pct = sp_min_percent(&p, b);
            sp_resolution(&p, b, &vv, &ve);
            maxside = fmax(maxside, side);
            over800 += side > 800;
            over1000 += side > 1000;
            under3 += pct < 3;
            missvv += vv < 3;
            missve += ve < 1;
            sumpct += pct;
            if (pct < minpct) {
                minpct = pct;
                snprintf(worst, sizeof worst, "%s", desc);
            }
            minvv = fmin(minvv, vv);
            minve = fmin(minve, ve);
            sp_free(&p);
            free(svg);
            cy_board_free(b);
        }
    qsort(times, (size_t)nt, sizeof(double), cmp_double);
    printf("pictures larger than 800 px: %d; larger than 1000 px: %d; largest side %.0f px\n", over800, over1000,
           maxside);
    printf("smallest vertex distance: %.2f %% of the picture (%s); boards under 3 %%: %d; mean over the boards "
           "%.1f %%\n", minpct, worst, under3, sumpct / (nt - failed));
    printf("vertex centres closer than 3 radii: %d boards (closest %.2f radii)\n", missvv, minvv);
    printf("vertices closer than 1 radius to another edge: %d boards (closest %.2f radii)\n", missve, minve);
    printf("cy_layout per board (processor time): median %.3f ms, max %.3f ms (%s)\n", 1e3 * times[nt / 2], 1e3 * times[nt - 1],
           slow);
    printf("boards refused or not drawn: %d\n", failed);
    free(times);
    for (int e = 0; e <= PB_MAXE; e++)
        free(level[e].m);
    return failed ? 1 : 0;
}
