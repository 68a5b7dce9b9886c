// The declaration in include/ is all this target provides; libFuzzer is linked by scripts/fuzz.sh.
#include "CFuzzDriver.h"
