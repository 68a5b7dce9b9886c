#ifndef MACTL_CLIBZIP_SHIM_H
#define MACTL_CLIBZIP_SHIM_H

#include <zip.h>

#endif
