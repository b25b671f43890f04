#!/bin/sh
# compose.yaml's backup service: a backup of the site's PostgreSQL database every day at BACKUP_AT (UTC),
# into BACKUP_DIR as agency-<UTC date and time>.backup; backups older than BACKUP_KEEP_DAYS are deleted only
# after a backup succeeded (a failing backup never costs the older ones). The backup itself is the site's own
# command (`admin.js backup`: pg_dump in one consistent snapshot, the archive read back before it is kept),
# run in the backup image, which is the postgres image with the site's CLI (Containerfile, stage "backup"),
# so pg_dump is always the server's version. docs/deploy/container.md, "Backups", is the guide.
#
#   agency-backup-schedule            the schedule (the service's command): one backup at start when the
#                                     newest is more than a day old (a missed night is made up), then daily
#   agency-backup-schedule now        one backup now, then the retention (by hand, and before an update)
#   agency-backup-schedule wait       the seconds until the next BACKUP_AT (what the schedule sleeps)
#   agency-backup-schedule check      exit 0 when the newest backup is under 26 hours old (the healthcheck)
#
# A failed backup is retried every BACKUP_RETRY_MINUTES until the next scheduled one. The off-site copy is
# the host's step: BACKUP_DIR is a folder of the host (compose.yaml), and the guide sends it off-site.
set -eu
# A backup holds every lead's personal data: files readable by their owner only.
umask 077

dir=${BACKUP_DIR:-/backups}
at=${BACKUP_AT:-03:15}
keep=${BACKUP_KEEP_DAYS:-14}
retry=${BACKUP_RETRY_MINUTES:-15}
# The site's CLI; the tests run the same script with the TypeScript sources.
cli=${AGENCY_CLI:-node /app/dist/server/cli/admin.js}

log() { echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) $*"; }

case "$at" in
  [0-1][0-9]:[0-5][0-9] | 2[0-3]:[0-5][0-9]) ;;
  *) echo "BACKUP_AT must be a time of day as HH:MM (UTC), such as 03:15; it is \"$at\"." >&2; exit 2 ;;
esac
case "$keep$retry" in
  *[!0-9]* | "") echo "BACKUP_KEEP_DAYS and BACKUP_RETRY_MINUTES must be whole numbers." >&2; exit 2 ;;
esac

# Seconds from now until the next BACKUP_AT (today's if it is still ahead, else tomorrow's).
seconds_until_next() {
  now=$(date -u +%s)
  next=$(date -u -d "$(date -u +%F) $at" +%s)
  [ "$next" -gt "$now" ] || next=$((next + 86400))
  echo $((next - now))
}

# A sleep that a stop (SIGTERM) ends at once: in the background, waited for (a signal interrupts `wait`,
# not a sleep in the foreground), and killed by the trap below rather than left behind.
sleeper=
nap() {
  sleep "$1" </dev/null >/dev/null 2>&1 &
  sleeper=$!
  wait "$sleeper" || true
}

backup_now() {
  mkdir -p "$dir"
  file="$dir/agency-$(date -u +%Y-%m-%dT%H%M%SZ).backup"
  # One taken by hand in the same second as the schedule's: the next second's name.
  while [ -e "$file" ]; do
    sleep 1
    file="$dir/agency-$(date -u +%Y-%m-%dT%H%M%SZ).backup"
  done
  # The command prints what the file holds (leads, notes, deliveries), its size and the time taken.
  $cli backup "$file" || return
  find "$dir" -maxdepth 1 -name 'agency-*.backup' -mtime +"$keep" -print | while read -r old; do
    rm -f "$old" && log "deleted $old (older than $keep days)"
  done
}

# Retries every BACKUP_RETRY_MINUTES until it succeeds or the next scheduled time comes.
backup_with_retries() {
  until backup_now; do
    wait_s=$(seconds_until_next)
    if [ "$wait_s" -le $((retry * 60)) ]; then
      log "backup failed; the next scheduled one is in ${wait_s} s"
      return 0
    fi
    log "backup failed; trying again in $retry minutes"
    nap $((retry * 60))
  done
}

case "${1:-schedule}" in
  now) backup_now ;;
  wait) seconds_until_next ;;
  check) [ -n "$(find "$dir" -maxdepth 1 -name 'agency-*.backup' -mmin -1560 2>/dev/null | head -n 1)" ] ;;
  schedule)
    trap '[ -z "$sleeper" ] || kill "$sleeper" 2>/dev/null; exit 0' TERM INT
    log "backups at $at UTC into $dir, kept $keep days"
    if [ -z "$(find "$dir" -maxdepth 1 -name 'agency-*.backup' -mmin -1440 2>/dev/null | head -n 1)" ]; then
      log "no backup from the last 24 hours: one now"
      backup_with_retries
    fi
    while :; do
      wait_s=$(seconds_until_next)
      log "next backup in ${wait_s} s"
      nap "$wait_s"
      backup_with_retries
    done
    ;;
  *) echo "usage: agency-backup-schedule [schedule | now | wait | check]" >&2; exit 2 ;;
esac
