#!/usr/bin/env bash
# npm run lint:php: PHP_CodeSniffer with the project's phpcs.xml.dist (WordPress-Extra, the security and
# database sniffs, PHPCompatibility for PHP 8.1+). The target is zero errors and zero warnings.
#
# The tools are not in Debian or npm, so they are found where they were installed:
#   - vendor/bin/phpcs after `composer install` (composer.json's require-dev; the installer plugin
#     registers the standards), or
#   - $WPCS_HOME, a scratch folder set up as ../shared/tools/WPCS.md says ($WPCS_HOME/phpcs and
#     $WPCS_HOME/src/{phpcsutils,phpcsextra,wpcs,phpcompat}).
# With neither, it says so and exits 0: there is nothing to run on this machine.
# Extra arguments go to phpcs (e.g. --report=source, or a file to check alone).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
mkdir -p .dev

if [[ -x vendor/bin/phpcs ]]; then
	exec php -d memory_limit=1G vendor/bin/phpcs "$@"
fi

home="${WPCS_HOME:-}"
if [[ -n "$home" && -f "$home/phpcs/bin/phpcs" ]]; then
	paths="$home/src/phpcsutils,$home/src/phpcsextra,$home/src/wpcs"
	[[ -d "$home/src/phpcompat" ]] && paths="$paths,$home/src/phpcompat"
	exec php -d memory_limit=1G "$home/phpcs/bin/phpcs" --runtime-set installed_paths "$paths" "$@"
fi

echo "lint:php skipped: PHP_CodeSniffer with the WordPress standards is not installed here."
echo "Run \`composer install\`, or set WPCS_HOME to a folder set up as ../shared/tools/WPCS.md says."
exit 0
