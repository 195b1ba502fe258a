# shellcheck shell=bash
# Helpers shared by the dev and test scripts. Source it; it defines functions and a few
# variables and runs nothing else. Every function is safe under `set -euo pipefail`.
#
# Contract (other scripts call these by name):
#   uf_root                                 print the repository root
#   UF_ROOT, UF_DEV_DIR                     repo root, and "$UF_ROOT/.dev" (gitignored)
#   uf_ensure_system_deps                   apt-get install the Debian packages we need, if missing
#   uf_ensure_stack_deps                    the same for the production-shaped stack (scripts/stack.sh:
#                                           nginx, PHP-FPM, Redis); only the stack and its tests ask
#   uf_ensure_node_deps                     npm ci when node_modules is missing or stale
#   uf_wp_core                              assemble WordPress 6.6 into $UF_DEV_DIR/core (once)
#   uf_site_create DIR PORT DB [DBNAME]     DB = sqlite | mariadb; installs and activates the plugin
#                                           (UF_SITE_COPY=link: hard-link the core, for throw-away sites;
#                                           UF_MULTISITE=1: a subdirectory network, the plugin
#                                           network-activated; on either engine)
#   uf_server_start DIR PORT / uf_server_stop DIR / uf_server_running DIR
#   uf_free_port                            print a free TCP port on 127.0.0.1
#   uf_mariadb_start DIR / uf_mariadb_stop DIR
#       start exports UF_DB_HOST UF_DB_PORT UF_DB_SOCKET UF_DB_USER UF_DB_PASSWORD
#       (and UF_MARIADB_DIR); uf_mariadb_env DIR exports them for a server already running.
#   uf_mariadb_client [ARGS...]             the mariadb client connected to the server above

UF_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
UF_DEV_DIR="$UF_ROOT/.dev"
export UF_ROOT UF_DEV_DIR

UF_WP_BUILDS_PKG="$UF_ROOT/node_modules/@wp-playground/wordpress-builds"
UF_PLUGIN_SLUG="userfeedback"

uf_root() {
	printf '%s\n' "$UF_ROOT"
}

uf_log() {
	printf '[uf] %s\n' "$*" >&2
}

uf_die() {
	printf '[uf] error: %s\n' "$*" >&2
	return 1
}

# ---------------------------------------------------------------------------------------------
# Dependencies

UF_SYSTEM_PACKAGES=(
	php-cli php-sqlite3 php-mysql php-xml php-mbstring php-curl php-intl php-zip php-gd
	phpunit php-codesniffer mariadb-server chromium unzip
	# The browser tests run in Chromium's old headless shell (playwright.config.ts): a third less
	# CPU per page than the full browser, which stays for headed runs and Lighthouse.
	chromium-headless-shell
	# Used by these scripts themselves (curl: server readiness; ps: process groups; setsid
	# and flock). Slim Debian images lack curl and procps.
	curl procps util-linux
	# xgettext, msgcat, msgfmt: npm run i18n writes languages/userfeedback.pot, npm test checks it.
	gettext
)

# The production-shaped stack (scripts/stack.sh, bench/load, the "stack" step of npm test) also needs
# these; `npm start` does not, so they are installed only when one of those runs.
UF_STACK_PACKAGES=(nginx php-fpm redis-server php-redis)

uf_ensure_system_deps() {
	uf_ensure_packages "${UF_SYSTEM_PACKAGES[@]}"
}

uf_ensure_stack_deps() {
	uf_ensure_packages "${UF_SYSTEM_PACKAGES[@]}" "${UF_STACK_PACKAGES[@]}"
}

