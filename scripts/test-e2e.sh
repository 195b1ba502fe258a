#!/usr/bin/env bash
# npm run test:e2e: Playwright in Debian's Chromium against a throw-away WordPress of its own
# (own port, own database, fresh each run), so it never touches the dev site.
#
#   UF_E2E_DB=sqlite|mariadb   engine of that site (default sqlite)
#   UF_KEEP_TEST_SITE=1        keep the site and leave nothing running for a look afterwards
#   extra arguments go to playwright:  npm run test:e2e -- tests/e2e/widget.spec.ts
#
# Next to the site runs a licence store of the tests' own (tests/fixtures/edd-store-server.php,
# its folder in UF_E2E_STORE_DIR, its URL in UF_E2E_STORE_URL): the licence and addon specs point
# the site at it through tests/e2e/fixtures/site.php ('license-mode', 'store-licenses').
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

db="${UF_E2E_DB:-sqlite}"
[[ "$db" == sqlite || "$db" == mariadb ]] || { uf_die "UF_E2E_DB must be sqlite or mariadb"; exit 2; }

uf_ensure_system_deps
uf_ensure_node_deps
uf_wp_core
cd "$UF_ROOT"
# The tests use the built admin apps, widget and fonts; build once if this checkout never was.
if [[ ! -f build/widget/loader.js || ! -f build/admin/surveys.asset.php || ! -f build/fonts/manifest.json || ! -f build/icons/icons.json ]]; then
	npm run --silent build
fi

run="$UF_DEV_DIR/e2e-$db-$$"
cleanup() {
	local rc=$?
	uf_server_stop "$run/site" 2>/dev/null || true
	uf_server_stop "$run/store-server" 2>/dev/null || true
	uf_mariadb_stop "$run/mariadb" 2>/dev/null || true
	if [[ "${UF_KEEP_TEST_SITE:-0}" == 1 ]]; then
		uf_log "kept $run/site"
	else
		rm -rf "$run"
	fi
	return "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$run"
port="$(uf_free_port)"
if [[ "$db" == mariadb ]]; then
	uf_mariadb_start "$run/mariadb"
fi
uf_site_create "$run/site" "$port" "$db" uf_e2e
# Every browser test comes from 127.0.0.1: the per-client limits of the visitor routes (tested in
# PHPUnit) would refuse the suite's own answers.
mkdir -p "$run/site/wp-content/mu-plugins"
cat >"$run/site/wp-content/mu-plugins/userfeedback-e2e-limits.php" <<'PHP'
<?php
add_filter(
	'userfeedback_rate_limits',
	static fn( array $rules ): array => array_map( static fn( $rule ) => null === $rule ? null : array( 'limit' => 100000 ) + $rule, $rules )
);
PHP
uf_server_start "$run/site" "$port"

# The licence store: one process (no workers; it serves a few requests per test), in its own
# process group so that cleanup stops it like the site's server (uf_server_stop reads the pid file).
store_port="$(uf_free_port)"
mkdir -p "$run/store" "$run/store-server"
printf '{}\n' >"$run/store/licenses.json"
UF_STORE_DIR="$run/store" setsid bash -c '
	echo $$ >"$1/.uf-server.pid"
	unset PHP_CLI_SERVER_WORKERS
	exec php -S "127.0.0.1:$2" "$3"
' uf-store "$run/store-server" "$store_port" "$UF_ROOT/tests/fixtures/edd-store-server.php" \
	>>"$run/store-server/server.log" 2>&1 </dev/null &
for ((i = 0; i < 100; i++)); do
	uf_port_in_use "$store_port" && break
	sleep 0.1
done
uf_port_in_use "$store_port" || { uf_die "the licence store did not start: $(cat "$run/store-server/server.log")"; exit 1; }

UF_E2E_URL="http://127.0.0.1:$port" UF_E2E_SITE="$run/site" UF_E2E_STATE="$run/state" \
	UF_E2E_STORE_URL="http://127.0.0.1:$store_port/" UF_E2E_STORE_DIR="$run/store" \
	npx playwright test "$@"
