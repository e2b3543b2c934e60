#include "base/clock.hpp"

#include <thread>

namespace sshtune {
namespace {

class SystemClock final : public Clock {
 public:
  time_point now() const override { return std::chrono::steady_clock::now(); }
  std::int64_t unix_seconds() const override {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
  void sleep_for(duration span) const override { std::this_thread::sleep_for(span); }
};

}  // namespace

const Clock& system_clock() {
  static const SystemClock clock;
  return clock;
}

}  // namespace sshtune
