#include "base/ssh_program.hpp"

#include <cstdlib>

namespace sshtune {

std::string ssh_program() {
  const char* program = std::getenv("SSHTUNE_SSH");
  return program != nullptr && *program != '\0' ? program : "ssh";
}

}  // namespace sshtune
