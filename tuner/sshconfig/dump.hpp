#pragma once
// readconf.c dump_client_config(): the finalised options in `ssh -G` order and
// format, with built-in defaults taken from the local client.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "base/result.hpp"
#include "tuner/sshconfig/evaluator.hpp"
#include "tuner/sshconfig/option_store.hpp"

#include <string>
#include <vector>

namespace sshtune::sshconfig {

// The facts dump_client_config() prints that are not options.
struct DumpContext {
  std::string host_arg;  // the destination as typed (minus user@ / ssh://)
  std::string hostname;  // the final, expanded, lower-cased host name
  Origin hostname_origin;
};

// Every `ssh -G` line for finalised options (see finalize.hpp); an error where
// ssh's fill_default_options fails or leaves an algorithm list empty (ssh prints
// a broken list there).
Result<std::vector<Setting>> dump_settings(const OptionStore& store, const DumpContext& context,
                                           const ClientCapabilities& client);

}  // namespace sshtune::sshconfig
