#include "templates/renderer.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <vector>

namespace sshtune::templates {
namespace {

enum class NodeKind { text, variable, section, inverted, close, comment };

// One piece of a template: literal text, a tag, or a section with its body.
struct Node {
  NodeKind kind = NodeKind::text;
  std::string value;  // the text, or the tag's name
  int line = 0;
  std::vector<Node> children;  // a section's body
};

struct Context {
  const std::string& source;
  const Variables& variables;
};

Error error_at(const std::string& source, int line, const std::string& message) {
  return Error{ErrorKind::invalid_input, source + ":" + std::to_string(line) + ": " + message};
}

bool valid_name(std::string_view name) {
  return !name.empty() &&
         std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isalnum(c) != 0 || c == '_'; });
}

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

// Turns the inside of "{{...}}" into a tag node.
Result<Node> parse_tag(std::string_view inside, const std::string& source, int line) {
  std::string_view body = trim(inside);
  Node node{NodeKind::variable, "", line, {}};
  if (!body.empty() && std::string_view("#^/!").find(body.front()) != std::string_view::npos) {
    const char sigil = body.front();
    node.kind = sigil == '#'   ? NodeKind::section
                : sigil == '^' ? NodeKind::inverted
                : sigil == '/' ? NodeKind::close
                               : NodeKind::comment;
    body = trim(body.substr(1));
  }
  if (node.kind == NodeKind::comment) return node;
  if (!valid_name(body)) return error_at(source, line, "bad tag '{{" + std::string(inside) + "}}'");
  node.value = std::string(body);
  return node;
}

// Splits one line (with its newline, if any) into text and tag nodes.
Result<void> tokenise_line(std::string_view line, const std::string& source, int number, std::vector<Node>& out) {
  std::size_t pos = 0;
  while (pos < line.size()) {
    const auto open = line.find("{{", pos);
    if (open == std::string_view::npos) {
      out.push_back({NodeKind::text, std::string(line.substr(pos)), number, {}});
      return ok();
    }
    if (open > pos) out.push_back({NodeKind::text, std::string(line.substr(pos, open - pos)), number, {}});
    const auto close = line.find("}}", open + 2);
    if (close == std::string_view::npos) return error_at(source, number, "'{{' without '}}' on the same line");
    SSHTUNE_TRY(tag, parse_tag(line.substr(open + 2, close - open - 2), source, number));
    out.push_back(std::move(tag));
    pos = close + 2;
  }
  return ok();
}

// A line that is nothing but one section/close/comment tag renders as nothing.
bool standalone(const std::vector<Node>& tokens) {
  std::size_t tags = 0;
  for (const Node& token : tokens) {
    if (token.kind == NodeKind::text) {
      if (token.value.find_first_not_of(" \t\r\n") != std::string::npos) return false;
    } else if (token.kind == NodeKind::variable) {
      return false;
    } else {
      ++tags;
    }
  }
  return tags == 1;
}

Result<std::vector<Node>> tokenise(std::string_view text, const std::string& source) {
  std::vector<Node> tokens;
  int number = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    const auto end = std::min(text.find('\n', pos), text.size() - 1) + 1;
    std::vector<Node> line_tokens;
    SSHTUNE_TRYV(tokenise_line(text.substr(pos, end - pos), source, ++number, line_tokens));
    if (standalone(line_tokens)) {
      std::erase_if(line_tokens, [](const Node& n) { return n.kind == NodeKind::text; });
    }
    std::move(line_tokens.begin(), line_tokens.end(), std::back_inserter(tokens));
    pos = end;
  }
  return tokens;
}

// Nests section bodies under their opening tag; checks that every section closes.
Result<std::vector<Node>> build_tree(std::vector<Node> tokens, const std::string& source) {
  std::vector<Node> root;
  std::vector<Node> open;  // sections not yet closed, innermost last
  auto body = [&]() -> std::vector<Node>& { return open.empty() ? root : open.back().children; };
  for (Node& token : tokens) {
    if (token.kind == NodeKind::section || token.kind == NodeKind::inverted) {
      open.push_back(std::move(token));
    } else if (token.kind == NodeKind::close) {
      if (open.empty()) return error_at(source, token.line, "'{{/" + token.value + "}}' closes no open section");
      if (open.back().value != token.value) {
        return error_at(source, token.line,
                        "'{{/" + token.value + "}}' does not close section '" + open.back().value +
                            "' opened at line " + std::to_string(open.back().line));
      }
      Node done = std::move(open.back());
      open.pop_back();
      body().push_back(std::move(done));
    } else if (token.kind != NodeKind::comment) {
      body().push_back(std::move(token));
    }
  }
  if (!open.empty()) return error_at(source, open.back().line, "section '" + open.back().value + "' is never closed");
  return root;
}

// Appends the rendering of `nodes` to `out` when `visible`; checks every name either way.
Result<void> emit(const std::vector<Node>& nodes, const Context& context, bool visible, std::string& out) {
  for (const Node& node : nodes) {
    if (node.kind == NodeKind::text) {
      if (visible) out += node.value;
      continue;
    }
    const auto found = context.variables.find(node.value);
    if (found == context.variables.end()) {
      return error_at(context.source, node.line, "unknown variable '" + node.value + "'");
    }
    if (node.kind == NodeKind::variable) {
      if (visible) out += found->second;
      continue;
    }
    const bool shown = (node.kind == NodeKind::section) == !found->second.empty();
    SSHTUNE_TRYV(emit(node.children, context, visible && shown, out));
  }
  return ok();
}

}  // namespace

Result<std::string> render(std::string_view text, const std::string& source, const Variables& variables) {
  SSHTUNE_TRY(tokens, tokenise(text, source));
  SSHTUNE_TRY(tree, build_tree(std::move(tokens), source));
  std::string out;
  SSHTUNE_TRYV(emit(tree, Context{source, variables}, true, out));
  return out;
}

}  // namespace sshtune::templates
