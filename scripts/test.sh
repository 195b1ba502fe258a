#!/usr/bin/env bash
# npm test: every check the project has, in one command. It installs what is missing (Debian
# packages, npm packages), then runs each step even when an earlier one failed, prints a summary,
# and exits non-zero if any step failed.
#
#   UF_DB=all|sqlite|mariadb   engines for PHPUnit (default all: SQLite, then MariaDB)
#   UF_E2E_DB=sqlite|mariadb   engine of the throw-away site the browser tests use (default sqlite)
set -uo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$UF_ROOT" || exit 1

uf_ensure_system_deps || exit 1
uf_ensure_node_deps || exit 1

# Each step's output also goes to a log of its own: when one fails, its last lines are printed again
# after the summary, so the end of the output (all that a CI report may keep) says why.
logs="$UF_DEV_DIR/test-logs"
rm -rf "$logs" && mkdir -p "$logs"
passed=() failed=() failed_logs=()
step() {
	local name="$1"
	shift
	local start=$SECONDS log
	log="$logs/$(printf '%02d' $((${#passed[@]} + ${#failed[@]} + 1)))-${name//[^a-zA-Z0-9]/_}.log"
	echo
	echo "==> $name"
	"$@" 2>&1 | tee "$log"
	if [[ "${PIPESTATUS[0]}" == 0 ]]; then
		passed+=("$name")
		echo "<== $name: ok ($((SECONDS - start)) s)"
	else
		failed+=("$name")
		failed_logs+=("$log")
		echo "<== $name: FAILED ($((SECONDS - start)) s)"
	fi
}

php_lint() {
	local file out rc=0
	while IFS= read -r -d '' file; do
		out="$(php -l "$file" 2>&1)" || { echo "$out"; rc=1; }
	done < <(find . \( -path ./node_modules -o -path ./.dev -o -path ./vendor -o -path ./build \) -prune -o -name '*.php' -print0)
	return "$rc"
}

step "php lint" php_lint
step "typecheck" npm run --silent typecheck
step "lint js" npm run --silent lint:js
step "build" npm run --silent build
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
for name in "${passed[@]}"; do echo "  ok      $name"; done
for name in "${failed[@]}"; do echo "  FAILED  $name"; done
echo "steps: ${#passed[@]} passed, ${#failed[@]} failed"
[[ ${#failed[@]} -eq 0 ]]
