#!/usr/bin/env bash
# npm test: every check the project has, in one command. It installs what is missing (Debian
# packages, npm packages), then runs each step even when an earlier one failed, prints a summary,
# and exits non-zero if any step failed.
#
#   UF_DB=all|sqlite|mariadb   engines for PHPUnit (default all: SQLite beside MariaDB)
#   UF_E2E_DB=sqlite|mariadb   engine of the throw-away site the browser tests use (default sqlite)
#   UF_E2E_WORKERS=N           browser-test workers, each against a site of its own (default 2)
#
# The summary lists every step with its time in seconds, and the total.
set -uo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$UF_ROOT" || exit 1

# The stack step needs nginx, PHP-FPM and Redis too: installed here with the rest, so that no step's
# time holds an install.
uf_ensure_stack_deps || exit 1
uf_ensure_node_deps || exit 1

# Each step's output also goes to a log of its own: when one fails, its last lines are printed again
# after the summary, so the end of the output (all that a CI report may keep) says why.
logs="$UF_DEV_DIR/test-logs"
rm -rf "$logs" && mkdir -p "$logs"
passed=() failed=() failed_logs=() summary=()
run_start=$SECONDS
step() {
	local name="$1"
	shift
	local start=$SECONDS log took
	log="$logs/$(printf '%02d' $((${#passed[@]} + ${#failed[@]} + 1)))-${name//[^a-zA-Z0-9]/_}.log"
	echo
	echo "==> $name"
	"$@" 2>&1 | tee "$log"
	if [[ "${PIPESTATUS[0]}" == 0 ]]; then
		took=$((SECONDS - start))
		passed+=("$name")
		summary+=("$(printf '  ok      %5d s  %s' "$took" "$name")")
		echo "<== $name: ok ($took s)"
	else
		took=$((SECONDS - start))
		failed+=("$name")
		failed_logs+=("$log")
		summary+=("$(printf '  FAILED  %5d s  %s' "$took" "$name")")
		echo "<== $name: FAILED ($took s)"
	fi
}

# Steps that run at the same time: each needs about one core and none reads what another writes
# (the type check and the linter read the sources, the build writes build/). Each one's output goes
# to its log and is printed whole once they are all done, in the order given, as `step` prints it;
# each time is that step's own (they overlap, so the times add up to more than the wall time).
#   together NAME FUNCTION [NAME FUNCTION ...]
together() {
	local -a names=() fns=() logs_=() pids=()
	local i start=$SECONDS took rc n=$((${#passed[@]} + ${#failed[@]}))
	while (($# >= 2)); do
		names+=("$1") fns+=("$2")
		shift 2
	done
	for i in "${!names[@]}"; do
		logs_+=("$logs/$(printf '%02d' $((n + i + 1)))-${names[i]//[^a-zA-Z0-9]/_}.log")
		(
			"${fns[i]}" >"${logs_[i]}" 2>&1
			echo "$? $((SECONDS - start))" >"${logs_[i]}.end"
		) &
		pids+=("$!")
	done
	wait "${pids[@]}"
	for i in "${!names[@]}"; do
		read -r rc took <"${logs_[i]}.end" || { rc=1 took=$((SECONDS - start)); }
		rm -f "${logs_[i]}.end"
		echo
		echo "==> ${names[i]} (alongside the others of its group)"
		cat "${logs_[i]}"
		if [[ "$rc" == 0 ]]; then
			passed+=("${names[i]}")
			summary+=("$(printf '  ok      %5d s  %s' "$took" "${names[i]}")")
			echo "<== ${names[i]}: ok ($took s)"
		else
			failed+=("${names[i]}")
			failed_logs+=("${logs_[i]}")
			summary+=("$(printf '  FAILED  %5d s  %s' "$took" "${names[i]}")")
			echo "<== ${names[i]}: FAILED ($took s)"
		fi
	done
}
run_typecheck() { npm run --silent typecheck; }
run_lint_js() { npm run --silent lint:js; }
run_build() { npm run --silent build; }

# Every PHP file, one `php -l` each (it checks one file a call), as many at a time as there are
# cores. -n: no php.ini and so none of the ~150 extensions loaded at start-up (a syntax check needs
# none), four times less work a file; short_open_tag as Debian's php.ini has it.
php_lint() {
	local files
	files="$(find . \( -path ./node_modules -o -path ./.dev -o -path ./vendor -o -path ./build \) -prune -o -name '*.php' -print | wc -l)"
	find . \( -path ./node_modules -o -path ./.dev -o -path ./vendor -o -path ./build \) -prune -o -name '*.php' -print0 |
		xargs -0 -n 25 -P "$(nproc)" bash -c '
			rc=0
			for file; do
				out="$(php -n -d short_open_tag=Off -l "$file" 2>&1)" || { echo "$out"; rc=1; }
			done
			exit "$rc"
		' php-lint || return 1
	echo "$files files: no syntax errors"
}

step "php lint" php_lint
together "typecheck" run_typecheck "lint js" run_lint_js "build" run_build
# msgfmt --check on languages/userfeedback.pot, and the same strings as a fresh extraction from the
# code and this build (scripts/i18n.mjs check: `npm run i18n` rewrites it).
step "translations (.pot)" node scripts/i18n.mjs check
step "size budgets" npm run --silent size
step "unit tests (vitest)" npm run --silent test:unit
step "php tests (phpunit, ${UF_DB:-all})" bash scripts/test-php.sh
# nginx + 2 PHP-FPM nodes + MariaDB + Redis, 20 clients, one restart of MariaDB, Redis and a node each:
# fails on a lost, duplicated or half-written answer or a 500, never on timings (bench/load/run.sh).
step "stack (load + faults)" bash bench/load/run.sh --test
step "browser tests (playwright, ${UF_E2E_DB:-sqlite})" bash scripts/test-e2e.sh

for log in "${failed_logs[@]}"; do
	echo
	echo "==> the end of the failed step's output ($log):"
	# Lines that say what went wrong first (a failed check, an error), then the last lines.
	grep -n -i -E 'fail|error|fatal|lost [1-9]|duplicated [1-9]|unexpected [1-9]|✘|not ok' "$log" | grep -v -E 'failed 0|0 failed' | tail -n 25
	echo "  ..."
	tail -n 40 "$log"
done

echo
printf '%s\n' "${summary[@]}"
total=$((SECONDS - run_start))
printf '  total   %5d s  (%d min %02d s)\n' "$total" $((total / 60)) $((total % 60))
echo "steps: ${#passed[@]} passed, ${#failed[@]} failed"
[[ ${#failed[@]} -eq 0 ]]
