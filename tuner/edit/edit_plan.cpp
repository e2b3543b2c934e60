#include "tuner/edit/edit_plan.hpp"

#include "tuner/sshconfig/parser.hpp"
#include "tuner/edit/include_line.hpp"

#include <functional>

namespace sshtune::edit {
namespace {

Result<sshconfig::ConfigFile> parse_config(const PlanContext& context) {
  return sshconfig::parse_checked(context.config.content, context.targets.config.string(), context.client);
}

Result<ManagedFile> load_managed(const PlanContext& context) {
  if (!context.managed.state.exists) {
    return new_managed(context.targets.config, !context.config.state.exists);
  }
  SSHTUNE_TRYV(sshconfig::parse_checked(context.managed.content, context.targets.managed.string(), context.client));
  return parse_managed(context.managed.content, context.targets.managed);
}

// Adds the change of `before` to `after` unless nothing changes. A file reached
// through a symlink is emptied, not deleted: deleting it would leave the link dangling.
void add_if_changed(EditPlan& plan, const FileSnapshot& before, std::optional<std::string> after, bool backup) {
  if (!after && before.via_symlink) after = std::string();
  const bool same = after ? before.state.exists && *after == before.content : !before.state.exists;
  if (!same) {
    plan.changes.push_back(FileChange{before, std::move(after), backup});
  }
}

// The config without ssh-tune's Include line; nullopt when the whole file goes
// (ssh-tune created it and nothing else is left in it).
std::optional<std::string> config_after_revert(const PlanContext& context, const sshconfig::ConfigFile& file,
                                               bool created_by_us) {
  const auto index = find_include(file, context.targets.managed, context.targets.home);
  const std::string text = index ? without_line(file, *index) : context.config.content;
  if (created_by_us && text.empty()) {
    return std::nullopt;
  }
  return text;
}

// The plan of a revert that removes the blocks `drop` removes from the managed file.
Result<EditPlan> plan_revert_dropping(const PlanContext& context,
                                      const std::function<Result<void>(ManagedFile&)>& drop) {
  SSHTUNE_TRY(config_file, parse_config(context));
  SSHTUNE_TRY(managed, load_managed(context));
  const bool created_by_us = records_created_config(managed);
  SSHTUNE_TRYV(drop(managed));
  EditPlan plan;
  if (!managed.blocks.empty()) {
    add_if_changed(plan, context.managed, render_managed(managed), false);
    return plan;
  }
  if (context.config.state.exists) {
    add_if_changed(plan, context.config, config_after_revert(context, config_file, created_by_us), true);
  }
  add_if_changed(plan, context.managed, std::nullopt, false);
  return plan;
}

}  // namespace

Result<EditPlan> plan_apply(const PlanContext& context, const ManagedBlock& block) {
  return plan_apply(context, std::vector<ManagedBlock>{block});
}

Result<EditPlan> plan_apply(const PlanContext& context, const std::vector<ManagedBlock>& blocks) {
  SSHTUNE_TRY(config_file, parse_config(context));
  SSHTUNE_TRY(managed, load_managed(context));
  for (const ManagedBlock& block : blocks) put_block(managed, block);
  const std::string managed_text = render_managed(managed);
  SSHTUNE_TRYV(sshconfig::parse_checked(managed_text, context.targets.managed.string(), context.client));
  EditPlan plan;
  add_if_changed(plan, context.managed, managed_text, false);
  if (!find_include(config_file, context.targets.managed, context.targets.home)) {
    SSHTUNE_TRY(directive, include_directive(context.targets.managed, context.targets.home));
    add_if_changed(plan, context.config, with_include(config_file, directive), true);
  }
  return plan;
}

Result<EditPlan> plan_revert(const PlanContext& context, const std::optional<std::string>& host) {
  if (host) return plan_revert(context, std::vector<std::string>{*host});
  return plan_revert_dropping(context, [&](ManagedFile& managed) -> Result<void> {
    while (!managed.blocks.empty()) {
      SSHTUNE_TRYV(drop_block(managed, managed.blocks.front().host, context.targets.managed));
    }
    return ok();
  });
}

Result<EditPlan> plan_revert(const PlanContext& context, const std::vector<std::string>& hosts) {
  return plan_revert_dropping(context, [&](ManagedFile& managed) -> Result<void> {
    for (const std::string& host : hosts) {
      SSHTUNE_TRYV(drop_block(managed, host, context.targets.managed));
    }
    return ok();
  });
}

}  // namespace sshtune::edit
