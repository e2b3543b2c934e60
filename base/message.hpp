#pragma once
// Input quoted in messages. Anything ssh-tune prints about a file, a host or a
// server may carry bytes a terminal acts on (ESC sequences, CR, a BOM) or be
// megabytes long; every message shows such input escaped and shortened, so an
// error stays one readable line:
// - \t \n \r and ESC as "\t" "\n" "\r" "\e"; any other control byte, DEL and
//   every byte >= 0x80 as three octal digits ("\357\273\277" for a UTF-8 BOM),
//   as ssh prints them; printable ASCII (backslash included) stays as it is, so
//   escaping twice changes nothing;
// - input quoted inside a message keeps at most k_max_quoted_input characters,
//   a whole message at most k_max_message characters.

#include "base/charset.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace sshtune {

inline constexpr std::size_t k_max_quoted_input = 200;
inline constexpr std::size_t k_max_message = 1024;

// `bytes` with every non-printable byte escaped (see above); no length limit.
std::string escape_bytes(std::string_view bytes);

// escape_bytes(text) in at most `limit` characters: cut at a whole escape and
// ended with "..." when it does not fit. Idempotent.
std::string escape_within(std::string_view text, std::size_t limit);

// Input to quote inside a message: escaped, and past k_max_quoted_input
// characters cut and followed by "... (N bytes)".
std::string quote_input(std::string_view input);

// A whole message made safe to print as one line: escape_within(message, k_max_message).
std::string one_line(std::string_view message);

// The signs ssh-tune's own messages use, in UTF-8: "×" (U+00D7, a ratio of speeds)
// and "→" (U+2192, before and after a fix).
inline constexpr std::string_view k_times_sign = "\u00D7";
inline constexpr std::string_view k_arrow_sign = "\u2192";

// one_line(message), except that the signs above stay signs: as they are in
// `charset` utf8, as "x" and "->" in ascii. The same character inside quoted
// input shows the same way: a printable sign, never a control.
std::string one_line(std::string_view message, Charset charset);

}  // namespace sshtune
