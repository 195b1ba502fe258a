#!/usr/bin/env bash
# npm run test:php: PHPUnit against a real WordPress 6.6, on SQLite and/or MariaDB.
#
#   UF_DB=all|sqlite|mariadb   which engines (default all: SQLite beside MariaDB, at the same time)
#   UF_PHP_SERIAL=1            run the engines one after the other
#   UF_KEEP_TEST_SITE=1        keep the throw-away site(s) for a look afterwards
#   extra arguments go to phpunit:  npm run test:php -- --filter Bootstrap
#
# Runs: one single site per engine, without the `multisite` group; then, when MariaDB is among
# the engines, a subdirectory multisite network on MariaDB (the plugin network-activated) that
# runs only that group (tests/php/MultisiteTest.php).
#
# Each run gets a fresh site in .dev/phpunit-<run>-<pid>/ (and, for MariaDB, a private server
# with its own datadir there), so it never touches the dev site and two runs never meet.
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

case "${UF_DB:-all}" in
all) dbs=(sqlite mariadb) ;;
sqlite | mariadb) dbs=("$UF_DB") ;;
*)
	uf_log "error: UF_DB must be all, sqlite or mariadb (got '$UF_DB')"
	exit 2
	;;
esac

uf_ensure_system_deps
uf_ensure_node_deps
uf_wp_core
# The sites live for seconds and nobody edits their core: hard links instead of a 70 MB copy.
export UF_SITE_COPY=link

# One run (RUN = sqlite, mariadb or mariadb-multisite), in a subshell so that its EXIT trap
# cleans up whatever it started, whether phpunit failed, the install failed, or the user
# pressed Ctrl-C.
run_one() {
	local name="$1" db="${1%-multisite}" multisite=0 group=(--exclude-group multisite)
	shift
	if [[ "$name" == *-multisite ]]; then
		multisite=1 group=(--group multisite)
	fi
	# Not local: the EXIT trap runs after this function has returned.
	run="$UF_DEV_DIR/phpunit-$name-$$"

	cleanup() {
		local rc=$?
		uf_mariadb_stop "$run/mariadb" || true
		if [[ "${UF_KEEP_TEST_SITE:-0}" == 1 ]]; then
			uf_log "kept $run/site"
			if [[ -d "$run/mariadb" ]]; then
				uf_log "its database: source scripts/lib.sh && uf_mariadb_start $run/mariadb"
			fi
		else
			rm -rf "$run"
		fi
		return "$rc"
	}
	trap cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM

	rm -rf "$run"
	mkdir -p "$run"
	local port
	port="$(uf_free_port)"
	if [[ "$db" == mariadb ]]; then
		uf_mariadb_start "$run/mariadb"
	fi
	# Set either way: a UF_MULTISITE in the caller's environment must not turn the single-site runs
	# into networks.
	UF_MULTISITE="$multisite" uf_site_create "$run/site" "$port" "$db" uf_phpunit

	cd "$UF_ROOT"
	# PHP's JIT (opcache's tracing mode, off by default on the command line): the suite is one long
	# CPU-bound process, most of it WordPress and, on SQLite, the integration's SQL translator written
	# in PHP; the JIT takes about 40% off its time (SQLite: 71 s to 41 s for the Responses and
	# Results tests) with the same results.
	UF_TEST_SITE="$run/site" UF_DB="$db" php -d opcache.enable_cli=1 -d opcache.jit_buffer_size=128M \
		-d opcache.jit=tracing "$(command -v phpunit)" -c "$UF_ROOT/phpunit.xml.dist" "${group[@]}" "$@"
}

runs=("${dbs[@]}")
for db in "${dbs[@]}"; do
	if [[ "$db" == mariadb ]]; then
		runs+=(mariadb-multisite)
	fi
done

declare -A result=()
failed=0
logs="$UF_DEV_DIR/phpunit-logs-$$"
rm -rf "$logs" && mkdir -p "$logs"
trap 'rm -rf "$logs"' EXIT

# run_logged RUN: one run in a subshell (its own EXIT trap cleans up), its output to its log and its
# exit code and seconds to RUN.end. Not `if ( ... )`: errexit is switched off inside any command
# whose status is tested, and the run must stop at its first failing step; hence set -e inside.
run_logged() {
	local run_name="$1" start=$SECONDS rc
	shift
	set +e
	(
		set -e
		run_one "$run_name" "$@"
	) >"$logs/$run_name.log" 2>&1
	rc=$?
	set -e
	echo "$rc $((SECONDS - start))" >"$logs/$run_name.end"
}

# The engines run at the same time when there is more than one: SQLite's run is one PHP process
# (the SQLite integration translates every query in PHP), MariaDB's is PHP and the server; each
# keeps about one core busy, so on two cores the pair takes the time of the longer one. Each run
# has its own site, database and MariaDB server (see run_one). UF_PHP_SERIAL=1 runs them one after
# the other. The outputs are printed whole, one run after the other, in the order of runs.
if ((${#dbs[@]} > 1)) && [[ "${UF_PHP_SERIAL:-0}" != 1 ]]; then
	groups=("sqlite" "mariadb mariadb-multisite")
else
	groups=("${runs[*]}")
fi
pids=()
for group in "${groups[@]}"; do
	(
		for run_name in $group; do
			run_logged "$run_name" "$@"
		done
	) &
	pids+=("$!")
done
interrupted=0
for pid in "${pids[@]}"; do
	wait "$pid" || interrupted=1
done
for run_name in "${runs[@]}"; do
	printf '\n[uf] ===== PHPUnit on %s =====\n' "${run_name/-/ }" >&2
	[[ -f "$logs/$run_name.log" ]] && cat "$logs/$run_name.log"
	rc=1 took=0
	if [[ -f "$logs/$run_name.end" ]]; then
		read -r rc took <"$logs/$run_name.end"
	fi
	if ((rc == 130 || rc == 143)); then
		exit "$rc"
	fi
	if ((rc == 0)); then
		result[$run_name]="passed ($took s)"
	else
		result[$run_name]="FAILED (exit $rc, $took s)"
		failed=1
	fi
done
((interrupted == 0)) || failed=1

printf '\n' >&2
for run_name in "${runs[@]}"; do
	uf_log "PHPUnit on ${run_name/-/ }: ${result[$run_name]}"
done
exit "$failed"
