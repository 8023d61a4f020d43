#!/usr/bin/env bash
# A throw-away one-node Slurm for the tests: munged, slurmctld and slurmd,
# started in a temporary folder on free ports, as root and without systemd.
#   slurm_cluster.sh COMMAND [ARG...]
# starts the cluster, runs COMMAND with SLURM_CONF exported (and
# QUEENS_SLURM_DIR, the cluster's folder), then stops every daemon it started
# by its PID, whatever COMMAND did, checks that none of them and no job step
# is left running, removes the folder and exits with COMMAND's status.
#
# The node is this machine, declared with 3,200 CPUs (SlurmdParameters=
# config_overrides lets a node claim more than it has), so that recipes
# written for real nodes (100 tasks of --cpus-per-task=32) run here at once.
# Its messages may take a minute (MessageTimeout, BatchStartTimeout): 100
# tasks started at once on 2 cores starve the daemons, and at Slurm's 10 s
# a batch launch went unconfirmed and the task was requeued held.
# When the cluster cannot start, the reason and the daemons' last log lines
# go to stderr, and it exits 1 when CI is set, else 77 (CTest's "skipped").
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: slurm_cluster.sh COMMAND [ARG...]" >&2; exit 2; }

cannot_start() {
  echo "cannot start a one-node Slurm: $*" >&2
  for log in munged slurmctld slurmd; do
    [ -s "${dir:-/nonexistent}/$log.log" ] && { echo "--- $log.log:"; tail -n 15 "$dir/$log.log"; } >&2
  done
  if [ -n "${CI:-}" ]; then exit 1; fi
  echo "skipped (CI is not set)" >&2
  exit 77
}
for program in munged mungekey slurmctld slurmd sbatch squeue sinfo scancel; do
  command -v $program >/dev/null || cannot_start "$program is not installed (Debian: slurm-wlm munge)"
done
[ "$(id -u)" = 0 ] || cannot_start "it runs its daemons as root, and this is user $(id -un)"

dir=$(mktemp -d "${TMPDIR:-/tmp}/queens-slurm.XXXXXX")
chmod 0755 "$dir"  # munged refuses a socket folder that others cannot read
pids=()
# The job steps running now, by PID. A step that has ended but that slurmd
# has not yet reaped stays a zombie (state Z) for a while, the longer the
# busier the machine; it runs nothing, so it does not count.
live_steps() { { ps -C slurmstepd -o pid=,stat= || true; } | awk '$2 !~ /^Z/ { print $1 }' | sort; }
steps_before=$(live_steps)

