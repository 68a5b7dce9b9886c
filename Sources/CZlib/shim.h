#ifndef MACTL_CZLIB_SHIM_H
#define MACTL_CZLIB_SHIM_H

#include <zlib.h>

#endif
