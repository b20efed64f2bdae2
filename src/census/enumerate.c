/* enumerate.c - placeholder: the enumeration of census boards (issue 11). */
#include "enumerate.h"

int cy_census_enumerate(const cy_census_enum_opts *o, cy_census_visit f, void *ctx, cy_error *err) {
    (void)o; (void)f; (void)ctx;
    return cy_error_set(err, "the census enumeration is not built yet");
}
