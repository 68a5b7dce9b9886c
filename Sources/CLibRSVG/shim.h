#ifndef MACTL_CLIBRSVG_SHIM_H
#define MACTL_CLIBRSVG_SHIM_H

// librsvg renders icons from memory after libxml2's safety checks; cairo gives the pixels.
#include <librsvg/rsvg.h>
#include <cairo.h>

#endif
