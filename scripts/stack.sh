#!/usr/bin/env bash
# The production-shaped stack (README "Running at scale"): nginx in front of two PHP-FPM nodes,
# MariaDB, and Redis as WordPress's persistent object cache, all from Debian's packages, on
# 127.0.0.1 only, with every data folder under $UF_STACK_DIR (default .dev/stack). No systemd: each
# daemon runs in its own session, recorded by pid, as uf_mariadb_start does for MariaDB.
#
#   bash scripts/stack.sh start       (npm run stack) create the site once, start everything, print the URL
#   bash scripts/stack.sh stop        (npm run stack:stop) stop everything; the data stays
#   bash scripts/stack.sh status      what runs
#   bash scripts/stack.sh destroy     stop and delete $UF_STACK_DIR
#   bash scripts/stack.sh fault WHAT  for the load test: mariadb-restart | redis-stop | redis-start |
#                                     node-kill N | node-start N   (N = 1 or 2)
#
#   UF_STACK_DIR=...      where the stack lives (default .dev/stack)
#   UF_STACK_PORT=8890    the site's port (nginx); each node also answers alone on a port of its own
#   UF_STACK_CHILDREN=6   PHP workers per node
#   UF_SKIP_BUILD=1       do not build the admin and the widget when build/ is missing
#
# Layout of $UF_STACK_DIR:
#   site/      the code both nodes run, read-only for them: WordPress (hard links to .dev/core),
#              wp-config.php + local-config.php, the plugin (a symlink to this checkout), the
#              drop-ins object-cache.php and db-error.php and an mu-plugin (symlinks to tests/stack/)
#   node1/ node2/   each node's own writable folder (uploads, temp files, PHP and WordPress logs)
#              and its PHP-FPM config, pid and log. Nothing written by one node is read by the other.
#   mariadb/ redis/ nginx/   the servers' configs, data, pids and logs
#   stack.env  the ports; load.json  what bench/load needs (survey, tokens, an application password)
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

S="${UF_STACK_DIR:-$UF_DEV_DIR/stack}"
# Only start creates the folder; the other commands have nothing to do without it.
if [[ "${1:-}" == start ]]; then
	mkdir -p "$S"
elif [[ ! -d "$S" ]]; then
	[[ "${1:-}" == status ]] && echo "no stack in $S"
	[[ "${1:-}" == fault ]] && { uf_die "no stack in $S"; exit 1; }
	exit 0
fi
S="$(cd "$S" && pwd)"
SITE="$S/site"
STACK_SRC="$UF_ROOT/tests/stack"

stack_log() { printf '[stack] %s\n' "$*" >&2; }

# ---------------------------------------------------------------------------------------------
# Processes: each daemon runs in the foreground of its own session; the session's id (= the pid of
# the shell that execs the daemon) is recorded, and the whole group is signalled.

# stack_spawn PGIDFILE LOG CMD...
stack_spawn() {
	local pgidfile="$1" log="$2"
	shift 2
	setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' uf-stack "$pgidfile" "$@" >>"$log" 2>&1 </dev/null &
	local i
	for ((i = 0; i < 50; i++)); do
		[[ -s "$pgidfile" ]] && return 0
		sleep 0.02
	done
}

stack_alive() {
	[[ -f "$1" ]] && uf_pgid_alive "$(cat "$1")"
}

# stack_kill PGIDFILE [SIGNAL]: signal the group, wait up to 15 s, then KILL it.
stack_kill() {
	local pgidfile="$1" sig="${2:-TERM}" pgid i
	[[ -f "$pgidfile" ]] || return 0
	pgid="$(cat "$pgidfile")"
	if uf_pgid_alive "$pgid"; then
		kill "-$sig" -- "-$pgid" 2>/dev/null || true
		for ((i = 0; i < 150; i++)); do
			uf_pgid_alive "$pgid" || break
			sleep 0.1
		done
		uf_pgid_alive "$pgid" && kill -KILL -- "-$pgid" 2>/dev/null || true
		for ((i = 0; i < 50; i++)); do
			uf_pgid_alive "$pgid" || break
			sleep 0.1
		done
	fi
	rm -f "$pgidfile"
}

