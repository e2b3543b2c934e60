#pragma once
// Algorithm-list keywords (Ciphers, MACs, KexAlgorithms, *Algorithms): the
// parse-time validity check and the +/-/^ expansion against the client's defaults.

#include "base/strings.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::sshconfig {

// readconf.c's check of one argument: nullopt if ssh accepts it, else ssh's message
// (e.g. "Bad SSH2 cipher spec 'x'."). A leading '-' is never checked.
std::optional<std::string> check_algorithm_argument(AlgorithmKind kind, std::string_view arg,
                                                    const ClientCapabilities& client);

// kex_assemble_names(): the effective list for a configured value (nullopt = unset)
// given the default list and every supported name; nullopt if ssh finds it invalid
// (an empty result, or a '!' in a positive list).
std::optional<std::vector<std::string>> assemble_algorithms(const std::optional<std::string>& configured,
                                                            const std::vector<std::string>& defaults,
                                                            const std::vector<std::string>& supported);

}  // namespace sshtune::sshconfig
