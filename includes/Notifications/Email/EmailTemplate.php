<?php
/**
 * The layout shared by the plugin's emails, in the two templates of the Misc setting
 * (summaries_html_template): HTML, with the Email setting's header image, or plain text. An email is
 * described as data (a title, an intro, sections of labelled rows, links) and only here turned into
 * markup: every text goes through esc_html() and every link through esc_url() in HTML, and plain text
 * has its tags stripped, so no caller can forget to escape a visitor's answer.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications\Email;

use UserFeedback\Responses\ResponseFormatter;

defined( 'ABSPATH' ) || exit;

final class EmailTemplate {

	/**
	 * @param array{title:string,intro?:string,sections?:array<int,array{heading?:string,rows:array<int,array{label:string,lines?:string[],link?:array{text:string,url:string}}>}>,links?:array<int,array{text:string,url:string}>} $email What the email says.
	 * @param bool                                                                                                                                                                                                              $html         HTML (true) or plain text.
	 * @param string                                                                                                                                                                                                            $header_image URL of the image above the title (HTML only; non-http(s) URLs are left out).
	 */
	public static function render( array $email, bool $html, string $header_image = '' ): string {
		return $html ? self::html( $email, $header_image ) : self::plain( $email );
	}

	/**
	 * The headers wp_mail() needs for the template: a Content-Type for HTML, none for plain text.
	 *
	 * @return string[]
	 */
	public static function headers( bool $html ): array {
		return $html ? array( 'Content-Type: text/html; charset=UTF-8' ) : array();
	}

	/**
	 * The site's name as plain text, for subjects and footers.
	 */
	public static function site_name(): string {
		return wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES );
	}

	/**
	 * @param array<string,mixed> $email What the email says.
	 */
	private static function html( array $email, string $header_image ): string {
		$out   = array();
		$out[] = '<!DOCTYPE html><html><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width"></head>';
		$out[] = '<body style="margin:0;padding:24px;background:#f1f1f1;font-family:-apple-system,BlinkMacSystemFont,\'Segoe UI\',Roboto,Helvetica,Arial,sans-serif;color:#23282d;">';
		$out[] = '<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:4px;padding:32px;">';
		$image = ResponseFormatter::http_url( $header_image );
		if ( '' !== $image ) {
			$out[] = '<p style="margin:0 0 24px;text-align:center;"><img src="' . esc_url( $image ) . '" alt="' . esc_attr( self::site_name() ) . '" style="max-width:300px;height:auto;border:0;"></p>';
		}
		$out[] = '<h1 style="margin:0 0 16px;font-size:22px;">' . esc_html( (string) $email['title'] ) . '</h1>';
		if ( '' !== (string) ( $email['intro'] ?? '' ) ) {
			$out[] = '<p style="margin:0 0 24px;">' . esc_html( (string) $email['intro'] ) . '</p>';
		}
		foreach ( (array) ( $email['sections'] ?? array() ) as $section ) {
			if ( '' !== (string) ( $section['heading'] ?? '' ) ) {
				$out[] = '<h2 style="margin:24px 0 8px;font-size:17px;border-bottom:1px solid #e2e4e7;padding-bottom:6px;">' . esc_html( (string) $section['heading'] ) . '</h2>';
			}
			foreach ( (array) $section['rows'] as $row ) {
				$out[] = '<p style="margin:0 0 14px;"><strong>' . esc_html( (string) $row['label'] ) . '</strong><br>' . self::html_value( $row ) . '</p>';
			}
		}
		foreach ( (array) ( $email['links'] ?? array() ) as $link ) {
			$out[] = '<p style="margin:24px 0 0;"><a href="' . esc_url( (string) $link['url'] ) . '" style="display:inline-block;background:#2d87f1;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:4px;">' . esc_html( (string) $link['text'] ) . '</a></p>';
		}
		$out[] = '</div>';
		$out[] = '<p style="max-width:600px;margin:16px auto 0;text-align:center;font-size:12px;color:#646970;">' . esc_html( self::footer() ) . '</p>';
		$out[] = '</body></html>';
		return implode( "\n", $out );
	}

	/**
	 * @param array<string,mixed> $row A row.
	 */
	private static function html_value( array $row ): string {
		$parts = array();
		if ( isset( $row['link'] ) ) {
			$url     = ResponseFormatter::http_url( (string) $row['link']['url'] );
			$text    = esc_html( (string) $row['link']['text'] );
			$parts[] = '' === $url ? $text : '<a href="' . esc_url( $url ) . '">' . $text . '</a>';
		}
		foreach ( (array) ( $row['lines'] ?? array() ) as $line ) {
			$parts[] = nl2br( esc_html( (string) $line ), false );
		}
		return implode( '<br>', $parts );
	}

	/**
	 * @param array<string,mixed> $email What the email says.
	 */
	private static function plain( array $email ): string {
		$title = self::text( (string) $email['title'] );
		$out   = array( $title, str_repeat( '=', max( 3, mb_strlen( $title, 'UTF-8' ) ) ), '' );
		if ( '' !== (string) ( $email['intro'] ?? '' ) ) {
			array_push( $out, self::text( (string) $email['intro'] ), '' );
		}
		foreach ( (array) ( $email['sections'] ?? array() ) as $section ) {
			if ( '' !== (string) ( $section['heading'] ?? '' ) ) {
				$heading = self::text( (string) $section['heading'] );
				array_push( $out, $heading, str_repeat( '-', max( 3, mb_strlen( $heading, 'UTF-8' ) ) ) );
			}
			foreach ( (array) $section['rows'] as $row ) {
				$out[] = self::text( (string) $row['label'] );
				if ( isset( $row['link'] ) ) {
					$url   = ResponseFormatter::http_url( (string) $row['link']['url'] );
					$text  = self::text( (string) $row['link']['text'] );
					$out[] = '  ' . ( '' === $url || $text === $url ? $text : ( '' === $text ? $url : "$text <$url>" ) );
				}
				foreach ( (array) ( $row['lines'] ?? array() ) as $line ) {
					$out[] = '  ' . str_replace( "\n", "\n  ", self::text( (string) $line ) );
				}
				$out[] = '';
			}
		}
		foreach ( (array) ( $email['links'] ?? array() ) as $link ) {
			array_push( $out, self::text( (string) $link['text'] ) . ': ' . esc_url_raw( (string) $link['url'] ), '' );
		}
		array_push( $out, '--', self::footer() );
		return implode( "\n", $out ) . "\n";
	}

	/**
	 * Plain text: tags stripped (a <script> with its content), line breaks kept, the rest as typed.
	 */
	private static function text( string $text ): string {
		return trim( str_replace( "\r\n", "\n", wp_strip_all_tags( $text ) ) );
	}

	private static function footer(): string {
		/* translators: 1: site name, 2: site address. */
		return sprintf( __( 'Sent by UserFeedback on %1$s (%2$s).', 'userfeedback' ), self::site_name(), home_url( '/' ) );
	}
}
