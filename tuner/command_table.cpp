#include "tuner/commands.hpp"

#include <array>

namespace sshtune {

std::span<const Command> commands() {
  // Only commands that work are listed; --help prints them in this order.
  static const std::array table{
      Command{"cpu", "CPU crypto features and local cipher/compression speeds (no network)", run_cpu},
  };
  return table;
}

}  // namespace sshtune
