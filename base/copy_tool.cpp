#include "base/copy_tool.hpp"

namespace sshtune {

std::string_view to_string(CopyTool tool) {
  switch (tool) {
    case CopyTool::scp: return "scp";
    case CopyTool::sftp: return "sftp";
    case CopyTool::rsync: return "rsync";
  }
  return "";
}

std::optional<CopyTool> parse_copy_tool(std::string_view text) {
  for (const CopyTool tool : k_copy_tools) {
    if (to_string(tool) == text) return tool;
  }
  return std::nullopt;
}

}  // namespace sshtune
