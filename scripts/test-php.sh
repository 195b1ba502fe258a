#!/usr/bin/env bash
# npm run test:php: PHPUnit against a real WordPress 6.6, on SQLite and/or MariaDB.
#
#   UF_DB=all|sqlite|mariadb   which engines (default all: SQLite, then MariaDB)
#   UF_KEEP_TEST_SITE=1        keep the throw-away site(s) for a look afterwards
#   extra arguments go to phpunit:  npm run test:php -- --filter Bootstrap
#
# Each run gets a fresh site in .dev/phpunit-<db>-<pid>/ (and, for MariaDB, a private server
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

# One engine, in a subshell so that its EXIT trap cleans up whatever it started, whether
# phpunit failed, the install failed, or the user pressed Ctrl-C.
run_one() {
	local db="$1"
	shift
	# Not local: the EXIT trap runs after this function has returned.
	run="$UF_DEV_DIR/phpunit-$db-$$"

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
	uf_site_create "$run/site" "$port" "$db" uf_phpunit

	cd "$UF_ROOT"
	UF_TEST_SITE="$run/site" UF_DB="$db" phpunit -c "$UF_ROOT/phpunit.xml.dist" "$@"
}

declare -A result=()
failed=0
for db in "${dbs[@]}"; do
	printf '\n[uf] ===== PHPUnit on %s =====\n' "$db" >&2
	start=$SECONDS
	# Not `if ( ... )`: errexit is switched off inside any command whose status is tested,
	# and the run must stop at its first failing step. The subshell inherits the set +e,
	# hence the set -e inside it.
	set +e
	(
		set -e
		run_one "$db" "$@"
	)
	rc=$?
	set -e
	if ((rc == 130 || rc == 143)); then
		exit "$rc"
	fi
	if ((rc == 0)); then
		result[$db]="passed ($((SECONDS - start)) s)"
	else
		result[$db]="FAILED (exit $rc, $((SECONDS - start)) s)"
		failed=1
	fi
done

printf '\n' >&2
for db in "${dbs[@]}"; do
	uf_log "PHPUnit on $db: ${result[$db]}"
done
exit "$failed"
