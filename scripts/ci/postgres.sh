#!/usr/bin/env bash
# The PostgreSQL cluster the server's PostgreSQL tests run against (server/test/postgres-database.ts,
# postgres://expediente:expediente@127.0.0.1:5432): Debian's postgresql package installed when it is
# missing, its cluster started, and the role expediente (LOGIN SUPERUSER, password expediente) made
# when missing. Idempotent: on a machine where all of it is done already it changes nothing.
set -euo pipefail

sudo_cmd=()
if [[ "$(id -u)" -ne 0 ]]; then sudo_cmd=(sudo -n); fi

if ! command -v pg_ctlcluster >/dev/null; then
  echo "==> Installing PostgreSQL (Debian package)"
  "${sudo_cmd[@]}" apt-get update -qq </dev/null
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends postgresql </dev/null >/dev/null
fi

# psql as the cluster's owner, from a directory it may read.
as_postgres() {
  if [[ "$(id -u)" -eq 0 ]]; then
    (cd / && runuser -u postgres -- "$@")
  else
    (cd / && sudo -n -u postgres -- "$@")
  fi
}

# The installed major version's cluster (Debian's package makes "main"); made if there is none.
cluster_line="$(pg_lsclusters --no-header | head -n 1)"
if [[ -z "$cluster_line" ]]; then
  major="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
  "${sudo_cmd[@]}" pg_createcluster "$major" main </dev/null >/dev/null
  cluster_line="$(pg_lsclusters --no-header | head -n 1)"
fi
read -r version cluster port status _ <<<"$cluster_line"

if [[ "$status" != online* ]]; then
  echo "==> Starting PostgreSQL $version/$cluster on port $port"
  "${sudo_cmd[@]}" pg_ctlcluster "$version" "$cluster" start
fi
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 -p "$port" && break
  sleep 1
done
pg_isready -h 127.0.0.1 -p "$port"

if [[ "$(as_postgres psql -p "$port" -qAtc "select 1 from pg_roles where rolname = 'expediente'")" != 1 ]]; then
  echo "==> Creating the role expediente"
  as_postgres psql -p "$port" -v ON_ERROR_STOP=1 -qc "create role expediente login superuser password 'expediente'"
fi
