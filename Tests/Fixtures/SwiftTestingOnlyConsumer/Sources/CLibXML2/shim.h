// The libxml2 headers the fixture uses. parser.h includes encoding.h, which includes ICU's
// <unicode/ucnv.h> when libxml2 was built with ICU (Debian's is): the clash this fixture guards.
#include <libxml/parser.h>
#include <libxml/SAX2.h>