# stack_wait_port PORT WHAT: until something accepts connections on 127.0.0.1:PORT (30 s).
stack_wait_port() {
	local i
	for ((i = 0; i < 300; i++)); do
		uf_port_in_use "$1" && return 0
		sleep 0.1
	done
	uf_die "$2 did not listen on 127.0.0.1:$1 within 30 s"
}

# ---------------------------------------------------------------------------------------------
# Ports: chosen once and kept, so that configs and the site URL stay valid across restarts.

stack_ports() {
	if [[ ! -f "$S/stack.env" ]]; then
		local port="${UF_STACK_PORT:-8890}"
		{
			echo "PORT=$port"
			echo "NODE1_FPM=$(uf_free_port)"
			echo "NODE2_FPM=$(uf_free_port)"
			echo "NODE1_HTTP=$(uf_free_port)"
			echo "NODE2_HTTP=$(uf_free_port)"
		} >"$S/stack.env"
	fi
	# shellcheck disable=SC1091
	source "$S/stack.env"
	if [[ -n "${UF_STACK_PORT:-}" && "$UF_STACK_PORT" != "$PORT" ]]; then
		stack_log "moving the site to port $UF_STACK_PORT"
		sed -i "s/^PORT=.*/PORT=$UF_STACK_PORT/" "$S/stack.env"
		PORT="$UF_STACK_PORT"
		[[ -f "$SITE/wp-config.php" ]] && uf_site_set_port "$SITE" "$PORT"
	fi
	return 0
}

# stack_render TEMPLATE OUT [NAME=VALUE...]: fill @NAME@ placeholders.
stack_render() {
	local in="$1" out="$2" kv expr=()
	shift 2
	for kv in "$@"; do
		expr+=(-e "s#@${kv%%=*}@#${kv#*=}#g")
	done
	sed "${expr[@]}" "$in" >"$out"
}

# ---------------------------------------------------------------------------------------------
# Redis

redis_start() {
	local d="$S/redis" port
	mkdir -p "$d/data"
	[[ -s "$d/port" ]] || uf_free_port >"$d/port"
	port="$(cat "$d/port")"
	stack_alive "$d/pgid" && return 0
	# No persistence: a restarted Redis is empty, as after a crash of a cache node; WordPress and the
	# plugin fill it again from MariaDB.
	cat >"$d/redis.conf" <<CONF
bind 127.0.0.1
protected-mode yes
port $port
daemonize no
supervised no
dir $d/data
pidfile $d/redis.pid
logfile $d/redis.log
save ""
appendonly no
maxmemory 256mb
maxmemory-policy allkeys-lru
CONF
	stack_spawn "$d/pgid" "$d/redis.out" redis-server "$d/redis.conf"
	local i
	for ((i = 0; i < 300; i++)); do
		[[ "$(redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null)" == PONG ]] && return 0
		sleep 0.1
	done
	tail -n 20 "$d/redis.log" >&2 2>/dev/null || true
	uf_die "Redis did not answer on 127.0.0.1:$port within 30 s"
}

redis_stop() {
	stack_kill "$S/redis/pgid" TERM
}

# ---------------------------------------------------------------------------------------------
# PHP-FPM nodes

stack_php_fpm() {
	local v
	v="$(php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')"
	if command -v "php-fpm$v" >/dev/null; then
		echo "php-fpm$v"
	elif [[ -x "/usr/sbin/php-fpm$v" ]]; then
		echo "/usr/sbin/php-fpm$v"
	else
		uf_die "php-fpm$v not found (apt-get install php-fpm)"
	fi
}

node_dirs() {
	local n
	for n in node1 node2 cli; do
		mkdir -p "$S/$n/uploads" "$S/$n/tmp"
	done
}

node_start() {
	local n="$1" d="$S/node$1" fpm port
	fpm="$(stack_php_fpm)"
	node_dirs
	stack_alive "$d/pgid" && return 0
	if [[ "$n" == 1 ]]; then port="$NODE1_FPM"; else port="$NODE2_FPM"; fi
	stack_render "$STACK_SRC/php-fpm.conf.in" "$d/php-fpm.conf" \
		DIR="$S" NODE="node$n" FPM_PORT="$port" CHILDREN="${UF_STACK_CHILDREN:-6}" \
		USER="$(id -un)" GROUP="$(id -gn)"
	local root_flag=()
	[[ "$(id -u)" == 0 ]] && root_flag=(--allow-to-run-as-root)
	stack_spawn "$d/pgid" "$d/php-fpm.out" "$fpm" --nodaemonize "${root_flag[@]}" --fpm-config "$d/php-fpm.conf"
	stack_wait_port "$port" "PHP-FPM node $n" || { tail -n 20 "$d/php-fpm.log" "$d/php-fpm.out" >&2 2>/dev/null; return 1; }
}

