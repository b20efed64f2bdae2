/*
 * fuzz_check.c - libFuzzer target for the reader and checker of
 * cycles-check (src/checker/cert.c): any bytes are a certificate to check;
 * whatever they are, the check ends with a verdict and a one-line message,
 * never a crash.  It links the checker alone, not libcycles.
 */
#include "cert.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ck_result r;
    int rc = ck_check((const char *)data, size, &r);
    /* the verdict and its message agree, and the message is one line */
    if ((rc == 0) != (r.ok == 1) || (!r.ok && !r.msg[0]) || strchr(r.msg, '\n'))
        abort();
    return 0;
}
