/*
 * cert.h - the certificate checker of cycles-check: reads a certificate
 * (docs/certificates.md, versions 1 and 2) and checks every record against the
 * rules of the Game of Cycles, written here afresh from the papers
 * (Alvarado et al. 2021, sections 1-2; Fokkink and Zandee 2022, section 3).
 * It shares no source file with libcycles and does not link it.
 */
#ifndef CYCLES_CHECK_CERT_H
#define CYCLES_CHECK_CERT_H

#include <stddef.h>

/* What a check found. */
typedef struct ck_result {
    int ok;             /* 1: every record holds and the claim follows */
    char msg[600];      /* ok: the claim in words; else the first fault,
                           one line naming the line of the certificate */
    long records;       /* records read */
    int nv, ne, ncells; /* the board of the header */
} ck_result;

/* Checks the certificate text[0..len).  Never crashes, whatever the text;
 * returns 0 when verified, 1 otherwise (r->msg says why). */
int ck_check(const char *text, size_t len, ck_result *r);

#endif