stop() {
  local status=$?
  # Jobs first, so that their steps end; then the daemons, by their PIDs.
  if [ -n "${SLURM_CONF:-}" ] && kill -0 "${pids[1]:-0}" 2>/dev/null; then
    timeout 15 scancel --quiet --user=root 2>/dev/null || true
    local deadline=$((SECONDS + 10))
    while ((SECONDS < deadline)) && [ -n "$(timeout 15 squeue -h 2>/dev/null)" ]; do sleep 0.1; done
  fi
  # Steps end after their jobs leave the queue: they report to the
  # daemons first, which can take a while on a busy machine (30 s at most).
  new_steps() { comm -13 <(echo "$steps_before") <(live_steps); }
  for ((i = 0; i < 300; ++i)); do [ -z "$(new_steps)" ] && break; sleep 0.1; done
  for ((i = ${#pids[@]} - 1; i >= 0; --i)); do kill "${pids[i]}" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for ((i = 0; i < 50; ++i)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  local left="" steps
  for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && left+=" $pid"; done
  steps=$(new_steps)
  if [ -n "$left$steps" ]; then
    echo "FAILED: left running after the cluster stopped: daemons$left, steps $steps" >&2
    ps -o pid,ppid,etime,stat,wchan:20,args -p "$(echo $left $steps | tr ' ' ,)" >&2 || true
    kill -KILL $left $steps 2>/dev/null || true
    status=1
  else
    echo "the cluster stopped: nothing it started is left running"
  fi
  rm -rf "$dir"
  exit $status
}
trap stop EXIT

# A free TCP port: below the kernel's range of ephemeral ports (so that no
# outgoing connection takes it meanwhile), and no socket of this machine
# uses it (/proc/net/tcp lists ports in hex). A daemon that still finds it
# taken stops at once ("Address already in use"); start_daemons then tries
# other ports.
free_port() {
  local lowest port
  read -r lowest _ </proc/sys/net/ipv4/ip_local_port_range
  while :; do
    port=$((10000 + RANDOM % (lowest - 10000)))
    grep -qi ":$(printf %04X $port) " /proc/net/tcp /proc/net/tcp6 2>/dev/null || { echo $port; return; }
  done
}

host=$(hostname -s)
mkdir -p "$dir/munge" "$dir/state" "$dir/spool"
mungekey --create --keyfile="$dir/munge/munge.key" 2>"$dir/munged.log" ||
  cannot_start "mungekey failed"
munged --foreground --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/socket" \
  --pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/seed" \
  --log-file="$dir/munged.log" 2>>"$dir/munged.log" &
pids+=($!)
for ((i = 0; i < 50; ++i)); do [ -S "$dir/munge/socket" ] && break; sleep 0.1; done
[ -S "$dir/munge/socket" ] || cannot_start "munged made no socket"

write_config() {  # write_config CONTROLLER_PORT NODE_PORT
  cat >"$dir/slurm.conf" <<EOF
ClusterName=queens-test
SlurmctldHost=$host
SlurmctldPort=$1
SlurmdPort=$2
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobs.txt
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerParameters=kill_invalid_depend,batch_sched_delay=0
MinJobAge=600
ReturnToService=2
SlurmdParameters=config_overrides
MessageTimeout=60
BatchStartTimeout=60
NodeName=$host CPUs=3200 State=UNKNOWN
PartitionName=queens Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

# Starts slurmctld and slurmd on two free ports and waits, 30 s at most,
# for the node to be idle. Each check is bounded: sinfo retries for about
# 9 s when no controller answers. Fails at once when a daemon has stopped,
# and then leaves none of the two running.
start_daemons() {
  local ctld_port node_port deadline=$((SECONDS + 30))
  ctld_port=$(free_port)
  node_port=$(free_port)
  while [ "$node_port" = "$ctld_port" ]; do node_port=$(free_port); done
  write_config "$ctld_port" "$node_port"
  slurmctld -D -i -f "$SLURM_CONF" 2>>"$dir/slurmctld.log" &
  pids+=($!)
  slurmd -D -f "$SLURM_CONF" 2>>"$dir/slurmd.log" &
  pids+=($!)
  while ((SECONDS < deadline)); do
    kill -0 "${pids[1]}" 2>/dev/null || { why="slurmctld stopped (port $ctld_port)"; break; }
    kill -0 "${pids[2]}" 2>/dev/null || { why="slurmd stopped (port $node_port)"; break; }
    if [ "$(timeout 5 sinfo -h -o %t 2>/dev/null)" = idle ]; then
      echo "a one-node Slurm is up in $dir: node $host, ports $ctld_port and $node_port"
      return 0
    fi
    sleep 0.1
    why="the node is not idle after 30 s"
  done
  kill "${pids[2]}" "${pids[1]}" 2>/dev/null || true
  wait "${pids[2]}" "${pids[1]}" 2>/dev/null || true
  pids=("${pids[0]}")
  return 1
}

export SLURM_CONF=$dir/slurm.conf QUEENS_SLURM_DIR=$dir
why=""
for attempt in 1 2 3; do
  start_daemons && break
  echo "attempt $attempt: $why" >&2
  [ $attempt = 3 ] && cannot_start "three attempts failed; the last: $why"
done

status=0
"$@" || status=$?
exit $status
