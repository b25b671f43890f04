#!/usr/bin/env bash
# Makes the Containerfile's base image from Debian's own packages, for machines that reach Debian's
# mirror but no container registry (ours: only the npm registry and Debian's mirror are reachable).
#
# It builds Debian 12 "bookworm" with debootstrap (--variant=minbase, trimmed as the official "slim"
# images are: no manuals, docs or locales) and imports it under EXACTLY the name the Containerfile's FROM
# uses, docker.io/library/debian:bookworm-slim. With `podman build --pull=never` the build takes this
# local image; anywhere a registry is reachable, the same Containerfile pulls the real
# debian:bookworm-slim instead and this script is not needed.
#
#   sudo scripts/container/make-base-image.sh            # skips if the image exists; --force rebuilds
#   DEBIAN_MIRROR=http://deb.debian.org/debian sudo scripts/container/make-base-image.sh
#
# Needs root, debootstrap and podman (apt-get install debootstrap podman runc). The mirror is taken from
# /etc/apt/sources.list* unless DEBIAN_MIRROR is set. About 1-2 minutes.
set -euo pipefail

SUITE="${SUITE:-bookworm}"   # trixie for the compose trial's stand-ins (scripts/container/compose-trial.ts)
IMAGE="${BASE_IMAGE:-docker.io/library/debian:$SUITE-slim}"
PODMAN=(podman --runtime runc --cgroup-manager=cgroupfs)

if [[ "${1:-}" != "--force" ]] && "${PODMAN[@]}" image exists "$IMAGE"; then
  echo "base image $IMAGE exists (--force to rebuild)"
  exit 0
fi

mirror="${DEBIAN_MIRROR:-}"
if [[ -z "$mirror" ]]; then
  # deb822 files (URIs: ...) and one-line files (deb URI suite ...); the first Debian archive that is not
  # the security one.
  mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
    | sed -nE 's#^(URIs:[[:space:]]*|deb[[:space:]]+(\[[^]]*\][[:space:]]+)?)(https?://[^[:space:]]+/debian)/?([[:space:]].*)?$#\3#p' \
    | grep -v -- '-security' | head -n 1 || true)
fi
if [[ -z "$mirror" ]]; then
  echo "no Debian mirror found in /etc/apt/sources.list*; set DEBIAN_MIRROR" >&2
  exit 1
fi
security="${DEBIAN_SECURITY_MIRROR:-${mirror%/debian}/debian-security}"

root=$(mktemp -d /tmp/debian-base.XXXXXX)
trap 'rm -rf "$root"' EXIT

echo "debootstrap --variant=minbase $SUITE from $mirror"
debootstrap --variant=minbase "$SUITE" "$root" "$mirror" >"$root.log" 2>&1 || { tail -n 30 "$root.log" >&2; exit 1; }
rm -f "$root.log"

# As the official image: the suite, its updates and the security archive, in deb822 form.
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: $mirror
Suites: $SUITE $SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: $SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES

# The "slim" trim (as debuerreotype does for the official images): packages installed later leave out
# manuals, docs and translations too; apt keeps no package lists or downloaded .debs in a layer.
cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
DPKG
cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'APT'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT
echo 'Acquire::Languages "none";' >"$root/etc/apt/apt.conf.d/docker-no-languages"
echo 'APT::Install-Recommends "false";' >"$root/etc/apt/apt.conf.d/docker-no-recommends"
find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$root"/usr/share/{man,groff,info,lintian,linda,locale}/* \
  "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* \
  "$root"/var/log/*.log "$root"/var/log/apt/* "$root"/tmp/* "$root"/root/.bash_history
: >"$root/etc/machine-id"   # each container gets its own, as in the official image

tar --numeric-owner -C "$root" -c . \
  | "${PODMAN[@]}" import --quiet \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'CMD ["bash"]' \
      --message "debootstrap --variant=minbase $SUITE $mirror (slim trim), scripts/container/make-base-image.sh" \
      - "$IMAGE" >/dev/null
"${PODMAN[@]}" images --format '{{.Repository}}:{{.Tag}} {{.ID}} {{.Size}}' "$IMAGE"
