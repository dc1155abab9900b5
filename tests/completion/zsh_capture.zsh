#!/usr/bin/env zsh
# Prints the candidates zsh's completion system offers for a command line:
# `zsh zsh_capture.zsh <completion script> <command line>`. Runs an
# interactive zsh in a pseudo-terminal, loads compinit and the script, wraps
# `compadd` to print each match between two marker lines, and presses Tab.
zmodload zsh/zpty || { print -u2 "zsh/zpty is missing"; exit 2 }
local script=$1 cmdline=$2
local setup=$(mktemp)
cat > $setup <<SETUP
PROMPT=
unsetopt zle_bracketed_paste 2>/dev/null
autoload -Uz compinit && compinit -u -D
source ${(q)script}
bindkey '^I' complete-word
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
__marker() { print -r -- "@@@@" }
compprefuncs=( __marker )
comppostfuncs=( __marker exit )
compadd() {
  if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "\$@"; return; fi
  local -a __hits
  builtin compadd -A __hits "\$@"
  local hit
  for hit in \$__hits; do print -r -- "MATCH:\$IPREFIX\$hit"; done
}
print -r -- READY
SETUP
zpty capture zsh -f -i
zpty -w capture "source ${(q)setup}"
local out=""
repeat 50; do
  zpty -r -t capture out || sleep 0.1
  [[ $out == *READY* ]] && break
done
zpty -w -n capture "$cmdline"$'\t'
local seen=0 text=""
while zpty -r capture text; do
  [[ $text == *@@@@* ]] && { (( seen++ )); (( seen == 2 )) && break; continue; }
  (( seen == 1 )) && [[ $text == *MATCH:* ]] && print -r -- "${${text##*MATCH:}%%$'\r'*}"
done
zpty -d capture
rm -f $setup
