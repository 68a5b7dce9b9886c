#ifndef MACTL_CJAVASCRIPTCORE_SHIM_H
#define MACTL_CJAVASCRIPTCORE_SHIM_H

#include <stdbool.h>
#include <JavaScriptCore/JavaScript.h>

// Exported by the library but declared only in JSContextRefPrivate.h, which Debian does not
// install. It stops a script that never returns (`while (true) {}`).
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
JS_EXPORT void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                                   JSShouldTerminateCallback callback, void *context);
JS_EXPORT void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);

// Also exported but private: calls `function(promise, reason)` for a promise rejected with no
// handler once the promise jobs have run. `mactl test` reports those as app errors.
JS_EXPORT void JSGlobalContextSetUnhandledRejectionCallback(JSGlobalContextRef ctx, JSObjectRef function,
                                                            JSValueRef *exception);

#endif
