#pragma once
// The OpensshRunner of the user's own `ssh` (openssh_runner.cpp); the interface
// and its timing contract are in probes/core/openssh_runner.hpp.

#include "probes/core/openssh_runner.hpp"

#include <memory>

namespace sshtune {

// The production OpensshRunner for `target`: one ssh process per trial, run as the interface describes.
std::unique_ptr<OpensshRunner> make_openssh_runner(OpensshTarget target);

}  // namespace sshtune
