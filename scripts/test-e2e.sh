#!/usr/bin/env bash
# npm run test:e2e: Playwright in Debian's Chromium against a throw-away WordPress of its own
# (own port, own database, fresh each run), so it never touches the dev site.
#
#   UF_E2E_DB=sqlite|mariadb   engine of that site (default sqlite)
#   UF_E2E_WORKERS=N           Playwright workers (default 2), each against a site of its own
#   UF_KEEP_TEST_SITE=1        keep the sites and leave nothing running for a look afterwards
#   UF_E2E_TRACE=1             keep a Playwright trace of each failed test (test-results/)
#   UF_CHROMIUM=PATH           another Chromium (default: Debian's chromium-headless-shell)
#   extra arguments go to playwright:  npm run test:e2e -- tests/e2e/widget.spec.ts
#
# Next to the site runs a licence store of the tests' own (tests/fixtures/edd-store-server.php,
# its folder in UF_E2E_STORE_DIR, its URL in UF_E2E_STORE_URL): the licence and addon specs point
# the site at it through tests/e2e/fixtures/site.php ('license-mode', 'store-licenses').
#
# Parallel workers: the specs reset and change the site's global state (settings, licence,
# entitlements, "delete every survey"), so two workers must never share a site. Worker N (Playwright's
# parallel index) gets site N with its own database, PHP server, store and login: UF_E2E_URL_N,
# UF_E2E_SITE_N, UF_E2E_STATE_N, UF_E2E_STORE_URL_N, UF_E2E_STORE_DIR_N, which playwright.config.ts
# copies into the unnumbered names inside that worker. The unnumbered names are site 0's.
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

db="${UF_E2E_DB:-sqlite}"
[[ "$db" == sqlite || "$db" == mariadb ]] || { uf_die "UF_E2E_DB must be sqlite or mariadb"; exit 2; }
workers="${UF_E2E_WORKERS:-2}"
[[ "$workers" =~ ^[1-9]$ ]] || { uf_die "UF_E2E_WORKERS must be 1 to 9"; exit 2; }

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
	local rc=$? n
	for ((n = 0; n < workers; n++)); do
		uf_server_stop "$run/$n/site" 2>/dev/null || true
		uf_server_stop "$run/$n/store-server" 2>/dev/null || true
	done
	uf_mariadb_stop "$run/mariadb" 2>/dev/null || true
	if [[ "${UF_KEEP_TEST_SITE:-0}" == 1 ]]; then
		uf_log "kept the sites in $run/*/site"
	else
		rm -rf "$run"
	fi
	return "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# One site: WordPress (hard-linked core: a throw-away site), the test limits, its PHP server.
make_site() {
	local n="$1" port="$2"
	UF_SITE_COPY=link uf_site_create "$run/$n/site" "$port" "$db" "uf_e2e_$n"
	# Every browser test comes from 127.0.0.1: the per-client limits of the visitor routes (tested in
	# PHPUnit) would refuse the suite's own answers.
	mkdir -p "$run/$n/site/wp-content/mu-plugins"
	cat >"$run/$n/site/wp-content/mu-plugins/userfeedback-e2e-limits.php" <<'PHP'
<?php
add_filter(
	'userfeedback_rate_limits',
	static fn( array $rules ): array => array_map( static fn( $rule ) => null === $rule ? null : array( 'limit' => 100000 ) + $rule, $rules )
);
PHP
}

# The licence store of site N: one process (no workers; it serves a few requests per test), in its
# own process group so that cleanup stops it like the site's server (uf_server_stop reads the pid file).
start_store() {
	local n="$1" store_port="$2" i
	mkdir -p "$run/$n/store" "$run/$n/store-server"
	printf '{}\n' >"$run/$n/store/licenses.json"
	UF_STORE_DIR="$run/$n/store" setsid bash -c '
		echo $$ >"$1/.uf-server.pid"
		unset PHP_CLI_SERVER_WORKERS
		exec php -S "127.0.0.1:$2" "$3"
	' uf-store "$run/$n/store-server" "$store_port" "$UF_ROOT/tests/fixtures/edd-store-server.php" \
		>>"$run/$n/store-server/server.log" 2>&1 </dev/null &
	for ((i = 0; i < 100; i++)); do
		uf_port_in_use "$store_port" && return 0
		sleep 0.1
	done
	uf_die "the licence store did not start: $(cat "$run/$n/store-server/server.log")"
}

mkdir -p "$run"
if [[ "$db" == mariadb ]]; then
	uf_mariadb_start "$run/mariadb"
fi
# Distinct ports, all chosen before any server binds one (the kernel may hand a released one out again).
ports=()
while ((${#ports[@]} < 2 * workers)); do
	p="$(uf_free_port)"
	[[ " ${ports[*]} " == *" $p "* ]] || ports+=("$p")
done
# The sites install at the same time (mostly waiting on PHP's start-up and the database).
pids=()
for ((n = 0; n < workers; n++)); do
	mkdir -p "$run/$n"
	make_site "$n" "${ports[2 * n]}" >"$run/$n/create.log" 2>&1 &
	pids+=("$!")
done
for ((n = 0; n < workers; n++)); do
	wait "${pids[n]}" || { cat "$run/$n/create.log" >&2; uf_die "site $n could not be created"; exit 1; }
done
for ((n = 0; n < workers; n++)); do
	uf_server_start "$run/$n/site" "${ports[2 * n]}"
	start_store "$n" "${ports[2 * n + 1]}" || exit 1
	export "UF_E2E_URL_$n=http://127.0.0.1:${ports[2 * n]}" "UF_E2E_SITE_$n=$run/$n/site" \
		"UF_E2E_STATE_$n=$run/$n/state" "UF_E2E_STORE_URL_$n=http://127.0.0.1:${ports[2 * n + 1]}/" \
		"UF_E2E_STORE_DIR_$n=$run/$n/store"
done

UF_E2E_SITES="$workers" UF_E2E_URL="$UF_E2E_URL_0" UF_E2E_SITE="$UF_E2E_SITE_0" UF_E2E_STATE="$UF_E2E_STATE_0" \
	UF_E2E_STORE_URL="$UF_E2E_STORE_URL_0" UF_E2E_STORE_DIR="$UF_E2E_STORE_DIR_0" \
	npx playwright test "$@"