# uf_ensure_packages PKG...: apt-get install those of the Debian packages that are missing.
uf_ensure_packages() {
	local pkg status missing=()
	for pkg in "$@"; do
		# dpkg-query exits 1 for a package it has never heard of; that is "missing" too.
		status="$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)"
		[[ "$status" == "installed" ]] || missing+=("$pkg")
	done
	((${#missing[@]} == 0)) && return 0

	if [[ "$(id -u)" != 0 ]]; then
		uf_die "missing Debian packages: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})"
		return 1
	fi
	uf_log "installing Debian packages: ${missing[*]}"
	apt-get update
	# mariadb-server's postinst starts the system service; we never use it (see uf_mariadb_start)
	# but we leave the distribution's choice alone rather than masking it.
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

uf_ensure_node_deps() {
	local lock="$UF_ROOT/package-lock.json" stamp="$UF_ROOT/node_modules/.package-lock.json"
	if [[ ! -d "$UF_ROOT/node_modules" || ! -f "$stamp" || ( -f "$lock" && "$lock" -nt "$stamp" ) ]]; then
		# npm ci first: the exact, clean install. The registry proxy of this workplace does not
		# serve optional packages for other platforms (e.g. @unrs/resolver-binding-win32-*), so
		# the lock file cannot list them and npm ci refuses it as "out of sync"; npm install then
		# installs the same locked versions and, with --no-save, leaves the lock file alone.
		uf_log "installing node modules"
		(cd "$UF_ROOT" && { npm ci --no-audit --no-fund 2>/dev/null || npm install --no-save --no-audit --no-fund; })
	fi
}

# ---------------------------------------------------------------------------------------------
# WordPress core

UF_CORE_DIR="$UF_DEV_DIR/core"

uf_wp_core() {
	local zip="$UF_WP_BUILDS_PKG/src/wordpress/wp-beta.zip"
	local assets="$UF_WP_BUILDS_PKG/public/wp-beta"
	local sqlite_zip="$UF_WP_BUILDS_PKG/src/sqlite-database-integration/sqlite-database-integration.zip"
	local stamp="$UF_CORE_DIR/.uf-core-stamp" want

	[[ -f "$zip" && -d "$assets" && -f "$sqlite_zip" ]] ||
		{ uf_die "WordPress builds not found in $UF_WP_BUILDS_PKG (run npm ci)"; return 1; }

	# The stamp names the package version, so bumping @wp-playground/wordpress-builds rebuilds.
	want="$(sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*/\1/p' "$UF_WP_BUILDS_PKG/package.json" | head -n1) $(stat -c %s "$zip")"
	[[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]] && return 0

	mkdir -p "$UF_DEV_DIR"
	# Two test runs may start at once on a fresh checkout: build under a lock, into a temporary
	# folder, and move it into place so nobody ever copies a half-extracted core.
	(
		flock 9
		[[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]] && exit 0
		uf_log "assembling WordPress 6.6 into $UF_CORE_DIR"
		local tmp="$UF_DEV_DIR/core.tmp.$$"
		# Leftovers of an interrupted build; nobody else builds while we hold the lock.
		rm -rf "$UF_DEV_DIR"/core.tmp.*
		mkdir -p "$tmp"
		unzip -q "$zip" -d "$tmp"
		# The zip lacks ~1,700 static files (css, js, images); the package ships them here.
		cp -a "$assets/." "$tmp/"
		# Playground's own config and pre-installed database must not leak into our sites.
		rm -f "$tmp/wp-config.php" "$tmp/wp-content/database/.ht.sqlite" "$tmp/wordpress-remote-asset-paths"
		local sq="$tmp/sqlite.tmp"
		mkdir -p "$sq" && unzip -q "$sqlite_zip" -d "$sq"
		mv "$sq"/sqlite-database-integration-* "$tmp/wp-content/plugins/sqlite-database-integration"
		rm -rf "$sq" "$tmp/wp-content/plugins/sqlite-database-integration/tests"
		grep -q "wp_version = '6.6" "$tmp/wp-includes/version.php" ||
			{ echo "[uf] error: $zip is not WordPress 6.6" >&2; exit 1; }
		printf '%s' "$want" >"$tmp/.uf-core-stamp"
		rm -rf "$UF_CORE_DIR"
		mv "$tmp" "$UF_CORE_DIR"
	) 9>"$UF_DEV_DIR/core.lock"
}

# ---------------------------------------------------------------------------------------------
# Sites

uf_random_salt() {
	# Base64 without the characters that would need escaping inside a PHP single-quoted string.
	head -c 48 /dev/urandom | base64 -w0 | tr '+/' '-_' | tr -d '='
}

uf_site_create() {
	local dir="${1:?uf_site_create DIR PORT DB [DBNAME]}" port="${2:?port}" db="${3:?db (sqlite|mariadb)}"
	local dbname="${4:-userfeedback}" multisite="${UF_MULTISITE:-0}"
	local db_name db_user db_password db_host

	case "$multisite" in
	0 | "") multisite=0 ;;
	1) ;;
	*)
		uf_die "UF_MULTISITE must be 0 or 1 (got '$multisite')"
		return 1
		;;
	esac

	case "$db" in
	sqlite)
		# The drop-in ignores these; wp-config.php still has to define them.
		db_name="wordpress" db_user="" db_password="" db_host="localhost"
		;;
	mariadb)
		[[ -n "${UF_DB_SOCKET:-}" ]] || { uf_die "uf_site_create mariadb: call uf_mariadb_start first"; return 1; }
		[[ "$dbname" =~ ^[A-Za-z0-9_]+$ ]] || { uf_die "bad database name: $dbname"; return 1; }
		db_name="$dbname" db_user="$UF_DB_USER" db_password="$UF_DB_PASSWORD"
		db_host="localhost:$UF_DB_SOCKET"
		uf_mariadb_client -e "DROP DATABASE IF EXISTS \`$dbname\`; CREATE DATABASE \`$dbname\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_520_ci;"
		;;
	*)
		uf_die "unknown DB '$db' (sqlite or mariadb)"
		return 1
		;;
	esac

	uf_wp_core
	[[ ! -e "$dir" ]] || [[ -z "$(ls -A "$dir")" ]] || { uf_die "$dir exists and is not empty"; return 1; }
	mkdir -p "$dir"
	dir="$(cd "$dir" && pwd)"
	# Copy by default: WordPress edits files in place (theme/plugin file editors, upgrades),
	# which through hard links would change the shared core under every other site. Throw-away
	# sites (tests) ask for hard links: ten times faster (0.1 s against 2 s here), and every
	# file written below is a new file, never one of the linked ones.
	if [[ "${UF_SITE_COPY:-copy}" == link ]]; then
		cp -al "$UF_CORE_DIR/." "$dir/"
	else
		cp -a "$UF_CORE_DIR/." "$dir/"
	fi
	rm -f "$dir/.uf-core-stamp"

	if [[ "$db" == sqlite ]]; then
		# The same substitutions the integration makes in sqlite_plugin_copy_db_file().
		local impl="$dir/wp-content/plugins/sqlite-database-integration"
		sed -e "s#{SQLITE_IMPLEMENTATION_FOLDER_PATH}#$impl#g" \
			-e "s#{SQLITE_PLUGIN}#sqlite-database-integration/load.php#g" \
			"$impl/db.copy" >"$dir/wp-content/db.php"
		mkdir -p "$dir/wp-content/database"
	fi

	ln -sfn "$UF_ROOT" "$dir/wp-content/plugins/$UF_PLUGIN_SLUG"

	# No route to wordpress.org here. A failed HTTPS request makes the update checks raise
	# E_USER_WARNING into debug.log on every check; an HTTP error answer keeps them quiet.
	mkdir -p "$dir/wp-content/mu-plugins"
	cat >"$dir/wp-content/mu-plugins/uf-offline.php" <<'PHP'
