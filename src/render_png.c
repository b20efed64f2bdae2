/*
 * render_png.c - SVG to PNG through librsvg and cairo, when the build found
 * them (CYCLES_HAVE_RSVG); without them PNG output is refused with a message
 * that says what to install.
 *
 * The libraries are loaded with dlopen when a PNG is first asked for: they
 * bring some fifty shared libraries with them, and loading those at every
 * start would cost every command (a 14-edge solve included) several
 * milliseconds.
 */
#include "internal.h"

#ifdef CYCLES_HAVE_RSVG

#include <cairo.h>
#include <dlfcn.h>
#include <librsvg/rsvg.h>
#include <math.h>
#include <pthread.h>
#include <string.h>

/* The functions used, found with dlsym. */
static struct {
    int ok;
    RsvgHandle *(*new_from_data)(const guint8 *, gsize, GError **);
    gboolean (*intrinsic_size)(RsvgHandle *, gdouble *, gdouble *);
    gboolean (*render_document)(RsvgHandle *, cairo_t *, const RsvgRectangle *, GError **);
    void (*object_unref)(gpointer);
    void (*error_free)(GError *);
    cairo_surface_t *(*surface_create)(cairo_format_t, int, int);
    cairo_t *(*create)(cairo_surface_t *);
    void (*destroy)(cairo_t *);
    void (*surface_destroy)(cairo_surface_t *);
    cairo_status_t (*write_png)(cairo_surface_t *, cairo_write_func_t, void *);
    const char *(*status_string)(cairo_status_t);
} lib;
static pthread_once_t lib_once = PTHREAD_ONCE_INIT;

/* Loads librsvg (which brings cairo and GLib) and looks the functions up;
 * lib.ok says whether all were found. */
static void lib_load(void)
{
    void *h = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_GLOBAL);
    if (!h)
        return;
    void **want[] = {(void **)&lib.new_from_data, (void **)&lib.intrinsic_size, (void **)&lib.render_document,
                     (void **)&lib.object_unref,  (void **)&lib.error_free,     (void **)&lib.surface_create,
                     (void **)&lib.create,        (void **)&lib.destroy,        (void **)&lib.surface_destroy,
                     (void **)&lib.write_png,     (void **)&lib.status_string};
    static const char *const names[] = {"rsvg_handle_new_from_data",
                                        "rsvg_handle_get_intrinsic_size_in_pixels",
                                        "rsvg_handle_render_document",
                                        "g_object_unref",
                                        "g_error_free",
                                        "cairo_image_surface_create",
                                        "cairo_create",
                                        "cairo_destroy",
                                        "cairo_surface_destroy",
                                        "cairo_surface_write_to_png_stream",
                                        "cairo_status_to_string"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        *want[i] = dlsym(h, names[i]);
        if (!*want[i])
            return;
    }
    lib.ok = 1;
}

/* The largest PNG side we render (pixels). */
#define PNG_MAX_SIDE 8192.0
/* The most SVG text turned into PNG: librsvg holds about 40 times the
 * text while it draws (a 33 MB picture of cycle:99999 took 1.26 GB), so
 * 4 MiB keeps PNG within about 160 MiB. */
#define PNG_MAX_SVG (4 << 20)

/* Where cairo's PNG writer puts the bytes. */
typedef struct png_sink {
    unsigned char *s;
    size_t len, cap;
} png_sink;

/* cairo's write callback: appends to the sink; never fails. */
static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int n)
{
    png_sink *k = closure;
    if (k->len + n > k->cap) {
        while (k->len + n > k->cap)
            k->cap = k->cap ? 2 * k->cap : 65536;
        k->s = cyi_xrealloc(k->s, k->cap);
    }
    memcpy(k->s + k->len, data, n);
    k->len += n;
    return CAIRO_STATUS_SUCCESS;
}

/* Whether PNG can be written: librsvg loads. */
int cy_png_available(void)
{
    pthread_once(&lib_once, lib_load);
    return lib.ok;
}

/* Under AddressSanitizer: fontconfig (which librsvg reaches through pango
 * to set text) keeps caches for the life of the process that LeakSanitizer
 * reports at exit; they are not ours and not growing, so they are
 * suppressed for every program that links this file. */
#if defined(__SANITIZE_ADDRESS__)
#define CY_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CY_ASAN 1
#endif
#endif
#ifdef CY_ASAN
const char *__lsan_default_suppressions(void);
/* LeakSanitizer's hook: the suppressions it reads at start. */
const char *__lsan_default_suppressions(void)
{
    return "leak:libfontconfig.so\n";
}
#endif

/* Renders the SVG with librsvg onto a cairo image of its own size (at most
 * PNG_MAX_SIDE pixels a side) and encodes it as PNG in memory. */
int cy_svg_to_png(const char *svg, size_t svg_len, unsigned char **png, size_t *png_len, cy_error *err)
{
    *png = NULL;
    *png_len = 0;
    if (!cy_png_available())
        return cy_error_set(err, "cannot load librsvg-2.so.2 to write PNG (install librsvg2-2); write .svg instead");
    if (svg_len > PNG_MAX_SVG)
        return cy_error_set(err,
                            "the picture is too detailed for PNG (%zu KiB of SVG; at most %d KiB): write .svg instead",
                            svg_len >> 10, PNG_MAX_SVG >> 10);
    GError *ge = NULL;
    RsvgHandle *h = lib.new_from_data((const guint8 *)svg, svg_len, &ge);
    if (!h) {
        cy_error_set(err, "cannot read the SVG: %s", ge ? ge->message : "unknown error");
        if (ge)
            lib.error_free(ge);
        return -1;
    }
    gdouble w = 0, hgt = 0;
    if (!lib.intrinsic_size(h, &w, &hgt) || !(w >= 1) || !(hgt >= 1) || w > PNG_MAX_SIDE || hgt > PNG_MAX_SIDE) {
        lib.object_unref(h);
        return cy_error_set(err, "the picture has no usable size in pixels (at most %.0f a side)", PNG_MAX_SIDE);
    }
    int iw = (int)ceil(w), ih = (int)ceil(hgt);
    cairo_surface_t *s = lib.surface_create(CAIRO_FORMAT_ARGB32, iw, ih);
    cairo_t *cr = lib.create(s);
    RsvgRectangle vp = {0, 0, w, hgt};
    int ok = lib.render_document(h, cr, &vp, &ge);
    lib.destroy(cr);
    lib.object_unref(h);
    if (!ok) {
        cy_error_set(err, "cannot render the SVG: %s", ge ? ge->message : "unknown error");
        if (ge)
            lib.error_free(ge);
        lib.surface_destroy(s);
        return -1;
    }
    png_sink k = {0};
    cairo_status_t st = lib.write_png(s, sink_write, &k);
    lib.surface_destroy(s);
    if (st != CAIRO_STATUS_SUCCESS) {
        free(k.s);
        return cy_error_set(err, "cannot encode the PNG: %s", lib.status_string(st));
    }
    *png = k.s;
    *png_len = k.len;
    return 0;
}

#else

/* This build cannot write PNG. */
int cy_png_available(void)
{
    return 0;
}

/* Always refuses, saying what to install. */
int cy_svg_to_png(const char *svg, size_t svg_len, unsigned char **png, size_t *png_len, cy_error *err)
{
    (void)svg;
    (void)svg_len;
    *png = NULL;
    *png_len = 0;
    return cy_error_set(err, "this build cannot write PNG (install librsvg2-dev and rebuild); write .svg instead");
}

#endif
