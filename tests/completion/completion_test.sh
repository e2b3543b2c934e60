#!/usr/bin/env bash
# The shell completions against the built binary (ctest `completion`):
# bash through its real completion function, zsh with the completion system's
# builtins replaced by functions that print what would be offered (skipped
# without zsh). HOME is a temporary directory with a config that uses Include.
# Usage: completion_test.sh PATH/TO/ssh-tune
set -euo pipefail
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/home/.ssh/conf.d"
ln -s "$binary" "$tmp/bin/ssh-tune"
export PATH=$tmp/bin:$PATH HOME=$tmp/home XDG_CACHE_HOME=$tmp/cache XDG_CONFIG_HOME=$tmp/config
printf 'Include conf.d/*.conf\nHost webby\n  HostName 127.0.0.1\nMatch host matched exec true\n' > "$HOME/.ssh/config"
printf 'Host dbserver other-db\n  Port 2222\nHost *.example !bad\n' > "$HOME/.ssh/conf.d/db.conf"
printf 'Host alt-only\n' > "$tmp/alt.conf"
failures=0

check() {  # check WHAT EXPECTED ACTUAL
  if [[ "$2" == "$3" ]]; then
    echo "ok    $1"
  else
    echo "FAIL  $1: expected [$2], got [$3]"
    failures=$((failures + 1))
  fi
}

check "config --list-hosts follows Include" $'webby\ndbserver\nother-db' "$(ssh-tune config --list-hosts)"
check "config --list-hosts -F" "alt-only" "$(ssh-tune config --list-hosts -F "$tmp/alt.conf")"

# shellcheck source=../../completions/ssh-tune.bash
source "$source_dir/completions/ssh-tune.bash"
bash_reply() {
  COMP_WORDS=("$@")
  COMP_CWORD=$(($# - 1))
  COMPREPLY=()
  _ssh_tune
  echo "${COMPREPLY[*]}"
}
check "bash: complete -p" "complete -F _ssh_tune ssh-tune" "$(complete -p ssh-tune)"
check "bash: ssh-tune ho" "host" "$(bash_reply ssh-tune ho)"
check "bash: subcommands" "apply audit" "$(bash_reply ssh-tune a)"
check "bash: hosts in the first position" "webby" "$(bash_reply ssh-tune w)"
check "bash: host HOST" "dbserver" "$(bash_reply ssh-tune host d)"
check "bash: host flags" "--budget" "$(bash_reply ssh-tune host webby --bu)"
check "bash: a flag's value is no host" "webby" "$(bash_reply ssh-tune host --budget 3 w)"
check "bash: no hosts for a flag's value" "" "$(bash_reply ssh-tune host --budget w)"
check "bash: no second host" "" "$(bash_reply ssh-tune host webby w)"
check "bash: after -F FILE, that file's hosts" "alt-only" "$(bash_reply ssh-tune host -F "$tmp/alt.conf" a)"
check "bash: config HOST" "other-db" "$(bash_reply ssh-tune config o)"
check "bash: config --list-hosts is offered" "--list-hosts" "$(bash_reply ssh-tune config --li)"
check "bash: snippet --for values" "ssh-config scp sftp ssh" "$(bash_reply ssh-tune snippet webby --for s)"
check "bash: audit --fail-on values" "warn" "$(bash_reply ssh-tune audit --fail-on w)"
check "bash: audit --host takes a host" "webby" "$(bash_reply ssh-tune audit --host w)"
check "bash: apply HOST" "webby" "$(bash_reply ssh-tune apply w)"
check "bash: revert HOST" "dbserver" "$(bash_reply ssh-tune revert db)"
check "bash: revert --all" "--all" "$(bash_reply ssh-tune revert --a)"
check "bash: ssh destination after ssh options" "webby" "$(bash_reply ssh-tune ssh -p 22 -v w)"
check "bash: nothing for the remote command" "" "$(bash_reply ssh-tune ssh webby w)"
check "bash: ssh-tune-ssh is ssh-tune ssh" "dbserver" "$(bash_reply ssh-tune-ssh -C d)"
check "bash: ssh-tune HOST takes host flags" "--fresh" "$(bash_reply ssh-tune webby --fr)"
check "bash: cpu flags" "--json" "$(bash_reply ssh-tune cpu --j)"

if command -v zsh > /dev/null; then
  zsh_reply() {  # zsh_reply SERVICE WORDS...: what the completion offers, one "kind words" line per call
    zsh -f -c '
      compadd() { [[ $1 == -- ]] && shift; print -r -- "compadd $*"; }
      _describe() { local -a entries; entries=(${(P)${@[-1]}}); print -r -- describe ${entries%%:*}; }
      _files() { print -r -- "files"; }
      service=$1; shift
      words=("$@"); CURRENT=$#; PREFIX=${words[CURRENT]}
      source "$0"
    ' "$source_dir/completions/_ssh-tune" "$@" | tr '\n' ';'
  }
  check "zsh: parses" "" "$(zsh -n "$source_dir/completions/_ssh-tune" 2>&1)"
  check "zsh: commands and hosts first" \
    "describe host cpu apply revert config audit snippet ssh;compadd webby dbserver other-db;" \
    "$(zsh_reply ssh-tune ssh-tune "")"
  check "zsh: host HOST" "compadd webby dbserver other-db;" "$(zsh_reply ssh-tune ssh-tune host d)"
  check "zsh: no second host" "" "$(zsh_reply ssh-tune ssh-tune host webby x)"
  check "zsh: -F file" "files;" "$(zsh_reply ssh-tune ssh-tune audit -F "")"
  check "zsh: --for values" "compadd ssh-config rsync scp sftp ssh parallel;" "$(zsh_reply ssh-tune ssh-tune snippet w --for "")"
  zsh_flags=$(zsh_reply ssh-tune ssh-tune cpu --)
  check "zsh: cpu flags" "compadd --json --sample -h --help;" "$zsh_flags"
  check "zsh: ssh-tune-ssh destination" "compadd alt-only;" "$(zsh_reply ssh-tune-ssh ssh-tune-ssh -F "$tmp/alt.conf" "")"
else
  echo "skip  zsh completion: zsh is not installed"
fi

((failures == 0)) || { echo "$failures completion check(s) failed"; exit 1; }
echo "all completion checks passed"
