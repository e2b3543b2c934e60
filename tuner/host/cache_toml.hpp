#pragma once
// The cache file's format: one CachedHost as TOML, both ways. Decoding is strict
// about types (a key present with the wrong type, an unknown enum word or a
// negative count is an error naming FILE:LINE and the key) and lenient about
// absence (a key older versions did not write takes its default), so what it
// returns is well-formed; cache_validation.hpp then checks what the values say.

#include "base/result.hpp"
#include "tuner/host/host_cache.hpp"

#include <string>
#include <string_view>

namespace sshtune::host {

// The TOML text of `entry`, with a comment line saying the file is a cache.
std::string render_cache_entry(const CachedHost& entry);

// Parses and decodes cache TOML; `origin` (the file) names every error:
// "ORIGIN:LINE: decision.ciphers: expected an array of strings".
Result<CachedHost> decode_cache_entry(std::string_view text, const std::string& origin);

}  // namespace sshtune::host
