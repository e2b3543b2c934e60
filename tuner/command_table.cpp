#include "tuner/commands.hpp"

#include <array>

namespace sshtune {

std::span<const Command> commands() {
  // Only commands that work are listed; --help prints them in this order.
  static const std::array table{
      Command{"cpu", "CPU crypto features and local cipher/compression speeds (no network)", run_cpu},
      Command{"apply", "write a host's ciphers and compression into ssh_config (safely)", run_apply},
      Command{"revert", "remove what apply wrote, for one host or all", run_revert},
      Command{"config", "effective ssh settings for a host (as ssh -G), with file:line origins", run_config},
  };
  return table;
}

}  // namespace sshtune
