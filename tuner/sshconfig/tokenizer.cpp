#include "tuner/sshconfig/tokenizer.hpp"

#include <algorithm>
#include <cctype>

namespace sshtune::sshconfig {
namespace {

constexpr std::string_view k_whitespace = " \t\r\n";

bool is_ws(char c) { return k_whitespace.find(c) != std::string_view::npos; }

// strspn(text + from, WHITESPACE), bounded by the text's end.
std::size_t skip_ws(const std::string& text, std::size_t from) {
  while (from < text.size() && is_ws(text[from])) {
    ++from;
  }
  return from;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

}  // namespace

std::optional<std::string> strdelim(DelimCursor& cursor, bool split_equals) {
  if (cursor.pos == std::string::npos) {
    return std::nullopt;
  }
  std::string& text = cursor.text;
  const std::size_t old = cursor.pos;
  const std::size_t hit = text.find_first_of(split_equals ? " \t\r\n\"=" : " \t\r\n\"", old);
  if (hit == std::string::npos) {
    cursor.pos = std::string::npos;
    return text.substr(old);
  }
  if (text[hit] == '"') {
    text.erase(hit, 1);
    const std::size_t close = text.find('"', hit);
    if (close == std::string::npos) {
      cursor.pos = std::string::npos;
      return std::nullopt;
    }
    std::string token = text.substr(old, close - old);
    cursor.pos = skip_ws(text, close + 1);
    return token;
  }
  const bool was_equals = text[hit] == '=';
  std::string token = text.substr(old, hit - old);
  std::size_t next = skip_ws(text, hit + 1);
  if (split_equals && next < text.size() && text[next] == '=' && !was_equals) {
    next = skip_ws(text, next + 1);
  }
  cursor.pos = next;
  return token;
}

std::size_t stripped_length(std::string_view line) {
  std::size_t len = line.size();
  while (len > 1 && std::string_view(" \t\r\n\f").find(line[len - 1]) != std::string_view::npos) {
    --len;
  }
  return len;
}

SplitResult argv_split(std::string_view s) {
  SplitResult result;
  std::size_t i = 0;
  while (i < s.size()) {
    if (s[i] == ' ' || s[i] == '\t') {
      ++i;
      continue;
    }
    if (s[i] == '#') {
      break;
    }
    Token token;
    token.begin = i;
    char quote = 0;
    for (; i < s.size(); ++i) {
      const char c = s[i];
      if (c == '\\') {
        const char n = i + 1 < s.size() ? s[i + 1] : '\0';
        if (n == '\'' || n == '"' || n == '\\' || (quote == 0 && n == ' ')) {
          ++i;
          token.value += s[i];
        } else {
          token.value += c;
        }
      } else if (quote == 0 && (c == ' ' || c == '\t')) {
        break;
      } else if (quote == 0 && (c == '"' || c == '\'')) {
        quote = c;
      } else if (quote != 0 && c == quote) {
        quote = 0;
      } else {
        token.value += c;
      }
    }
    token.end = i;
    if (i >= s.size() && quote != 0) {
      result.ok = false;
      return result;
    }
    result.tokens.push_back(std::move(token));
    ++i;  // argv_split's loop increment skips the blank that ended the token
  }
  return result;
}

void tokenize_line(ConfigLine& line) {
  // ssh handles the line as a C string: anything after a NUL byte is invisible to it.
  const std::string_view visible = std::string_view(line.text).substr(0, line.text.find('\0'));
  const std::size_t len = visible.empty() ? 0 : stripped_length(visible);
  DelimCursor cursor{line.text.substr(0, len), 0};
  std::optional<std::string> keyword = strdelim(cursor);
  std::size_t keyword_begin = 0;
  if (keyword && keyword->empty()) {
    keyword_begin = cursor.pos == std::string::npos ? len : cursor.pos;
    keyword = strdelim(cursor);
  }
  if (!keyword || keyword->empty() || (*keyword)[0] == '\n' || (*keyword)[0] == '#') {
    const bool comment = keyword && !keyword->empty() && (*keyword)[0] == '#';
    line.kind = comment ? LineKind::comment : LineKind::blank;
    return;
  }
  line.kind = LineKind::directive;
  line.keyword = *keyword;
  line.keyword_lower = lower(*keyword);
  line.keyword_begin = keyword_begin;
  // strdelim may have dropped a quote from its copy of the line; map back to text.
  const std::size_t removed = len - cursor.text.size();
  const std::size_t rest_in_cursor =
      cursor.pos == std::string::npos ? cursor.text.size() : skip_ws(cursor.text, cursor.pos);
  line.rest = cursor.text.substr(rest_in_cursor);
  line.rest_begin = rest_in_cursor + removed;
  line.keyword_end = std::min(keyword_begin + line.keyword.size() + removed, line.rest_begin);
  SplitResult split = argv_split(line.rest);
  line.invalid_quotes = !split.ok;
  for (Token& token : split.tokens) {
    token.begin += line.rest_begin;
    token.end += line.rest_begin;
  }
  line.args = std::move(split.tokens);
}

const ConfigLine& as_read(const ConfigLine& line, const OpensshVersion& release, std::optional<ConfigLine>& copy) {
  if (release.since(8, 5) || line.kind != LineKind::directive) return line;
  copy = line;
  copy->args.clear();
  copy->invalid_quotes = false;
  DelimCursor cursor{line.rest, 0};
  while (cursor.pos != std::string::npos && cursor.pos < cursor.text.size()) {
    const std::size_t begin = line.rest_begin + cursor.pos;
    std::optional<std::string> arg = strdelim(cursor, line.keyword_lower != "setenv");
    if (!arg) {
      copy->invalid_quotes = true;
      break;
    }
    if (arg->empty()) break;
    const std::size_t end = begin + arg->size();
    copy->args.push_back(Token{std::move(*arg), begin, end});
  }
  return *copy;
}

}  // namespace sshtune::sshconfig
