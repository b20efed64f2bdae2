/*
 * support.h - helpers shared by the cmocka tests.
 */
#ifndef CYCLES_TEST_SUPPORT_H
#define CYCLES_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "cycles.h"

/* Path of a file in the source tree (CYCLES_SOURCE_DIR); static buffer. */
const char *t_source_path(const char *rel);
/* Path of a file of tests/data (real inputs copied from other projects,
 * tests/data/README.md says whence); static buffer. */
const char *t_data_path(const char *rel);
/* Reads a whole file; fails the test if it cannot. Caller frees. */
char *t_read_file(const char *path, size_t *len);
/* Loads a board spec (family or file); fails the test with the message if it cannot. */
cy_board *t_board(const char *spec);
/* Analyses the position after the given moves (may be NULL) with the default (fast) solver. */
void t_analyse(const cy_board *b, const char *moves, cy_analysis *a);
/* Grundy value of the empty board (-1 if a cycle can be completed at once). */
int t_grundy(const char *spec);

#endif
