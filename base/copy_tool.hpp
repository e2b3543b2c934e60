#pragma once
// The copy commands whose snippets `host` prints and times: scp, sftp and rsync, each run as the user
// runs it (templates/*.tmpl), so the verdict can say how long each takes.

#include <array>
#include <optional>
#include <string_view>

namespace sshtune {

enum class CopyTool { scp, sftp, rsync };

inline constexpr std::array<CopyTool, 3> k_copy_tools{CopyTool::scp, CopyTool::sftp, CopyTool::rsync};

// "scp" / "sftp" / "rsync" (the program, the cache's and the JSON's name); parse_copy_tool is its inverse.
std::string_view to_string(CopyTool tool);
std::optional<CopyTool> parse_copy_tool(std::string_view text);

}  // namespace sshtune
