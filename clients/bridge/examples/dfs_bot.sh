#!/usr/bin/env bash
# A depth-first bot for ariadne-pipe, in bash: nothing but echo and read.
#   ariadne-pipe --url ws://127.0.0.1:8080/ws --generator prim --size 16x16 --seed 42 -- bash clients/bridge/examples/dfs_bot.sh
# It tries N, E, S, W in that order and walks back when nothing new is open;
# after each treasure found, it starts a new search from where it stands.
declare -A visited
declare -A dx=([N]=0 [E]=1 [S]=0 [W]=-1)
declare -A dy=([N]=1 [E]=0 [S]=-1 [W]=0)
declare -A opposite=([N]=S [E]=W [S]=N [W]=E)
back=()
read -r kind width height x y open rest || exit 1
[ "$kind" = START ] || exit 1
visited["$x,$y"]=1
found=0
searching_for=0
while true; do
  if [ "$found" != "$searching_for" ]; then
    searching_for=$found
    visited=(["$x,$y"]=1)
    back=()
  fi
  dir=""
  for d in N E S W; do
    if [[ $open == *$d* && -z ${visited["$((x + dx[$d])),$((y + dy[$d]))"]} ]]; then
      dir=$d
      break
    fi
  done
  if [ -n "$dir" ]; then
    back+=("${opposite[$dir]}")
  elif [ ${#back[@]} -gt 0 ]; then
    dir=${back[-1]}
    unset 'back[-1]'
  else
    echo ABANDON
    read -r kind rest
    exit 0
  fi
  echo "MOVE $dir"
  read -r kind x y open treasure steps bumps found rest || exit 0
  [ "$kind" = STATE ] || exit 0
  visited["$x,$y"]=1
done
