#!/usr/bin/env bash
# npm run test:e2e: Playwright in Debian's Chromium against a throw-away WordPress of its own
# (own port, own database, fresh each run), so it never touches the dev site.
#
#   UF_E2E_DB=sqlite|mariadb   engine of that site (default sqlite)
#   UF_KEEP_TEST_SITE=1        keep the site and leave nothing running for a look afterwards
#   extra arguments go to playwright:  npm run test:e2e -- tests/e2e/widget.spec.ts
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

db="${UF_E2E_DB:-sqlite}"
[[ "$db" == sqlite || "$db" == mariadb ]] || { uf_die "UF_E2E_DB must be sqlite or mariadb"; exit 2; }

uf_ensure_system_deps
uf_ensure_node_deps
uf_wp_core
cd "$UF_ROOT"
# The tests use the built admin apps and widget; build once if this checkout never was.
if [[ ! -f build/widget/loader.js || ! -f build/admin/surveys.asset.php ]]; then
	npm run --silent build
fi

run="$UF_DEV_DIR/e2e-$db-$$"
cleanup() {
	local rc=$?
	uf_server_stop "$run/site" 2>/dev/null || true
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

UF_E2E_URL="http://127.0.0.1:$port" UF_E2E_SITE="$run/site" UF_E2E_STATE="$run/state" \
	npx playwright test "$@"