<?php
/**
 * Plugin Name: UserFeedback dev: offline wordpress.org
 * Description: Written by scripts/lib.sh. Answers requests to *.wordpress.org / *.w.org with 503 (this machine has no route there), so that update checks fail quietly instead of logging warnings; and turns off core's emoji script, which would load its images of characters such as the "↗" of external links from s.w.org (broken images, console errors).
 */
// After core's own hooks: wp-admin/includes/admin-filters.php is loaded after the mu-plugins.
add_action( 'admin_init', static fn() => remove_action( 'admin_print_scripts', 'print_emoji_detection_script' ) );
add_action( 'init', static fn() => remove_action( 'wp_head', 'print_emoji_detection_script', 7 ) );
add_filter(
	'pre_http_request',
	static function ( $pre, $args, $url ) {
		$host = (string) wp_parse_url( $url, PHP_URL_HOST );
		if ( false !== $pre || ! preg_match( '/(^|\.)(wordpress\.org|w\.org)$/i', $host ) ) {
			return $pre;
		}
		return array(
			'headers'  => array(),
			'body'     => '',
			'response' => array( 'code' => 503, 'message' => 'Offline development site' ),
			'cookies'  => array(),
			'filename' => null,
		);
	},
	10,
	3
);
PHP

	local url="http://127.0.0.1:$port" k
	{
		cat <<PHP
<?php
// Written by scripts/lib.sh (uf_site_create) for a local $db site. Not for production.

// First, so that tests and developers can override anything below (all guarded by defined()).
if ( is_readable( __DIR__ . '/local-config.php' ) ) {
	require __DIR__ . '/local-config.php';
}

defined( 'DB_NAME' ) || define( 'DB_NAME', '$db_name' );
defined( 'DB_USER' ) || define( 'DB_USER', '$db_user' );
defined( 'DB_PASSWORD' ) || define( 'DB_PASSWORD', '$db_password' );
defined( 'DB_HOST' ) || define( 'DB_HOST', '$db_host' );
defined( 'DB_CHARSET' ) || define( 'DB_CHARSET', 'utf8mb4' );
defined( 'DB_COLLATE' ) || define( 'DB_COLLATE', '' );

PHP
		for k in AUTH_KEY SECURE_AUTH_KEY LOGGED_IN_KEY NONCE_KEY AUTH_SALT SECURE_AUTH_SALT LOGGED_IN_SALT NONCE_SALT; do
			printf "defined( '%s' ) || define( '%s', '%s' );\n" "$k" "$k" "$(uf_random_salt)"
		done
		cat <<PHP

\$table_prefix = isset( \$table_prefix ) ? \$table_prefix : 'wp_';

defined( 'WP_ENVIRONMENT_TYPE' ) || define( 'WP_ENVIRONMENT_TYPE', 'local' );
defined( 'WP_DEBUG' ) || define( 'WP_DEBUG', true );
defined( 'WP_DEBUG_LOG' ) || define( 'WP_DEBUG_LOG', __DIR__ . '/debug.log' );
defined( 'WP_DEBUG_DISPLAY' ) || define( 'WP_DEBUG_DISPLAY', false );
defined( 'WP_HOME' ) || define( 'WP_HOME', '$url' );
defined( 'WP_SITEURL' ) || define( 'WP_SITEURL', '$url' );
defined( 'DISABLE_WP_CRON' ) || define( 'DISABLE_WP_CRON', false );
// Plugin installs from the Addons screen write straight to disk (no FTP prompt).
defined( 'FS_METHOD' ) || define( 'FS_METHOD', 'direct' );
// The core is a 6.6 release candidate with no network to update from; do not try.
defined( 'AUTOMATIC_UPDATER_DISABLED' ) || define( 'AUTOMATIC_UPDATER_DISABLED', true );

PHP
		if [[ "$multisite" == 1 ]]; then
			uf_multisite_config "127.0.0.1:$port"
		fi
		cat <<'PHP'
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
PHP
	} >"$dir/wp-config.php"
	printf '%s\n' "$port" >"$dir/.uf-port"
	printf '%s\n' "$db" >"$dir/.uf-db"
	local install_args=()
	if [[ "$multisite" == 1 ]]; then
		printf 'subdirectory\n' >"$dir/.uf-multisite"
		install_args=(--multisite)
	fi

	if ! php "$UF_ROOT/scripts/wp-install.php" "${install_args[@]}" "$dir" "$url"; then
		if [[ -s "$dir/debug.log" ]]; then
			echo "[uf] --- tail of $dir/debug.log" >&2
			tail -n 20 "$dir/debug.log" >&2
		fi
		uf_die "installing WordPress in $dir failed"
		return 1
	fi
}

