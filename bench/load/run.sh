#!/usr/bin/env bash
# npm run bench:load: the load and fault test of issue 15 (bench/README.md has the figures).
#
#   bash bench/load/run.sh            the benchmark: a throw-away stack (scripts/stack.sh) at 20, 50
#                                     and 100 visitors (a 1 s pause per question) and as many clients
#                                     that never pause, 60 s each, then 50 visitors during each fault
#                                     (MariaDB restarted, Redis stopped and started, a PHP node killed
#                                     and started), then the SQLite dev-shaped site (php -S) at 20 and
#                                     50 of each; a table per target. About 15 minutes.
#   bash bench/load/run.sh --test     the "stack" step of npm test: the Redis drop-in's checks (Redis up,
#                                     then down), then 20 clients for 40 s with one restart of MariaDB,
#                                     Redis and a PHP node each; fails on any lost, duplicated or
#                                     half-written answer, any 500, or a PHP fatal error; never on
#                                     timings. About two minutes with the set-up.
#   --stack-only / --sqlite-only      one target;   --scale F   every duration times F (trials)
#
# Everything runs on 127.0.0.1 in folders of its own under .dev/, removed at the end
# (UF_KEEP_LOAD_SITES=1 keeps them). Exit status 1 when a count was wrong.
set -euo pipefail
# shellcheck source=../../scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib.sh"

mode=bench scale=1 targets="stack sqlite"
while [[ $# -gt 0 ]]; do
	case "$1" in
	--test) mode=test; targets="stack"; shift ;;
	--stack-only) targets="stack"; shift ;;
	--sqlite-only) targets="sqlite"; shift ;;
	--scale) scale="$2"; shift 2 ;;
	*) uf_die "unknown option $1 (see the top of bench/load/run.sh)"; exit 2 ;;
	esac
done

uf_ensure_stack_deps
uf_ensure_node_deps
uf_wp_core

load="$UF_ROOT/bench/load/load.mjs"
stack_dir="$UF_DEV_DIR/load-stack-$$"
sqlite_dir="$UF_DEV_DIR/load-sqlite-$$"
status=0

cleanup() {
	UF_STACK_DIR="$stack_dir" bash "$UF_ROOT/scripts/stack.sh" stop >/dev/null 2>&1 || true
	[[ -d "$sqlite_dir/site" ]] && uf_server_stop "$sqlite_dir/site"
	if [[ "${UF_KEEP_LOAD_SITES:-0}" != 1 ]]; then
		rm -rf "$stack_dir" "$sqlite_dir"
	else
		uf_log "kept $stack_dir and $sqlite_dir"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# PHP errors the nodes logged: a fatal one fails the run (a drop-in that breaks when Redis or MariaDB
# goes away would show here first).
php_errors() {
	local dir="$1" fatal
	fatal="$(cat "$dir"/node*/debug.log "$dir"/node*/php-error.log "$dir"/site/debug.log 2>/dev/null | grep -c 'PHP Fatal' || true)"
	echo "  PHP log lines: $(cat "$dir"/node*/debug.log "$dir"/node*/php-error.log "$dir"/site/debug.log 2>/dev/null | grep -c 'PHP ' || true), fatal errors: $fatal"
	if [[ "$fatal" != 0 ]]; then
		cat "$dir"/node*/debug.log "$dir"/node*/php-error.log "$dir"/site/debug.log 2>/dev/null | grep 'PHP Fatal' | sort | uniq -c | sort -rn | head -n 5
		return 1
	fi
}

if [[ " $targets " == *" stack "* ]]; then
	echo "== load on the stack: nginx, 2 PHP-FPM nodes, MariaDB, Redis ($(nproc) cores)"
	UF_STACK_DIR="$stack_dir" UF_STACK_PORT="$(uf_free_port)" UF_SKIP_BUILD=1 bash "$UF_ROOT/scripts/stack.sh" start >/dev/null
	# shellcheck disable=SC1091
	source "$stack_dir/stack.env"
	# The Redis drop-in on its own first: its semantics with Redis running, then stopped.
	stack_fault() { UF_STACK_DIR="$stack_dir" bash "$UF_ROOT/scripts/stack.sh" fault "$@"; }
	php "$UF_ROOT/tests/stack/site.php" cache "$stack_dir/site" up || status=1
	stack_fault redis-stop
	php "$UF_ROOT/tests/stack/site.php" cache "$stack_dir/site" down || status=1
	stack_fault redis-start
	touch "$stack_dir/.load-start"
	UF_STACK_DIR="$stack_dir" node "$load" --info "$stack_dir/load.json" --site "$stack_dir/site" \
		--plan "stack-$mode" --scale "$scale" \
		--nodes "http://127.0.0.1:$NODE1_HTTP/,http://127.0.0.1:$NODE2_HTTP/" \
		--stack-cmd "bash $UF_ROOT/scripts/stack.sh" || status=1
	php_errors "$stack_dir" || status=1
	# The nodes share only read-only code: nothing in the site folder may have been written under load
	# (each node writes into its own node1/ or node2/ folder).
	written="$(find "$stack_dir/site" -newer "$stack_dir/.load-start" -type f 2>/dev/null | head -n 5)"
	if [[ -n "$written" ]]; then
		echo "  files written into the shared code folder during the load:"
		echo "$written" | sed 's/^/    /'
		status=1
	else
		echo "  shared code folder: nothing written during the load"
	fi
fi

if [[ " $targets " == *" sqlite "* ]]; then
	echo "== load on the SQLite dev-shaped site: php -S with ${UF_SERVER_WORKERS:-4} workers ($(nproc) cores)"
	port="$(uf_free_port)"
	UF_SITE_COPY=link uf_site_create "$sqlite_dir/site" "$port" sqlite
	ln -sfn "$UF_ROOT/tests/stack/mu-plugin.php" "$sqlite_dir/site/wp-content/mu-plugins/uf-stack.php"
	php "$UF_ROOT/tests/stack/site.php" setup "$sqlite_dir/site" >"$sqlite_dir/load.json"
	uf_server_start "$sqlite_dir/site" "$port"
	node "$load" --info "$sqlite_dir/load.json" --site "$sqlite_dir/site" --plan "sqlite-$mode" --scale "$scale" || status=1
	php_errors "$sqlite_dir" || status=1
fi

exit "$status"
