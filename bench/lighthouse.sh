#!/usr/bin/env bash
# bash bench/lighthouse.sh [--url URL] [--plugin DIR] [-- options of lighthouse.mjs]
#
# What a live survey costs a visitor's page (bench/lighthouse.mjs: Lighthouse 12, mobile preset,
# Debian's Chromium, 5 runs each without a survey and with a live floating 7-question survey,
# medians). With --url, against a running site (it writes to it: see lighthouse.mjs). Without it, on
# a throw-away SQLite site of its own (${UF_BENCH_LIGHTHOUSE_DIR:-.dev/bench-lighthouse}, never the
# dev site; an Elite licence, as the dev site has), served by `php -S` as `npm start` serves the
# dev site, and deleted afterwards. --plugin
# serves another copy of the plugin there (with its build/), e.g. an export of an older commit to
# measure "before":  git archive <commit> | tar -x -C /tmp/uf-old && cp -a build /tmp/uf-old/
# Measures; never fails a test run.
set -euo pipefail
# shellcheck source=../scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

url=""
plugin="$UF_ROOT"
while [[ $# -gt 0 ]]; do
	case "$1" in
	--url) url="$2"; shift 2 ;;
	--plugin) plugin="$(cd "$2" && pwd)"; shift 2 ;;
	--) shift; break ;;
	*) break ;;
	esac
done

cd "$UF_ROOT"
[[ -f "$plugin/build/widget/loader.js" ]] || uf_die "$plugin/build/widget/loader.js is missing: build first (npm run build)"

if [[ -z "$url" ]]; then
	uf_wp_core
	dir="${UF_BENCH_LIGHTHOUSE_DIR:-$UF_DEV_DIR/bench-lighthouse}"
	rm -rf "$dir"
	port="$(uf_free_port)"
	cleanup() {
		uf_server_stop "$dir/site" 2>/dev/null || true
		rm -rf "$dir"
	}
	trap cleanup EXIT
	# The site runs the plugin copy asked for, installed and served by that copy's own scripts.
	UF_ROOT="$plugin" UF_SITE_COPY=link uf_site_create "$dir/site" "$port" sqlite
	# An Elite licence with every addon (the development entitlements scripts/lib.sh's sites read):
	# on Lite, a mobile visitor (Lighthouse's mobile preset) is never shown a survey.
	cat >"$dir/site/local-config.php" <<'PHP'
<?php
define( 'USERFEEDBACK_DEV_ENTITLEMENTS', array( 'edition' => 'pro', 'license_type' => 'elite', 'licensed' => true, 'addons' => array( 'question-types', 'behavior', 'targeting', 'branding' ) ) );
PHP
	UF_ROOT="$plugin" uf_server_start "$dir/site" "$port"
	url="http://127.0.0.1:$port"
fi

node "$UF_ROOT/bench/lighthouse.mjs" --url "$url" "$@"