node_stop() {
	# QUIT: finish the requests in hand, then exit.
	stack_kill "$S/node$1/pgid" QUIT
}

# A crash, for the load test: the master and its workers die at once, requests in hand included.
node_kill() {
	stack_kill "$S/node$1/pgid" KILL
}

# ---------------------------------------------------------------------------------------------
# nginx

nginx_start() {
	local d="$S/nginx" user_line=""
	mkdir -p "$d/tmp"
	stack_alive "$d/pgid" && return 0
	# Workers as root too (this machine runs everything as root), so they can read the checkout.
	[[ "$(id -u)" == 0 ]] && user_line="user root;"
	stack_render "$STACK_SRC/nginx.conf.in" "$d/nginx.conf" \
		DIR="$S" SITE="$SITE" PORT="$PORT" USER_LINE="$user_line" \
		NODE1_FPM="$NODE1_FPM" NODE2_FPM="$NODE2_FPM" NODE1_HTTP="$NODE1_HTTP" NODE2_HTTP="$NODE2_HTTP"
	stack_render "$STACK_SRC/nginx-site.conf.in" "$d/site.conf" PORT="$PORT"
	nginx -t -q -p "$d" -c "$d/nginx.conf" -e "$d/error.log" ||
		{ uf_die "nginx refused $d/nginx.conf"; return 1; }
	if uf_port_in_use "$PORT"; then
		uf_die "port $PORT on 127.0.0.1 is already in use (UF_STACK_PORT=... for another)"
		return 1
	fi
	stack_spawn "$d/pgid" "$d/nginx.out" nginx -p "$d" -c "$d/nginx.conf" -e "$d/error.log" -g 'daemon off;'
	stack_wait_port "$PORT" nginx
	stack_wait_port "$NODE1_HTTP" nginx
	stack_wait_port "$NODE2_HTTP" nginx
}

nginx_stop() {
	stack_kill "$S/nginx/pgid" QUIT
}

# ---------------------------------------------------------------------------------------------
# The site

site_link() {
	ln -sfn "$UF_ROOT" "$SITE/wp-content/plugins/$UF_PLUGIN_SLUG"
	ln -sfn "$STACK_SRC/object-cache.php" "$SITE/wp-content/object-cache.php"
	ln -sfn "$STACK_SRC/db-error.php" "$SITE/wp-content/db-error.php"
	ln -sfn "$STACK_SRC/mu-plugin.php" "$SITE/wp-content/mu-plugins/uf-stack.php"
	# Read first by wp-config.php; everything here is decided per request.
	cat >"$SITE/local-config.php" <<PHP
<?php
// Written by scripts/stack.sh. Read first by wp-config.php (its own defines are guarded).
\$uf_stack_dir  = '$S';
\$uf_stack_node = getenv( 'UF_STACK_NODE' );
\$uf_stack_node = is_string( \$uf_stack_node ) && preg_match( '/^node[12]\$/', \$uf_stack_node ) ? \$uf_stack_node : 'cli';
// MariaDB's socket and Redis's port are read on each request: a restarted server may have new ones.
define( 'DB_HOST', 'localhost:' . trim( (string) @file_get_contents( \$uf_stack_dir . '/mariadb/socket-path' ) ) );
define( 'UF_REDIS_HOST', '127.0.0.1' );
define( 'UF_REDIS_PORT', (int) @file_get_contents( \$uf_stack_dir . '/redis/port' ) );
define( 'WP_CACHE_KEY_SALT', 'uf-stack' );
// What a node writes stays on that node.
define( 'UF_STACK_NODE_DIR', \$uf_stack_dir . '/' . \$uf_stack_node );
define( 'WP_DEBUG_LOG', UF_STACK_NODE_DIR . '/debug.log' );
define( 'WP_TEMP_DIR', UF_STACK_NODE_DIR . '/tmp/' );
// A production site runs WP-Cron from the system's cron, not from visitors' requests.
define( 'DISABLE_WP_CRON', true );
unset( \$uf_stack_dir, \$uf_stack_node );
PHP
}

