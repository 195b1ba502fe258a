#!/usr/bin/env bash
# npm run test:php: PHPUnit against a real WordPress 6.6, on SQLite and/or MariaDB.
#
#   UF_DB=all|sqlite|mariadb   which engines (default all: SQLite, then MariaDB)
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
	UF_TEST_SITE="$run/site" UF_DB="$db" phpunit -c "$UF_ROOT/phpunit.xml.dist" "${group[@]}" "$@"
}

runs=("${dbs[@]}")
for db in "${dbs[@]}"; do
	if [[ "$db" == mariadb ]]; then
		runs+=(mariadb-multisite)
	fi
done

declare -A result=()
failed=0
for run_name in "${runs[@]}"; do
	printf '\n[uf] ===== PHPUnit on %s =====\n' "${run_name/-/ }" >&2
	start=$SECONDS
	# Not `if ( ... )`: errexit is switched off inside any command whose status is tested,
	# and the run must stop at its first failing step. The subshell inherits the set +e,
	# hence the set -e inside it.
	set +e
	(
		set -e
		run_one "$run_name" "$@"
	)
	rc=$?
	set -e
	if ((rc == 130 || rc == 143)); then
		exit "$rc"
	fi
	if ((rc == 0)); then
		result[$run_name]="passed ($((SECONDS - start)) s)"
	else
		result[$run_name]="FAILED (exit $rc, $((SECONDS - start)) s)"
		failed=1
	fi
done

printf '\n' >&2
for run_name in "${runs[@]}"; do
	uf_log "PHPUnit on ${run_name/-/ }: ${result[$run_name]}"
done
exit "$failed"
