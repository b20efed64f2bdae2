/*
 * test_escape.c - cy_escape, the one function that makes input safe to echo.
 *
 * Hand-checked cases, then random byte strings checked three independent
 * ways: glibc's iconv accepts the result as UTF-8, no byte of it is a C0
 * control or DEL and no character a C1 control, and undoing the \xHH
 * escapes gives the input back (for inputs without backslashes).
 */
#include "support.h"

#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cy_escape of the first len bytes of s, with room for n bytes. */
static char *esc(const char *s, size_t len, size_t n, int flags, size_t *total)
{
    char *out = malloc(n ? n : 1);
    *total = cy_escape(n ? out : NULL, n, s, len, flags);
    if (!n)
        out[0] = 0;
    return out;
}

static void check(const char *in, size_t len, const char *want)
{
    size_t total;
    char *out = esc(in, len, 1000, 0, &total);
    assert_string_equal(out, want);
    assert_int_equal(total, strlen(want));
    free(out);
}

/* in is a string literal (it may hold NUL bytes) */
#define CHECK(in, want) check(in, sizeof in - 1, want)

static void test_cases(void **state)
{
    (void)state;
    CHECK("\033[2J\033[31mX", "\\x1b[2J\\x1b[31mX");
    CHECK("plain k4 1->2", "plain k4 1->2");
    CHECK("a\nb\tc\r", "a\\x0ab\\x09c\\x0d");
    CHECK("nul\0end", "nul\\x00end");
    CHECK("del\177", "del\\x7f");
    CHECK("caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x99\x82", "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x99\x82"); /* é → 🙂 */
    CHECK("\xc2\x9b"
          "31m",
          "\\xc2\\x9b31m");                            /* C1 CSI */
    CHECK("\xc3", "\\xc3");                            /* cut sequence */
    CHECK("\xc0\xaf", "\\xc0\\xaf");                   /* overlong '/' */
    CHECK("\xe0\x80\xaf", "\\xe0\\x80\\xaf");          /* overlong */
    CHECK("\xed\xa0\x80", "\\xed\\xa0\\x80");          /* surrogate */
    CHECK("\xf4\x90\x80\x80", "\\xf4\\x90\\x80\\x80"); /* above U+10FFFF */
    CHECK("\xff\xfe", "\\xff\\xfe");
    CHECK("back\\x1b", "back\\x1b"); /* a backslash is kept: escaping twice changes nothing */
    /* newlines and tabs kept on request, other controls not */
    size_t total;
    char *out = esc("a\nb\tc\033", 6, 100, CY_ESCAPE_KEEP_LINES, &total);
    assert_string_equal(out, "a\nb\tc\\x1b");
    free(out);
    /* cut between characters and escapes only; the total is the whole length */
    out = esc("\033ab", 3, 6, 0, &total);
    assert_string_equal(out, "\\x1ba");
    assert_int_equal(total, 6);
    free(out);
    out = esc("ab\033", 3, 5, 0, &total);
    assert_string_equal(out, "ab");
    free(out);
    out = esc("\xe2\x86\x92x", 4, 3, 0, &total);
    assert_string_equal(out, "");
    free(out);
    out = esc("abc", 3, 0, 0, &total);
    assert_int_equal(total, 3);
    free(out);
    char *d = cy_escape_dup("\033]0;title\007", 0);
    assert_string_equal(d, "\\x1b]0;title\\x07");
    free(d);
}

/* Whether s is valid UTF-8, by glibc's iconv. */
static int iconv_valid(const char *s)
{
    iconv_t cd = iconv_open("UTF-8", "UTF-8");
    assert_true(cd != (iconv_t)-1);
    size_t inleft = strlen(s), outleft = 4 * inleft + 4;
    char *out = malloc(outleft), *o = out, *in = (char *)s;
    size_t r = iconv(cd, &in, &inleft, &o, &outleft);
    iconv_close(cd);
    free(out);
    return r != (size_t)-1 && inleft == 0;
}

/* s with every \xHH turned back into its byte; *n its length. */
static char *unescape(const char *s, size_t *n)
{
    char *out = malloc(strlen(s) + 1);
    size_t k = 0;
    for (const char *p = s; *p;) {
        unsigned v;
        if (p[0] == '\\' && p[1] == 'x' && sscanf(p + 2, "%2x", &v) == 1) {
            out[k++] = (char)v;
            p += 4;
        } else
            out[k++] = *p++;
    }
    *n = k;
    return out;
}

static void test_random(void **state)
{
    (void)state;
    unsigned long long x = 12345;
    for (int round = 0; round < 20000; round++) {
        unsigned char in[64];
        size_t len = (size_t)(round % 64);
        for (size_t i = 0; i < len; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            unsigned char c = (unsigned char)(x >> 56);
            /* some rounds mostly ASCII or mostly UTF-8 lead/continuation bytes */
            if (round % 3 == 1 && c >= 0x80)
                c = (unsigned char)(0x80 + c % 0x50);
            in[i] = c == '\\' ? '/' : c;
        }
        size_t total;
        char *out = esc((const char *)in, len, 4 * len + 1, 0, &total);
        assert_int_equal(strlen(out), total);
        assert_true(iconv_valid(out));
        for (const unsigned char *p = (const unsigned char *)out; *p; p++) {
            assert_true(*p >= 0x20 && *p != 0x7f);
            if (*p == 0xc2)
                assert_true(p[1] > 0x9f); /* no C1 control */
        }
        size_t n;
        char *back = unescape(out, &n);
        assert_int_equal(n, len);
        assert_memory_equal(back, in, len);
        /* escaping again changes nothing */
        char *again = cy_escape_dup(out, 0);
        assert_string_equal(again, out);
        free(again);
        free(back);
        free(out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
