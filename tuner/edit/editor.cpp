#include "tuner/edit/editor.hpp"

#include "base/message.hpp"
#include "tuner/edit/atomic_writer.hpp"
#include "tuner/edit/block_check.hpp"
#include "tuner/edit/edit_plan.hpp"
#include "tuner/edit/file_lock.hpp"
#include "tuner/edit/new_file_owner.hpp"
#include "tuner/edit/unified_diff.hpp"
#include "tuner/sshconfig/names.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <ctime>
#include <functional>

namespace sshtune::edit {
namespace {

using Planner = std::function<Result<EditPlan>(const PlanContext&)>;

// The host ssh -G is asked about when only "ssh accepts the files" matters.
constexpr const char* k_check_host = "ssh-tune-check";

// What ssh -G must show after the edit; `ciphers` empty means only "exit 0".
struct Expectation {
  std::string host;
  std::string ciphers;
  std::optional<bool> compression;
};
using Expectations = std::vector<Expectation>;  // one per host an edit must show; never empty

Result<EditPlan> plan_now(const EditTargets& targets, const Planner& planner, EditEnv& env) {
  SSHTUNE_TRY(config, take_snapshot(env.fs, targets.config));
  SSHTUNE_TRY(managed, take_snapshot(env.fs, targets.managed));
  return planner(PlanContext{targets, std::move(config), std::move(managed), env.client});
}

EditReport describe(const EditPlan& plan, bool with_diff) {
  EditReport report;
  for (const auto& change : plan.changes) {
    report.changed.push_back(change.before.path);
    if (!change.after) {
      report.removed.push_back(change.before.path);
    }
    if (with_diff) {
      report.diff += unified_diff(change.before.path.string(), change.before.content, change.before.state.exists,
                                  change.after.value_or(""), change.after.has_value());
    }
  }
  return report;
}

bool path_exists(const std::filesystem::path& path) {
  std::error_code ignored;
  return std::filesystem::exists(path, ignored);
}

// ssh's first stderr line without its CR LF (ssh ends lines with "\r\n"), quoted for a message.
std::string first_line(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  if (line.ends_with('\r')) line.pop_back();
  return quote_input(line);
}

// ssh's verdict on `config` for `host`; an error message when ssh rejects it.
Result<std::optional<std::string>> ssh_objection(EditEnv& env, const std::filesystem::path& config,
                                                 const Expectation& expected) {
  SSHTUNE_TRY(run, env.ssh.dump_config(config, expected.host));
  if (run.exit_code != 0) {
    return std::optional<std::string>("ssh -G exits " + std::to_string(run.exit_code) + ": " + first_line(run.err));
  }
  const std::string ciphers = dump_value(run.out, "ciphers");
  if (!expected.ciphers.empty() && ciphers != expected.ciphers && !ciphers.starts_with(expected.ciphers + ",")) {
    return std::optional<std::string>("ssh -G shows ciphers " + quote_input(ciphers) + " for " + expected.host);
  }
  if (expected.compression && dump_value(run.out, "compression") != (*expected.compression ? "yes" : "no")) {
    return std::optional<std::string>("ssh -G shows compression " + dump_value(run.out, "compression") + " for " +
                                      expected.host);
  }
  return std::optional<std::string>();
}

// The first host of `expected` whose settings ssh -G does not show; nullopt when all are right.
Result<std::optional<std::string>> first_objection(EditEnv& env, const std::filesystem::path& config,
                                                   const Expectations& expected) {
  for (const Expectation& one : expected) {
    SSHTUNE_TRY(objection, ssh_objection(env, config, one));
    if (objection) return objection;
  }
  return std::optional<std::string>();
}

void roll_back(const std::vector<const FileChange*>& done, AtomicWriter& writer) {
  for (auto it = done.rbegin(); it != done.rend(); ++it) {
    (void)writer.restore((*it)->before);  // best effort: the first error is the one reported
  }
}

Result<void> execute(const EditPlan& plan, AtomicWriter& writer, std::vector<const FileChange*>& done) {
  for (const auto& change : plan.changes) {
    auto step = change.after ? writer.replace(change.before, *change.after, WriteOptions{change.backup, change.mode})
                             : writer.remove(change.before);
    if (!step) {
      roll_back(done, writer);
      return step.error();
    }
    done.push_back(&change);
  }
  return ok();
}

// Creates `dir` (0700, owned as owner_for_new_file() says for its parent) when missing.
Result<void> ensure_directory(const std::filesystem::path& dir) {
  if (path_exists(dir)) return ok();
  SSHTUNE_TRY(owner, owner_for_new_file(dir.parent_path()));
  if (::mkdir(dir.c_str(), 0700) != 0) {
    return errno == EEXIST ? ok() : Result<void>(io_error(dir, errno));
  }
  if (::chown(dir.c_str(), owner.uid, owner.gid) != 0) return io_error(dir, errno);
  return ok();
}

// Checks ssh accepts the config now, writes, checks again; restores on failure.
Result<void> write_verified(const std::filesystem::path& config, const EditPlan& plan, const Expectations& expected,
                            EditEnv& env) {
  std::optional<std::string> before;
  if (path_exists(config)) {
    SSHTUNE_TRY(objection, ssh_objection(env, config, Expectation{expected.front().host, "", std::nullopt}));
    before = objection;
  }
  if (before && !expected.front().ciphers.empty()) {
    return Error{ErrorKind::invalid_input,
                 config.string() + ": rejected before any change (" + *before + "); fix it first, nothing was written"};
  }
  AtomicWriter writer(env.fs);
  std::vector<const FileChange*> done;
  SSHTUNE_TRYV(execute(plan, writer, done));
  if (before || !path_exists(config)) {
    return ok();  // nothing sound to compare against (revert of an already broken or now removed config)
  }
  SSHTUNE_TRY(after, first_objection(env, config, expected));
  if (after) {
    roll_back(done, writer);
    return Error{ErrorKind::io, config.string() + ": " + *after + "; the previous files were restored"};
  }
  return ok();
}

// The lock that guards edits of the file `path` names (behind its symlinks).
Result<FileLock> lock_for(const std::filesystem::path& path, const Clock& clock) {
  SSHTUNE_TRY(target, resolve_target(path));
  auto lock = FileLock::acquire(lock_path_for(target), clock);
  if (!lock) {
    return Error{lock.error().kind, path.string() + ": not changed: " + lock.error().message};
  }
  return lock;
}

// The locks of one edit: the top config's first (every edit of that configuration,
// apply, revert and audit --fix alike, takes it, so they exclude each other), then
// one per file it writes, in sorted order (no lock cycles between processes) and
// each file once (a second flock of the same file in one process would wait forever).
Result<std::vector<FileLock>> lock_edit(const std::filesystem::path& config,
                                        const std::vector<std::filesystem::path>& files, const Clock& clock) {
  SSHTUNE_TRY(root, resolve_target(config));
  std::vector<std::filesystem::path> targets;
  for (const auto& file : files) {
    SSHTUNE_TRY(target, resolve_target(file));
    if (target != root) targets.push_back(std::move(target));
  }
  std::sort(targets.begin(), targets.end());
  targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
  targets.insert(targets.begin(), root);
  std::vector<FileLock> locks;
  for (const auto& target : targets) {
    SSHTUNE_TRY(lock, lock_for(target == root ? config : target, clock));
    locks.push_back(std::move(lock));
  }
  return locks;
}

// The second half of an edit, with its locks held: plans again (another process
// may have edited in between), clears stale temp files, writes and verifies.
Result<EditReport> write_locked(const std::function<Result<EditPlan>()>& plan_again,
                                const std::filesystem::path& config, const Expectations& expected, EditEnv& env) {
  SSHTUNE_TRY(plan, plan_again());
  for (const auto& change : plan.changes) {
    remove_stale_temps(change.before.target);
  }
  SSHTUNE_TRYV(write_verified(config, plan, expected, env));
  return describe(plan, false);
}

Result<EditReport> run_edit(const EditTargets& targets, const Planner& planner, const Expectations& expected,
                            bool dry_run, EditEnv& env) {
  SSHTUNE_TRY(first_plan, plan_now(targets, planner, env));
  if (dry_run || first_plan.changes.empty()) {
    return describe(first_plan, dry_run);
  }
  SSHTUNE_TRYV(ensure_directory(targets.config.parent_path()));
  const auto locks = lock_edit(targets.config, {targets.managed}, env.clock);  // held until the edit is verified
  if (!locks) return locks.error();
  return write_locked([&] { return plan_now(targets, planner, env); }, targets.config, expected, env);
}

// A change of each file of `writes`, from a snapshot that must still hold the bytes the writes were planned from.
Result<EditPlan> plan_rewrite(const std::vector<PlannedWrite>& writes, EditEnv& env) {
  EditPlan plan;
  for (const PlannedWrite& write : writes) {
    SSHTUNE_TRY(before, take_snapshot(env.fs, write.path));
    if (!before.state.exists || before.content != write.before) {
      return changed_since_read(write.path);
    }
    const bool same_mode = !write.mode || *write.mode == before.state.mode;
    if (write.after != write.before || !same_mode) {
      plan.changes.push_back(FileChange{std::move(before), write.after, true, write.mode});
    }
  }
  return plan;
}

}  // namespace

Result<EditReport> apply_settings(const EditTargets& targets, const HostSettings& settings,
                                  const std::string& written_at, bool dry_run, EditEnv& env) {
  return apply_all_settings(targets, {settings}, written_at, dry_run, env);
}

Result<EditReport> apply_all_settings(const EditTargets& targets, const std::vector<HostSettings>& all,
                                      const std::string& written_at, bool dry_run, EditEnv& env) {
  if (all.empty()) return EditReport{};
  SSHTUNE_TRY(version, parse_ssh_version(env.client.version()));
  const auto& supported = env.client.supported(AlgorithmKind::cipher);
  std::vector<ManagedBlock> blocks;
  Expectations expected;
  for (const HostSettings& settings : all) {
    SSHTUNE_TRYV(sshconfig::check_host_alias(settings.host));
    const std::string value = ciphers_value(settings.ciphers, version, supported);
    blocks.push_back(render_block(settings, value, written_at));
    SSHTUNE_TRYV(check_block(blocks.back(), settings, value));
    expected.push_back(Expectation{settings.host, join_names(settings.ciphers), settings.compression});
  }
  const Planner planner = [&](const PlanContext& context) { return plan_apply(context, blocks); };
  return run_edit(targets, planner, expected, dry_run, env);
}

Result<EditReport> revert_settings(const EditTargets& targets, const std::optional<std::string>& host, bool dry_run,
                                   EditEnv& env) {
  const Planner planner = [&](const PlanContext& context) { return plan_revert(context, host); };
  return run_edit(targets, planner, {Expectation{host.value_or(k_check_host), "", std::nullopt}}, dry_run, env);
}

Result<EditReport> revert_hosts(const EditTargets& targets, const std::vector<std::string>& hosts, bool dry_run,
                                EditEnv& env) {
  if (hosts.empty()) return EditReport{};
  const Planner planner = [&](const PlanContext& context) { return plan_revert(context, hosts); };
  return run_edit(targets, planner, {Expectation{hosts.front(), "", std::nullopt}}, dry_run, env);
}

Result<EditReport> rewrite_files(const std::vector<PlannedWrite>& writes, const std::filesystem::path& check_config,
                                 bool dry_run, EditEnv& env) {
  SSHTUNE_TRY(first_plan, plan_rewrite(writes, env));
  if (dry_run || first_plan.changes.empty()) {
    return describe(first_plan, dry_run);
  }
  std::vector<std::filesystem::path> targets;
  for (const auto& change : first_plan.changes) {
    targets.push_back(change.before.target);
  }
  const auto locks = lock_edit(check_config, targets, env.clock);  // held until the edit is verified
  if (!locks) return locks.error();
  return write_locked([&] { return plan_rewrite(writes, env); }, check_config,
                      {Expectation{k_check_host, "", std::nullopt}}, env);
}

std::string utc_minute_stamp(const Clock& clock) {
  const auto now = static_cast<std::time_t>(clock.unix_seconds());
  std::tm utc{};
  ::gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%MZ", &utc);
  return text;
}

}  // namespace sshtune::edit
