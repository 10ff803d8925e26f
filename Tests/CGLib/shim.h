// GLib, for the virtual-time tests of a real library's main loop: its timeouts wait in poll.
#include <glib.h>
