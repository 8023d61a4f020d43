#!/usr/bin/env bash
# A throw-away one-node Slurm for the tests: munged, slurmctld and slurmd,
# started in a temporary folder on free ports, as root and without systemd.
#   slurm_cluster.sh COMMAND [ARG...]
# starts the cluster, runs COMMAND with SLURM_CONF exported (and
# QUEENS_SLURM_DIR, the cluster's folder), then stops every daemon it started
# by its PID, whatever COMMAND did, checks that none of them and no job step
# is left running, removes the folder and exits with COMMAND's status.
#
# The node is this machine, declared with 64 CPUs (SlurmdParameters=
# config_overrides lets a node claim more than it has), so that recipes
# written for real nodes (--cpus-per-task=32) run here as written.
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
steps_before=$(pgrep -x slurmstepd | sort || true)

stop() {
  local status=$?
  # Jobs first, so that their steps end; then the daemons, by their PIDs.
  if [ -n "${SLURM_CONF:-}" ] && kill -0 "${pids[1]:-0}" 2>/dev/null; then
    scancel --quiet --user=root 2>/dev/null || true
    for ((i = 0; i < 100 && $(squeue -h 2>/dev/null | wc -l) > 0; ++i)); do sleep 0.1; done
  fi
  new_steps() { comm -13 <(echo "$steps_before") <(pgrep -x slurmstepd | sort || true); }
  for ((i = 0; i < 100; ++i)); do [ -z "$(new_steps)" ] && break; sleep 0.1; done
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
    kill -KILL $left $steps 2>/dev/null || true
    status=1
  else
    echo "the cluster stopped: nothing it started is left running"
  fi
  rm -rf "$dir"
  exit $status
}
trap stop EXIT

# A free TCP port: nothing answers on it.
free_port() {
  local port
  while :; do
    port=$((20000 + RANDOM % 40000))
    (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null || { echo $port; return; }
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

ctld_port=$(free_port) node_port=$(free_port)
cat >"$dir/slurm.conf" <<EOF
ClusterName=queens-test
SlurmctldHost=$host
SlurmctldPort=$ctld_port
SlurmdPort=$node_port
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
NodeName=$host CPUs=3200 State=UNKNOWN
PartitionName=queens Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf QUEENS_SLURM_DIR=$dir
slurmctld -D -i -f "$SLURM_CONF" 2>>"$dir/slurmctld.log" &
pids+=($!)
slurmd -D -f "$SLURM_CONF" 2>>"$dir/slurmd.log" &
pids+=($!)
for ((i = 0; i < 300; ++i)); do  # 30 s at most; about 1 s here
  [ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && break
  sleep 0.1
done
[ "$(sinfo -h -o %t 2>/dev/null)" = idle ] || cannot_start "the node is not idle after 30 s"
echo "a one-node Slurm is up in $dir: node $host, ports $ctld_port and $node_port"

status=0
"$@" || status=$?
exit $status
