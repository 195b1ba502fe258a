#!/usr/bin/env bash
# npm run bench -- [--db sqlite|mariadb] [--responses N] [--surveys N] [--fresh] [--no-seed] [--retention]
#                   [--only NAME[,NAME]] [--site-per-shape]
#
# --site-per-shape: keep one seeded site per shape, .dev/bench-<db>-<responses>-<surveys>/ (e.g.
# .dev/bench-mariadb-1000000-5 and .dev/bench-mariadb-1000000-1), so that both shapes of the same size
# stay seeded side by side; re-run a shape with the same --responses/--surveys plus --no-seed.
# --only: run only these benchmarks (names of bench/benchmarks/*.php without .php; "none" seeds only).
#
# --retention: the retention purge (bench/retention.php) on a site of its own (.dev/bench-<db>-retention/,
# seeded afresh every time, since the purge deletes half of it), instead of the other benchmarks.
#
# Seeds a benchmark site (.dev/bench-<db>/, kept between runs so a large seed is paid once; --fresh
# starts over), prints how long the seeding took, then runs every bench/benchmarks/*.php against it
# and prints their figures. Benchmarks measure; they never fail the test run.
set -euo pipefail
# shellcheck source=../scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

db=sqlite responses=100000 surveys=5 fresh=0 seed=1 retention=0 only='' per_shape=0
while [[ $# -gt 0 ]]; do
	case "$1" in
	--db) db="$2"; shift 2 ;;
	--responses) responses="$2"; shift 2 ;;
	--surveys) surveys="$2"; shift 2 ;;
	--fresh) fresh=1; shift ;;
	--no-seed) seed=0; shift ;;
	--retention) retention=1; fresh=1; seed=1; shift ;;
	--only) only="$2"; shift 2 ;;
	--site-per-shape) per_shape=1; shift ;;
	*) uf_die "unknown option $1 (see the top of bench/run.sh)"; exit 2 ;;
	esac
done
[[ "$db" == sqlite || "$db" == mariadb ]] || { uf_die "--db must be sqlite or mariadb"; exit 2; }

uf_ensure_system_deps
uf_ensure_node_deps
uf_wp_core

dir="$UF_DEV_DIR/bench-$db"
[[ "$per_shape" == 1 ]] && dir="$UF_DEV_DIR/bench-$db-$responses-$surveys"
[[ "$retention" == 1 ]] && dir="$UF_DEV_DIR/bench-$db-retention"
[[ "$fresh" == 1 ]] && { uf_mariadb_stop "$dir/mariadb" 2>/dev/null || true; rm -rf "$dir"; }
mkdir -p "$dir"
if [[ "$db" == mariadb ]]; then
	uf_mariadb_start "$dir/mariadb"
	trap 'uf_mariadb_stop "$dir/mariadb" || true' EXIT
fi
if [[ ! -f "$dir/site/wp-config.php" ]]; then
	uf_site_create "$dir/site" "$(uf_free_port)" "$db" uf_bench
fi

echo "== UserFeedback benchmarks on $db ($(php -r 'echo PHP_VERSION;'), $(nproc) cores)"
if [[ "$seed" == 1 ]]; then
	echo "-- seed: $surveys surveys, $responses responses"
	php -d memory_limit=512M "$UF_ROOT/bench/seed.php" "$dir/site" --surveys="$surveys" --responses="$responses"
fi
if [[ "$retention" == 1 ]]; then
	echo "-- retention purge"
	# Under WordPress's default memory limit, as WP-Cron runs it.
	php -d memory_limit=40M "$UF_ROOT/bench/retention.php" "$dir/site"
	[[ "$db" == mariadb ]] && uf_mariadb_stop "$dir/mariadb" 2>/dev/null || true
	rm -rf "$dir"
	exit 0
fi
for bench in "$UF_ROOT"/bench/benchmarks/*.php; do
	[[ -n "$only" && ",$only," != *",$(basename "$bench" .php),"* ]] && continue
	echo "-- $(basename "$bench" .php)"
	php "$bench" "$dir/site"
done