site_create() {
	stack_log "creating the stack's WordPress in $SITE (MariaDB, port $PORT)"
	rm -rf "$SITE"
	UF_SITE_COPY=link uf_site_create "$SITE" "$PORT" mariadb uf_stack
	site_link
	touch "$S/.installed"
}

site_setup() {
	# The survey, the proxy header and an application password, for bench/load.
	php "$STACK_SRC/site.php" setup "$SITE" >"$S/load.json.tmp"
	mv "$S/load.json.tmp" "$S/load.json"
}

# ---------------------------------------------------------------------------------------------

stack_start() {
	uf_ensure_stack_deps
	uf_ensure_node_deps
	if [[ ! -d "$UF_ROOT/build" && "${UF_SKIP_BUILD:-0}" != 1 ]]; then
		(cd "$UF_ROOT" && npm run build)
	fi
	stack_ports
	node_dirs
	uf_mariadb_start "$S/mariadb"
	redis_start
	if [[ ! -f "$S/.installed" ]]; then
		site_create
	else
		site_link
	fi
	node_start 1
	node_start 2
	nginx_start
	# Start from an empty cache: what the CLI installed is in MariaDB.
	redis-cli -h 127.0.0.1 -p "$(cat "$S/redis/port")" flushdb >/dev/null
	site_setup
	local code
	code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 30 "http://127.0.0.1:$PORT/wp-json/" || true)"
	[[ "$code" == 200 ]] || { uf_die "the stack's REST API answered $code (logs: $S/node1/, $S/nginx/)"; return 1; }
}

stack_stop() {
	[[ -f "$S/stack.env" ]] && source "$S/stack.env"
	nginx_stop
	node_stop 1
	node_stop 2
	redis_stop
	uf_mariadb_stop "$S/mariadb"
}

stack_status() {
	local what f
	for what in nginx:nginx/pgid node1:node1/pgid node2:node2/pgid redis:redis/pgid; do
		f="$S/${what#*:}"
		if stack_alive "$f"; then echo "${what%%:*}: running"; else echo "${what%%:*}: stopped"; fi
	done
	if uf_mariadb_alive "$S/mariadb"; then echo "mariadb: running"; else echo "mariadb: stopped"; fi
}

case "${1:-}" in
start)
	stack_start
	cat <<MSG

  UserFeedback on the production-shaped stack (stop it with: npm run stack:stop)

    Site:    http://127.0.0.1:$PORT/          (nginx -> PHP-FPM node1 + node2)
    Admin:   http://127.0.0.1:$PORT/wp-admin/  admin / password
    Nodes:   node1 alone http://127.0.0.1:$NODE1_HTTP/, node2 alone http://127.0.0.1:$NODE2_HTTP/
    Redis:   127.0.0.1:$(cat "$S/redis/port") (object cache)   MariaDB: $(cat "$S/mariadb/socket-path")
    Logs:    $S/node1/debug.log, $S/node2/debug.log, $S/nginx/error.log
    Load:    npm run bench:load

MSG
	;;
stop)
	stack_stop
	stack_log "stopped"
	;;
status)
	stack_status
	;;
destroy)
	stack_stop || true
	rm -rf "$S"
	;;
fault)
	stack_ports >/dev/null
	case "${2:-}" in
	mariadb-restart)
		uf_mariadb_stop "$S/mariadb"
		sleep "${3:-1}"
		uf_mariadb_start "$S/mariadb"
		;;
	redis-stop) redis_stop ;;
	redis-start) redis_start ;;
	node-kill) node_kill "${3:?node 1 or 2}" ;;
	node-start) node_start "${3:?node 1 or 2}" ;;
	*)
		uf_die "unknown fault '${2:-}' (mariadb-restart, redis-stop, redis-start, node-kill N, node-start N)"
		exit 2
		;;
	esac
	;;
*)
	echo "usage: bash scripts/stack.sh start|stop|status|destroy|fault WHAT" >&2
	exit 2
	;;
esac
