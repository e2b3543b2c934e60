#include "base/algorithm_kind.hpp"

namespace sshtune {

std::string_view ssh_query_name(AlgorithmKind kind) {
  switch (kind) {
    case AlgorithmKind::cipher: return "cipher";
    case AlgorithmKind::mac: return "mac";
    case AlgorithmKind::kex: return "kex";
    case AlgorithmKind::key_sig: return "key-sig";
    case AlgorithmKind::sig: return "sig";
  }
  return "cipher";
}

}  // namespace sshtune
