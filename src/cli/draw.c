/*
 * draw.c - `cycles draw` (not written yet).
 */
#include "cli.h"

int cmd_draw(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(NULL, "cycles draw is not available yet");
}
