#ifndef MACTL_CLIBXML2_SHIM_H
#define MACTL_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU; <libxml/encoding.h> would then pull in the system ICU
// headers, whose UErrorCode clashes with the toolchain's _FoundationICU module in any Swift
// file that imports both. mactl never uses the ICU fields of the encoding handler.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

// xmlFree is a global function-pointer variable, which Swift 6 strict concurrency rejects.
static inline void mactl_xmlFree(void *pointer) { xmlFree(pointer); }

#endif
