#include "CImpostorABISuite.h"
