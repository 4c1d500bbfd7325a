#!/usr/bin/env bash
# The specs whose outcome depends on the hour and the day (pickup slots, the shop's opening hours,
# a clock a spec moves to a booked pickup) run with the machine's clock set to the week's awkward
# times, by libfaketime (Debian's faketime): a weekday's last slot, a Friday after the last slot, a Saturday, a Sunday evening
# that is Monday in UTC, a weekday morning, a weekday evening that is the next day in UTC, and New
# Year's Eve in UTC that is still the old year in Chicago. `npm test` runs at whatever time CI starts;
# this finds what would fail at another. Usage: npm run test:times [-- vitest files ...]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { echo "needs faketime (apt-get install faketime)"; exit 1; }
[ -f ui/dist/index.html ] || npm run build

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(
    tests/staff-pickups.e2e.spec.ts
    tests/appointments.e2e.spec.ts
    tests/appointments.int.spec.ts
    tests/staff-appointments.int.spec.ts
    tests/settings.int.spec.ts
    projection-service/src/appointments
  )
fi

times=(
  '2026-11-30 22:55:00' # Monday 4:55 PM in Chicago: the day's last slot is the first free one
  '2026-12-04 23:25:00' # Friday 5:25 PM in Chicago: the week's last slot has gone
  '2026-12-05 18:00:00' # Saturday noon: closed
  '2026-12-07 01:00:00' # Sunday 7 PM in Chicago, Monday in UTC
  '2026-12-01 14:00:00' # Tuesday 8 AM in Chicago: before opening
  '2026-12-02 00:30:00' # Tuesday 6:30 PM in Chicago, Wednesday in UTC
  '2026-12-31 23:58:00' # New Year's Eve: 2027 in UTC, 2026 in Chicago
)
failed=0
for at in "${times[@]}"; do
  echo "== the clock at ${at} UTC"
  # FAKETIME_DONT_RESET: the workers and the browser go on from the parent's time, not from the start.
  if ! FAKETIME_DONT_RESET=1 faketime "$at" env CI=true npx vitest run "${files[@]}"; then failed=1; fi
done
exit $failed
