#!/usr/bin/env bash
# npm start: build, then bring up the dev site (WordPress 6.6 + SQLite + this plugin) at
# http://127.0.0.1:${UF_PORT:-8888}/ and leave its server running in the background.
#
#   UF_PORT=8890 npm start      another port (the existing site is moved to it)
#   UF_SKIP_BUILD=1 npm start   do not run `npm run build`
#
# The site lives in .dev/site and keeps its data between runs; delete that folder for a new one.
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

uf_ensure_system_deps
uf_ensure_node_deps

if [[ "${UF_SKIP_BUILD:-0}" != 1 ]]; then
	(cd "$UF_ROOT" && npm run build)
fi

site="$UF_DEV_DIR/site"
port="${UF_PORT:-8888}"

# Stop first: a running server of ours would make the port look taken, and a site that
# is being recreated must not be served half-copied.
uf_server_stop "$site"

if [[ -f "$site/.uf-installed" ]]; then
	if [[ "$(cat "$site/.uf-port" 2>/dev/null)" != "$port" ]]; then
		uf_log "moving the dev site to port $port"
		uf_site_set_port "$site" "$port"
	fi
	# The checkout may have moved since the site was made.
	ln -sfn "$UF_ROOT" "$site/wp-content/plugins/userfeedback"
else
	# No stamp: never created, or creation failed halfway. Start over.
	rm -rf "$site"
	uf_log "creating the dev site in $site"
	uf_site_create "$site" "$port" sqlite
	touch "$site/.uf-installed"
fi

uf_server_start "$site" "$port"

cat <<MSG

  UserFeedback dev site is running (stop it with: npm run stop)

    Site:   http://127.0.0.1:$port/
    Admin:  http://127.0.0.1:$port/wp-admin/
    Login:  admin / password

    Server log: $site/server.log
    PHP log:    $site/debug.log

MSG
