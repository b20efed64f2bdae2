/*
 * serve.c - `cycles serve` (not written yet).
 */
#include "cli.h"

int cmd_serve(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(NULL, "cycles serve is not available yet");
}
