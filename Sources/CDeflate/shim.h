#ifndef MACTL_CDEFLATE_SHIM_H
#define MACTL_CDEFLATE_SHIM_H

#include <libdeflate.h>

#endif
