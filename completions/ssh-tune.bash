# bash completion for ssh-tune(1) and ssh-tune-ssh.
# Subcommands and each subcommand's flags are read from `ssh-tune --help` and
# `ssh-tune COMMAND --help`, so they always match the installed binary; host
# names come from the ssh config files (`ssh-tune config --list-hosts`, which
# follows Include). Works with or without the bash-completion package.

# The subcommands, from the "commands:" list of `ssh-tune --help`.
_ssh_tune_commands() {
  command "$_ssh_tune_program" --help 2>/dev/null | sed -n '/^commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p'
}

# The flags of subcommand $1, one per line; a flag that takes a value ends in "=".
_ssh_tune_flags() {
  command "$_ssh_tune_program" "$1" --help 2>/dev/null | sed -n -E \
    -e 's/^  (-[A-Za-z0-9]) \[ (--[A-Za-z0-9-]+) \] [^ ].*/\1=\n\2=/p' -e t \
    -e 's/^  (-[A-Za-z0-9]) \[ (--[A-Za-z0-9-]+) \].*/\1\n\2/p' -e t \
    -e 's/^  (--[A-Za-z0-9-]+) [^ ].*/\1=/p' -e t \
    -e 's/^  (--[A-Za-z0-9-]+).*/\1/p'
}

# The host aliases of the ssh config ($1: a -F file, or empty for the user's files).
_ssh_tune_hosts() {
  local config=$1
  [[ $config == "~/"* ]] && config=$HOME/${config#"~/"}
  if [[ -n $config ]]; then
    command "$_ssh_tune_program" config --list-hosts -F "$config" 2>/dev/null
  else
    command "$_ssh_tune_program" config --list-hosts 2>/dev/null
  fi
}

# The words after the subcommand that are not flags or flag values: how many
# positional arguments are already there. $1: the subcommand's flags list.
_ssh_tune_positionals() {
  local flags=$1 count=0 i word
  for ((i = _ssh_tune_start; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    if [[ $word == -* ]]; then
      [[ $word != *=* && $'\n'$flags$'\n' == *$'\n'$word=$'\n'* ]] && ((i++))
      continue
    fi
    ((count++))
  done
  echo "$count"
}

_ssh_tune_reply() {
  local IFS=$'\n'
  COMPREPLY=($(compgen -W "$1" -- "$2"))
}

_ssh_tune_files() {
  local IFS=$'\n'
  compopt -o filenames 2>/dev/null
  COMPREPLY=($(compgen -f -- "$1"))
}

# Completes the value of flag $1; returns 1 when $1 takes no value.
_ssh_tune_value() {
  local flag=$1 cur=$2 config=$3
  case $flag in
    -F | --config | --sample | --sshd | -i | --identity) _ssh_tune_files "$cur" ;;
    --for) _ssh_tune_reply $'ssh-config\nrsync\nscp\nsftp\nssh\nparallel' "$cur" ;;
    --direction) _ssh_tune_reply $'upload\ndownload' "$cur" ;;
    --fail-on) _ssh_tune_reply $'warn\nfail' "$cur" ;;
    --compression) _ssh_tune_reply $'yes\nno' "$cur" ;;
    --host | --server) _ssh_tune_reply "$(_ssh_tune_hosts "$config")" "$cur" ;;
    *) COMPREPLY=() ;;
  esac
}

# `ssh-tune ssh ...` (and ssh-tune-ssh): ssh's own arguments; the destination is a host.
_ssh_tune_ssh() {
  local cur=$1 config=$2 i word
  case ${COMP_WORDS[COMP_CWORD - 1]} in
    -F | -i | -E | -S) _ssh_tune_files "$cur"; return ;;
    -[bcDeIJlLmOopQRwW]) COMPREPLY=(); return ;;
  esac
  for ((i = _ssh_tune_start; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    case $word in
      -[bcDeEFiIJlLmOopQRSwW]) ((i++)) ;;
      -*) ;;
      *) COMPREPLY=(); return ;;  # the destination is given: the rest is the remote command
    esac
  done
  [[ $cur == -* ]] && { COMPREPLY=(); return; }
  _ssh_tune_reply "$(_ssh_tune_hosts "$config")" "$cur"
}

_ssh_tune() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  local command="" config="" i word
  _ssh_tune_start=1
  # The binary being completed (./build/ssh-tune too), else the one on PATH.
  _ssh_tune_program=ssh-tune
  [[ ${COMP_WORDS[0]##*/} == ssh-tune && -x ${COMP_WORDS[0]} ]] && _ssh_tune_program=${COMP_WORDS[0]}
  [[ ${COMP_WORDS[0]##*/} == ssh-tune-ssh ]] && command=ssh
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    [[ $word == -F || $word == --config ]] && config=${COMP_WORDS[i + 1]}
    if [[ -z $command && $word != -* ]]; then
      command=$word
      _ssh_tune_start=$((i + 1))
    fi
  done
  if [[ -z $command ]]; then
    # `ssh-tune HOST` is `ssh-tune host HOST`: offer both.
    _ssh_tune_reply "$(_ssh_tune_commands)"$'\n'"$(_ssh_tune_hosts "")"$'\n--help\n--version' "$cur"
    return
  fi
  if [[ $command == ssh ]]; then
    _ssh_tune_ssh "$cur" "$config"
    return
  fi
  local known
  known=$(_ssh_tune_commands)
  if [[ $'\n'$known$'\n' != *$'\n'$command$'\n'* ]]; then
    command=host  # ssh-tune HOST [host flags]
    _ssh_tune_start=$((_ssh_tune_start - 1))
  fi
  local flags
  flags=$(_ssh_tune_flags "$command")
  if [[ $prev == -* && $'\n'$flags$'\n' == *$'\n'$prev=$'\n'* ]]; then
    _ssh_tune_value "$prev" "$cur" "$config"
    return
  fi
  if [[ $cur == -* ]]; then
    _ssh_tune_reply "${flags//=/}" "$cur"
    return
  fi
  case $command in
    host | config | snippet | apply | revert)
      if (($(_ssh_tune_positionals "$flags") == 0)); then
        _ssh_tune_reply "$(_ssh_tune_hosts "$config")" "$cur"
        return
      fi
      ;;
  esac
  COMPREPLY=()
}

complete -F _ssh_tune ssh-tune ssh-tune-ssh
