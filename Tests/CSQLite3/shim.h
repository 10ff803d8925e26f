// SQLite, as Debian's libsqlite3-dev installs it, for the test suite's mock VFS only.
#include <sqlite3.h>
