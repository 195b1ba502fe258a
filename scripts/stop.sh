#!/usr/bin/env bash
# npm run stop: stop the dev site's PHP server (started by scripts/start.sh). Nothing else.
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

site="$UF_DEV_DIR/site"
if uf_server_running "$site"; then
	uf_server_stop "$site"
	uf_log "dev site stopped"
else
	uf_server_stop "$site" # clears a stale pid file, if any
	uf_log "dev site was not running"
fi
