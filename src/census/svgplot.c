/*
 * svgplot.c - a small SVG chart writer for the census report: grouped bars
 * on a log scale, lines, and stacked shares, one value per series and
 * category.  Plain SVG 1.1, nothing else needed to view it.
 */
#include "svgplot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const colours[] = {"#4477aa", "#ee6677", "#228833", "#ccbb44",
                                      "#66ccee", "#aa3377", "#bbbbbb", "#000000"};
#define NCOLOURS (int)(sizeof colours / sizeof colours[0])

/* Escapes &, < and > for SVG text. */
static void text_out(census_buf *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '&')
            census_printf(b, "&amp;");
        else if (*s == '<')
            census_printf(b, "&lt;");
        else if (*s == '>')
            census_printf(b, "&gt;");
        else
            census_printf(b, "%c", *s);
    }
}

char *census_svg_chart(const census_svg_chart_spec *c)
{
    const double W = 640, H = 360, L = 70, R = 150, T = 40, B = 50;
    const double pw = W - L - R, ph = H - T - B;
    census_buf b = {0};
    census_printf(&b,
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                  "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
                  W, H, W, H);
    census_printf(&b, "<text x=\"%.0f\" y=\"22\" font-size=\"15\" text-anchor=\"middle\">", W / 2);
    text_out(&b, c->title);
    census_printf(&b, "</text>\n");
    /* the y scale */
    double hi = 0;
    int logy = c->kind == CY_SVG_BARS_LOG;
    for (int s = 0; s < c->nseries; s++)
        for (int x = 0; x < c->ncat; x++) {
            double v = c->values[s * c->ncat + x];
            if (!isnan(v) && v > hi)
                hi = v;
        }
    if (c->kind == CY_SVG_STACKED)
        hi = 1;
    if (logy)
        hi = hi >= 10 ? ceil(log10(hi)) : 1;
    else if (hi <= 0)
        hi = 1;
    else if (c->kind == CY_SVG_LINES) {
        double step = pow(10, floor(log10(hi)));
        hi = ceil(hi / step) * step;
    }
    /* axes, grid and tick labels */
    int ticks = logy ? (int)hi : 5;
    for (int i = 0; i <= ticks; i++) {
        double y = T + ph - ph * i / ticks;
        census_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>\n", L, y, L + pw,
                      y);
        char lab[32];
        if (logy)
            snprintf(lab, sizeof lab, "%.0f", pow(10, i));
        else if (c->percent)
            snprintf(lab, sizeof lab, "%.0f%%", 100 * hi * i / ticks);
        else
            snprintf(lab, sizeof lab, "%g", hi * i / ticks);
        census_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", L - 6, y + 4, lab);
    }
    census_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n", L, T + ph, L + pw,
                  T + ph);
    census_printf(&b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n", L, T, L, T + ph);
    double cw = c->ncat ? pw / c->ncat : pw;
    for (int x = 0; x < c->ncat; x++)
        census_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", L + cw * (x + 0.5),
                      T + ph + 16, c->categories[x]);
    census_printf(&b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", L + pw / 2, H - 10);
    text_out(&b, c->xlabel);
    census_printf(&b, "</text>\n<text x=\"16\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 16 %.1f)\">",
                  T + ph / 2, T + ph / 2);
    text_out(&b, c->ylabel);
    census_printf(&b, "</text>\n");
    /* the data */
    for (int s = 0; s < c->nseries; s++) {
        const char *col = colours[s % NCOLOURS];
        if (c->kind == CY_SVG_LINES)
            census_printf(&b, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", col);
        for (int x = 0; x < c->ncat; x++) {
            double v = c->values[s * c->ncat + x];
            if (isnan(v))
                continue;
            if (c->kind == CY_SVG_BARS_LOG) {
                double h = v >= 1 ? ph * log10(v) / hi + 2 : 0;
                double bw = cw * 0.8 / c->nseries;
                census_printf(&b,
                              "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%g</title></rect>\n",
                              L + cw * x + cw * 0.1 + bw * s, T + ph - h, bw, h, col, v);
            } else if (c->kind == CY_SVG_LINES)
                census_printf(&b, "%.1f,%.1f ", L + cw * (x + 0.5), T + ph - ph * v / hi);
            else {
                double below = 0, total = 0;
                for (int t = 0; t < c->nseries; t++) {
                    double u = c->values[t * c->ncat + x];
                    if (isnan(u))
                        continue;
                    total += u;
                    if (t < s)
                        below += u;
                }
                if (total <= 0 || v <= 0)
                    continue;
                double y0 = T + ph - ph * below / total, h = ph * v / total;
                census_printf(&b,
                              "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%g</title></rect>\n",
                              L + cw * x + cw * 0.1, y0 - h, cw * 0.8, h, col, v);
            }
        }
        if (c->kind == CY_SVG_LINES) {
            census_printf(&b, "\"/>\n");
            for (int x = 0; x < c->ncat; x++) {
                double v = c->values[s * c->ncat + x];
                if (!isnan(v))
                    census_printf(&b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%g</title></circle>\n",
                                  L + cw * (x + 0.5), T + ph - ph * v / hi, col, v);
            }
        }
        /* legend */
        double ly = T + 10 + 18 * s;
        census_printf(&b,
                      "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>\n<text x=\"%.1f\" y=\"%.1f\">",
                      L + pw + 14, ly - 10, col, L + pw + 32, ly);
        text_out(&b, c->series[s]);
        census_printf(&b, "</text>\n");
    }
    census_printf(&b, "</svg>\n");
    return b.s;
}
