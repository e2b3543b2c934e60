#include "probes/openssh/session_pool.hpp"

namespace sshtune::probes {

SessionPool::SessionPool(const OpensshTarget& target, std::vector<TrialSpec> specs, const Clock& clock)
    : m_thread([this, target, specs = std::move(specs), &clock] {
        m_lives = start_staggered(target, specs, target.timeout, clock, &m_stop);
      }) {}

SessionPool::~SessionPool() {
  m_stop = true;
  if (m_thread.joinable()) m_thread.join();
}

std::vector<Live> SessionPool::take() {
  if (m_thread.joinable()) m_thread.join();
  return std::move(m_lives);
}

bool can_stream(const TrialSpec& prepared, const TrialSpec& wanted) {
  return prepared.kind == wanted.kind && prepared.cipher == wanted.cipher &&
         prepared.compression == wanted.compression && prepared.openssh.file_input == wanted.openssh.file_input &&
         prepared.payload == wanted.payload;
}

}  // namespace sshtune::probes
