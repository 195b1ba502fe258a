#!/usr/bin/env bash
# bash bench/admin.sh [--url URL] [-- options of admin-first-content.mjs]
#
# First content of the admin screens (bench/admin-first-content.mjs: the Surveys list, the builder,
# a survey's results; median of 5 warm loads in Debian's Chromium). With --url, against a running
# site (logged in as admin / password unless --user/--password follow the --). Without it, on a
# throw-away SQLite site of its own (${UF_BENCH_ADMIN_DIR:-.dev/bench-admin}, never the dev site),
# seeded with 5 surveys and 3,000 responses, served by `php -S` as `npm start` serves the dev site,
# and deleted afterwards. Measures; never fails a test run.
set -euo pipefail
# shellcheck source=../scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

url=""
if [[ "${1:-}" == --url ]]; then
	url="$2"
	shift 2
fi
[[ "${1:-}" == -- ]] && shift

uf_ensure_system_deps
uf_ensure_node_deps
cd "$UF_ROOT"
if [[ ! -f build/admin/surveys.asset.php ]]; then
	npm run --silent build
fi

if [[ -z "$url" ]]; then
	uf_wp_core
	dir="${UF_BENCH_ADMIN_DIR:-$UF_DEV_DIR/bench-admin}"
	rm -rf "$dir"
	port="$(uf_free_port)"
	cleanup() {
		uf_server_stop "$dir/site" 2>/dev/null || true
		rm -rf "$dir"
	}
	trap cleanup EXIT
	UF_SITE_COPY=link uf_site_create "$dir/site" "$port" sqlite
	php -d memory_limit=512M bench/seed.php "$dir/site" --surveys=5 --responses=3000 >/dev/null
	uf_server_start "$dir/site" "$port"
	url="http://127.0.0.1:$port"
fi

node bench/admin-first-content.mjs --url "$url" "$@"
