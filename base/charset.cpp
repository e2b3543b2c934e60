#include "base/charset.hpp"

#include <langinfo.h>
#include <locale.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>

namespace sshtune {
namespace {

// The variable setlocale(LC_CTYPE, "") reads: the first of LC_ALL, LC_CTYPE, LANG that is set.
std::string ctype_name() {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* value = std::getenv(name);
    if (value != nullptr && *value != '\0') return value;
  }
  return "";
}

bool names_utf8(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text.find("utf-8") != std::string::npos || text.find("utf8") != std::string::npos;
}

}  // namespace

Charset output_charset() {
  // newlocale() reads the same variables as setlocale(LC_CTYPE, "") without changing the process's locale.
  const locale_t locale = newlocale(LC_CTYPE_MASK, "", static_cast<locale_t>(0));
  if (locale == static_cast<locale_t>(0)) return names_utf8(ctype_name()) ? Charset::utf8 : Charset::ascii;
  const bool utf8 = names_utf8(nl_langinfo_l(CODESET, locale));
  freelocale(locale);
  return utf8 ? Charset::utf8 : Charset::ascii;
}

}  // namespace sshtune
