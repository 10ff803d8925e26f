// libffi, as Debian's libffi-dev installs it (ffi.h lives in the multiarch include folder).
#include <ffi.h>
