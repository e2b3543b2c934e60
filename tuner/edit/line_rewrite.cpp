#include "tuner/edit/line_rewrite.hpp"

#include "tuner/sshconfig/algorithms.hpp"
#include "tuner/sshconfig/tokenizer.hpp"

#include <algorithm>

namespace sshtune::edit {
namespace {

Error at(const sshconfig::ConfigFile& file, std::size_t number, const std::string& message) {
  return Error{ErrorKind::invalid_input, file.path + ":" + std::to_string(number) + ": " + message};
}

// The directive on line `number`, or an error naming the line.
Result<sshconfig::ConfigLine*> directive(sshconfig::ConfigFile& file, std::size_t number) {
  if (number == 0 || number > file.lines.size()) return at(file, number, "no such line");
  sshconfig::ConfigLine& line = file.lines[number - 1];
  if (line.kind != sshconfig::LineKind::directive) return at(file, number, "not a directive");
  if (line.invalid_quotes) return at(file, number, "invalid quotes");
  return &line;
}

// Gives `line` the new text and tokenises it afresh (no field of the old text survives).
void retext(sshconfig::ConfigLine& line, std::string text) {
  sshconfig::ConfigLine fresh;
  fresh.text = std::move(text);
  fresh.eol = line.eol;
  fresh.number = line.number;
  sshconfig::tokenize_line(fresh);
  line = std::move(fresh);
}

// Replaces text[begin, end) of the line.
void splice(sshconfig::ConfigLine& line, std::size_t begin, std::size_t end, const std::string& bytes) {
  retext(line, line.text.substr(0, begin) + bytes + line.text.substr(end));
}

// `value` in the quotes that wrap the whole raw spelling `raw`, if they do.
std::string quoted_like(const std::string& raw, const std::string& value) {
  const bool wrapped = raw.size() >= 2 && (raw.front() == '"' || raw.front() == '\'') && raw.back() == raw.front();
  return wrapped ? raw.front() + value + raw.back() : value;
}

}  // namespace

Result<void> replace_value(sshconfig::ConfigFile& file, std::size_t number, const std::string& value) {
  SSHTUNE_TRY(line, directive(file, number));
  if (line->args.empty()) return at(file, number, line->keyword + " has no value to replace");
  if (value.empty() || value.find_first_of(" \t\"'\\#") != std::string::npos) {
    return at(file, number, "'" + value + "' is not a plain value");
  }
  splice(*line, line->args.front().begin, line->args.back().end, value);
  return ok();
}

Result<ListEdit> remove_list_entries(sshconfig::ConfigFile& file, std::size_t number,
                                     const std::vector<std::string>& names) {
  SSHTUNE_TRY(line, directive(file, number));
  if (line->args.size() != 1) {
    return at(file, number, line->keyword + " has " + std::to_string(line->args.size()) + " arguments, not one list");
  }
  const sshconfig::Token& token = line->args.front();
  const bool prefixed = !token.value.empty() && std::string_view("+-^").find(token.value[0]) != std::string::npos;
  const std::string prefix = prefixed ? token.value.substr(0, 1) : "";
  std::vector<std::string> kept;
  bool named = false;
  for (std::string& entry : split_commas(std::string_view(token.value).substr(prefix.size()))) {
    const bool drop = std::find(names.begin(), names.end(), entry) != names.end();
    named = named || drop;
    if (!drop) kept.push_back(std::move(entry));
  }
  if (!named) return at(file, number, line->keyword + " does not list " + join_commas(names));
  if (std::all_of(kept.begin(), kept.end(), [](const std::string& entry) { return entry.empty(); })) {
    return ListEdit::would_empty;
  }
  const std::string raw = line->text.substr(token.begin, token.end - token.begin);
  splice(*line, token.begin, token.end, quoted_like(raw, prefix + join_commas(kept)));
  return ListEdit::removed;
}

Result<void> comment_out(sshconfig::ConfigFile& file, std::size_t number, const std::string& reason) {
  SSHTUNE_TRY(line, directive(file, number));
  const std::size_t indent = std::min(line->text.find_first_not_of(" \t"), line->text.size());
  std::string body = line->text.substr(indent);
  body.erase(body.find_last_not_of(" \t") + 1);
  retext(*line, line->text.substr(0, indent) + "# " + body + "  # " + reason);
  return ok();
}

}  // namespace sshtune::edit
