<?php
/**
 * Writes languages/userfeedback.pot from the plugin's PHP and TypeScript sources (WP-CLI's
 * `wp i18n make-pot` is not available offline). PHP is read with PHP's own tokenizer; the admin
 * apps' __( 'text', 'userfeedback' ) calls, whose first argument is always a literal, with a pattern.
 *
 *   php scripts/make-pot.php            (npm run i18n)
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

$root    = dirname( __DIR__ );
$domain  = 'userfeedback';
$entries = array(); // msgctxt\4msgid => [ msgid, plural|null, context|null, refs[], translator comment ]

$functions = array(
	'__'          => array( 'msgid' ),
	'_e'          => array( 'msgid' ),
	'esc_html__'  => array( 'msgid' ),
	'esc_html_e'  => array( 'msgid' ),
	'esc_attr__'  => array( 'msgid' ),
	'esc_attr_e'  => array( 'msgid' ),
	'_x'          => array( 'msgid', 'context' ),
	'esc_html_x'  => array( 'msgid', 'context' ),
	'esc_attr_x'  => array( 'msgid', 'context' ),
	'_n'          => array( 'msgid', 'plural' ),
);

function uf_pot_add( array &$entries, array $fields, string $ref, string $comment ): void {
	$key = ( $fields['context'] ?? '' ) . "\4" . $fields['msgid'];
	if ( ! isset( $entries[ $key ] ) ) {
		$entries[ $key ] = array( $fields + array( 'plural' => null, 'context' => null ), array(), '' );
	}
	$entries[ $key ][1][] = $ref;
	if ( '' !== $comment ) {
		$entries[ $key ][2] = $comment;
	}
}

$files = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $root, FilesystemIterator::SKIP_DOTS ) );
foreach ( $files as $file ) {
	$path = substr( $file->getPathname(), strlen( $root ) + 1 );
	if ( preg_match( '#^(node_modules|vendor|build|\.dev|tests|bench|scripts|test-results)/|\.test\.tsx?$|/test/#', $path ) ) {
		continue;
	}
	$source = (string) file_get_contents( $file->getPathname() );

	if ( str_ends_with( $path, '.php' ) ) {
		$tokens  = token_get_all( $source );
		$comment = '';
		foreach ( $tokens as $i => $token ) {
			if ( is_array( $token ) && T_COMMENT === $token[0] && str_contains( $token[1], 'translators:' ) ) {
				$comment = trim( preg_replace( '#^(/\*+|//)\s*|\s*\*+/$#', '', $token[1] ) );
				continue;
			}
			if ( ! is_array( $token ) || T_STRING !== $token[0] || ! isset( $functions[ $token[1] ] ) ) {
				continue;
			}
			// Collect the literal arguments up to the closing parenthesis.
			$args  = array();
			$depth = 0;
			for ( $j = $i + 1; isset( $tokens[ $j ] ); $j++ ) {
				$t = $tokens[ $j ];
				if ( '(' === $t ) {
					++$depth;
				} elseif ( ')' === $t && 0 === --$depth ) {
					break;
				} elseif ( 1 === $depth && is_array( $t ) && T_CONSTANT_ENCAPSED_STRING === $t[0] ) {
					$args[] = stripcslashes( substr( $t[1], 1, -1 ) );
				} elseif ( 1 === $depth && is_array( $t ) && ! in_array( $t[0], array( T_WHITESPACE, T_COMMENT ), true ) ) {
					$args[] = null; // A variable or expression: not extractable.
				}
			}
			$names = $functions[ $token[1] ];
			if ( ( $args[ count( $names ) ] ?? null ) !== $domain && ! ( '_n' === $token[1] && ( $args[3] ?? null ) === $domain ) ) {
				continue;
			}
			$fields = array();
			foreach ( $names as $k => $name ) {
				$fields[ $name ] = $args[ $k ];
			}
			if ( null === $fields['msgid'] ) {
				continue;
			}
			uf_pot_add( $entries, $fields, $path . ':' . $token[2], $comment );
			$comment = '';
		}
	} elseif ( str_ends_with( $path, '/block.json' ) ) {
		// What WordPress translates in block metadata, with the contexts it uses (see
		// get_block_metadata_i18n_schema()): title, description and each keyword.
		$meta = json_decode( $source, true );
		if ( ( $meta['textdomain'] ?? '' ) !== $domain ) {
			continue;
		}
		foreach ( array( 'title' => 'block title', 'description' => 'block description' ) as $field => $context ) {
			if ( is_string( $meta[ $field ] ?? null ) ) {
				uf_pot_add( $entries, array( 'msgid' => $meta[ $field ], 'context' => $context ), $path, '' );
			}
		}
		foreach ( (array) ( $meta['keywords'] ?? array() ) as $keyword ) {
			uf_pot_add( $entries, array( 'msgid' => (string) $keyword, 'context' => 'block keyword' ), $path, '' );
		}
	} elseif ( preg_match( '#^(admin-app|widget)/src/.*\.tsx?$#', $path ) ) {
		preg_match_all( "#(/\* translators:((?:(?!\*/).)*)\*/\s*)?\b__\(\s*'((?:[^'\\\\]|\\\\.)*)',\s*'$domain'\s*\)#s", $source, $matches, PREG_SET_ORDER | PREG_OFFSET_CAPTURE );
		foreach ( $matches as $m ) {
			$line = substr_count( substr( $source, 0, $m[0][1] ), "\n" ) + 1;
			// A comment runs to its own end (never across code to a later one) and may span lines.
			uf_pot_add( $entries, array( 'msgid' => stripcslashes( $m[3][0] ) ), "$path:$line", trim( (string) preg_replace( '/\s+/', ' ', $m[2][0] ?? '' ) ) );
		}
	}
}

ksort( $entries );
$quote = static fn( string $s ): string => '"' . addcslashes( $s, "\"\\\n\t" ) . '"';
$out   = "# Copyright (C) UserFeedback\n# This file is distributed under the GPL-2.0-or-later.\nmsgid \"\"\nmsgstr \"\"\n"
	. "\"Project-Id-Version: UserFeedback\\n\"\n\"MIME-Version: 1.0\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
	. "\"Content-Transfer-Encoding: 8bit\\n\"\n\"X-Domain: $domain\\n\"\n";
foreach ( $entries as [ $fields, $refs, $comment ] ) {
	$out .= "\n";
	if ( '' !== $comment ) {
		$out .= "#. $comment\n";
	}
	$out .= '#: ' . implode( ' ', array_unique( $refs ) ) . "\n";
	if ( null !== $fields['context'] ) {
		$out .= 'msgctxt ' . $quote( $fields['context'] ) . "\n";
	}
	$out .= 'msgid ' . $quote( $fields['msgid'] ) . "\n";
	if ( null !== $fields['plural'] ) {
		$out .= 'msgid_plural ' . $quote( $fields['plural'] ) . "\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n";
	} else {
		$out .= "msgstr \"\"\n";
	}
}
file_put_contents( $root . '/languages/userfeedback.pot', $out );
fwrite( STDERR, sprintf( "languages/userfeedback.pot: %d strings\n", count( $entries ) ) );