# The wp-config.php lines of a subdirectory network whose main site is http://DOMAIN/ (DOMAIN
# may carry a port: WordPress keeps it in the domain of the network and of each site, and
# matches it against HTTP_HOST). scripts/wp-install.php defines UF_NETWORK_SETUP while it
# installs the single site the network grows from and creates the network tables (as
# wp-admin/network.php does); the constants apply from the next boot on. WP_HOME and
# WP_SITEURL are ignored on a network (ms-default-filters.php); each site has its own URL.
#
# Works on both engines: the SQLite integration of @wp-playground/wordpress-builds 0.9.19
# creates the network tables and runs tests/php/MultisiteTest.php with the same results as
# MariaDB. scripts/test-php.sh runs that group on MariaDB, the engine of production networks.
uf_multisite_config() {
	local domain="${1:?domain}"
	cat <<PHP

// A subdirectory multisite network (UF_MULTISITE=1), the plugin network-activated.
defined( 'WP_ALLOW_MULTISITE' ) || define( 'WP_ALLOW_MULTISITE', true );
if ( ! defined( 'UF_NETWORK_SETUP' ) ) {
	defined( 'MULTISITE' ) || define( 'MULTISITE', true );
	defined( 'SUBDOMAIN_INSTALL' ) || define( 'SUBDOMAIN_INSTALL', false );
	defined( 'DOMAIN_CURRENT_SITE' ) || define( 'DOMAIN_CURRENT_SITE', '$domain' );
	defined( 'PATH_CURRENT_SITE' ) || define( 'PATH_CURRENT_SITE', '/' );
	defined( 'SITE_ID_CURRENT_SITE' ) || define( 'SITE_ID_CURRENT_SITE', 1 );
	defined( 'BLOG_ID_CURRENT_SITE' ) || define( 'BLOG_ID_CURRENT_SITE', 1 );
}

PHP
}

# Rewrites WP_HOME/WP_SITEURL of an existing site for another port.
uf_site_set_port() {
	local dir="${1:?dir}" port="${2:?port}"
	if [[ -f "$dir/.uf-multisite" ]]; then
		# The port is part of the domain of the network and of every site, in the database.
		uf_die "$dir is a multisite network, which cannot move to another port; create a new one"
		return 1
	fi
	sed -i -E "s#(define\( 'WP_(HOME|SITEURL)', 'http://127\.0\.0\.1:)[0-9]+'#\1$port'#" "$dir/wp-config.php"
	printf '%s\n' "$port" >"$dir/.uf-port"
}

# ---------------------------------------------------------------------------------------------
# Ports and the PHP web server

uf_free_port() {
	# Ask the kernel for an ephemeral port and release it. Racy in theory; in practice the
	# kernel does not hand the same port out again right away.
	php -r '$s = stream_socket_server( "tcp://127.0.0.1:0", $e, $m ) or exit( 1 );
		$n = stream_socket_get_name( $s, false ); echo substr( $n, strrpos( $n, ":" ) + 1 ), "\n";'
}

uf_port_in_use() {
	(exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Does process group PGID still have a live member? Zombies do not count: `kill -0` succeeds
# on them, and when our parent shell is gone they wait for whoever reaps orphans (seconds,
# under some supervisors).
uf_pgid_alive() {
	local pgid="$1"
	[[ "$pgid" =~ ^[0-9]+$ ]] || return 1
	ps -e -o pgid=,stat= | awk -v g="$pgid" '$1 == g && $2 !~ /^Z/ { found = 1 } END { exit !found }'
}

uf_pid_alive() {
	local stat
	[[ "$1" =~ ^[0-9]+$ ]] || return 1
	stat="$(ps -o stat= -p "$1" 2>/dev/null)" || return 1
	[[ -n "$stat" && "$stat" != Z* ]]
}

# Is the server recorded in DIR running? (Checks the whole process group.)
uf_server_running() {
	local dir="${1:?dir}"
	[[ -f "$dir/.uf-server.pid" ]] || return 1
	uf_pgid_alive "$(cat "$dir/.uf-server.pid")"
}

uf_server_start() {
	local dir="${1:?uf_server_start DIR PORT}" port="${2:?port}"
	dir="$(cd "$dir" && pwd)"
	local log="$dir/server.log" pidfile="$dir/.uf-server.pid"

	if uf_server_running "$dir"; then
		uf_die "a server for $dir is already running (pgid $(cat "$pidfile")); stop it first"
		return 1
	fi
	if uf_port_in_use "$port"; then
		uf_die "port $port on 127.0.0.1 is already in use by another program"
		return 1
	fi

	# setsid gives the server its own process group: php -S with PHP_CLI_SERVER_WORKERS forks
	# workers that outlive a killed parent, so we stop the whole group, never a single pid.
	# The inner shell writes its own pid (= the new group id) before exec'ing php, which works
	# whether or not setsid had to fork.
	: >"$log"
	PHP_CLI_SERVER_WORKERS="${UF_SERVER_WORKERS:-4}" setsid bash -c '
		echo $$ >"$1"
		cd "$2"
		exec php -d opcache.enable_cli=1 -d opcache.validate_timestamps=1 -d opcache.revalidate_freq=0 \
			-S "127.0.0.1:$3" -t "$2" "$4"
	' uf-server "$pidfile" "$dir" "$port" "$UF_ROOT/scripts/router.php" >>"$log" 2>&1 </dev/null &

	local url="http://127.0.0.1:$port/" code="000" i
	for ((i = 0; i < 200; i++)); do
		code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$url" 2>/dev/null || true)"
		[[ "$code" =~ ^[23] ]] && return 0
		[[ -f "$pidfile" ]] && ! uf_server_running "$dir" && break
		sleep 0.1
	done
	{
		echo "[uf] error: the site at $url did not answer with 2xx/3xx (last status $code)"
		echo "[uf] --- tail of $log"
		tail -n 20 "$log" 2>/dev/null || true
		if [[ -f "$dir/debug.log" ]]; then
			echo "[uf] --- tail of $dir/debug.log"
			tail -n 20 "$dir/debug.log"
		fi
	} >&2
	uf_server_stop "$dir" || true
	return 1
}

uf_server_stop() {
	local dir="${1:?uf_server_stop DIR}" pidfile pgid i
	pidfile="$dir/.uf-server.pid"
	[[ -f "$pidfile" ]] || return 0
	pgid="$(cat "$pidfile")"
	if uf_pgid_alive "$pgid"; then
		kill -TERM -- "-$pgid" 2>/dev/null || true
		for ((i = 0; i < 50; i++)); do
			uf_pgid_alive "$pgid" || break
			sleep 0.1
		done
		if uf_pgid_alive "$pgid"; then
			kill -KILL -- "-$pgid" 2>/dev/null || true
		fi
	fi
	rm -f "$pidfile"
}

# ---------------------------------------------------------------------------------------------
# A private MariaDB (never the system service, never /var/lib/mysql)

uf_mariadb_env() {
	local dir="${1:?dir}"
	dir="$(cd "$dir" && pwd)"
	UF_MARIADB_DIR="$dir"
	UF_DB_HOST="127.0.0.1"
	UF_DB_PORT="$(cat "$dir/port" 2>/dev/null || true)"
	UF_DB_SOCKET="$(cat "$dir/socket-path" 2>/dev/null || true)"
	UF_DB_USER="root"
	UF_DB_PASSWORD=""
	export UF_MARIADB_DIR UF_DB_HOST UF_DB_PORT UF_DB_SOCKET UF_DB_USER UF_DB_PASSWORD
}

uf_mariadb_client() {
	# --no-defaults: /etc/mysql/my.cnf points the client at the system server's socket.
	mariadb --no-defaults --socket="$UF_DB_SOCKET" --user="$UF_DB_USER" ${UF_DB_PASSWORD:+--password="$UF_DB_PASSWORD"} "$@"
}

uf_mariadb_alive() {
	local dir="$1" sock pid
	[[ -f "$dir/socket-path" && -f "$dir/mysqld.pid" ]] || return 1
	sock="$(cat "$dir/socket-path")" pid="$(cat "$dir/mysqld.pid")"
	uf_pid_alive "$pid" &&
		mariadb-admin --no-defaults --socket="$sock" --user=root --connect-timeout=2 ping >/dev/null 2>&1
}

uf_mariadb_start() {
	local dir="${1:?uf_mariadb_start DIR}"
	mkdir -p "$dir"
	dir="$(cd "$dir" && pwd)"

	if uf_mariadb_alive "$dir"; then
		uf_mariadb_env "$dir"
		return 0
	fi

	# A unix socket path is limited to 107 bytes; deep checkouts overflow it, so fall back
	# to a short private folder in /tmp (recorded, and removed by uf_mariadb_stop).
	local sock="$dir/mysqld.sock"
	if ((${#sock} > 100)); then
		sock="$(mktemp -d /tmp/uf-mariadb.XXXXXX)/mysqld.sock"
	fi
	printf '%s\n' "$sock" >"$dir/socket-path"

	# Options shared by the bootstrap (install-db) and the server. --no-defaults everywhere:
	# Debian's /etc/mysql/my.cnf would point us at /var/lib/mysql and /run/mysqld.
	# --tmpdir of its own: a server starting deletes the #sql* temporary files it finds in its
	# tmpdir, so with a shared /tmp every server started (a test run, a bench site) broke the
	# on-disk temporary tables of the others' running queries ("Error on delete of
	# '/tmp/#sql-temptable-…'": a bench seed's rollup rebuild failed so).
	mkdir -p "$dir/tmp"
	local common=(
		--no-defaults --user=root --datadir="$dir/data" --tmpdir="$dir/tmp"
		--innodb-log-file-size=16M --innodb-buffer-pool-size=128M
	)
	if [[ ! -d "$dir/data/mysql" ]]; then
		rm -rf "$dir/data"
		mariadb-install-db "${common[@]}" --auth-root-authentication-method=normal \
			--skip-test-db --skip-name-resolve >"$dir/install.log" 2>&1 ||
			{ tail -n 20 "$dir/install.log" >&2; uf_die "mariadb-install-db failed (log: $dir/install.log)"; return 1; }
	fi

	local port
	port="$(uf_free_port)"
	printf '%s\n' "$port" >"$dir/port"
	rm -f "$dir/mysqld.pid"
	# mariadbd refuses to run as root without --user=root. Its own session, so that a Ctrl-C
	# in the terminal that started it does not take it down mid-test; uf_mariadb_stop ends it.
	setsid mariadbd "${common[@]}" \
		--socket="$sock" --port="$port" --bind-address=127.0.0.1 --skip-name-resolve \
		--pid-file="$dir/mysqld.pid" --log-error="$dir/mysqld.log" \
		--skip-log-bin --innodb-flush-log-at-trx-commit=2 \
		--character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_520_ci \
		>>"$dir/mysqld.out" 2>&1 </dev/null &

	local i
	for ((i = 0; i < 300; i++)); do
		if mariadb-admin --no-defaults --socket="$sock" --user=root --connect-timeout=2 ping >/dev/null 2>&1; then
			uf_mariadb_env "$dir"
			return 0
		fi
		sleep 0.1
	done
	tail -n 30 "$dir/mysqld.log" >&2 2>/dev/null || true
	uf_die "MariaDB in $dir did not accept connections within 30 s (log: $dir/mysqld.log)"
	return 1
}

uf_mariadb_stop() {
	local dir="${1:?uf_mariadb_stop DIR}" sock pid i
	[[ -d "$dir" ]] || return 0
	sock="$(cat "$dir/socket-path" 2>/dev/null || true)"
	pid="$(cat "$dir/mysqld.pid" 2>/dev/null || true)"
	if uf_pid_alive "$pid"; then
		# Only signal the pid if it is really our mariadbd (pids get reused).
		if [[ "$(cat "/proc/$pid/comm" 2>/dev/null)" == mariadbd ]]; then
			kill -TERM "$pid" 2>/dev/null || true
			for ((i = 0; i < 300; i++)); do
				uf_pid_alive "$pid" || break
				sleep 0.1
			done
			if uf_pid_alive "$pid"; then
				kill -KILL "$pid" 2>/dev/null || true
			fi
		fi
	fi
	rm -f "$dir/mysqld.pid"
	if [[ -n "$sock" && "$sock" == /tmp/uf-mariadb.*/mysqld.sock ]]; then
		rm -rf "$(dirname "$sock")"
	fi
}
