/**
 * Export downloads. An export is a browser navigation to the exports admin page, which
 * answers a file (or an admin page with the error); so it is a URL, not an api-fetch call,
 * and the nonce travels as _wpnonce rather than in a header.
 */
import { useCallback } from 'react';

import { getConfig } from './config';
import { useConfig } from './context';
import type { Day } from './types';

export type ExportReport = 'general' | 'question';
export type ExportFormat = 'csv' | 'xlsx';

export interface ExportOptions {
	surveyId: number;
	/** general: one row per response; question: one row per answer of questionId. */
	report: ExportReport;
	/** Required with report 'question'. */
	questionId?: number;
	format: ExportFormat;
	/** Inclusive site-local days, 'YYYY-MM-DD'. */
	from?: Day;
	to?: Day;
}

/** What of the page config an export URL needs. */
export interface ExportTarget {
	/** The exports page, e.g. 'admin.php?page=userfeedback_exports' (or absolute). */
	exports_url: string;
	exports_nonce: string;
	urls: { admin: string };
}

/**
 * The exports page as a URL to add the query to; a relative exports_url is read against
 * the admin URL.
 *
 * @param config Exports URL and admin URL.
 */
function exportsPage( config: ExportTarget ): URL {
	try {
		return new URL( config.exports_url, config.urls.admin );
	} catch {
		return new URL( config.exports_url, window.location.href );
	}
}

/**
 * The URL that downloads an export:
 * exports_url&survey_id&report[&question_id]&format[&from&to]&_wpnonce.
 *
 * @param  options The export.
 * @param  config  The page config (exports URL and nonce, admin URL); defaults to the
 *                 page's, read from the DOM. Components pass useConfig() or use useExportUrl().
 * @throws {Error} When a question report has no question id: a caller's mistake.
 */
export function exportUrl(
	options: ExportOptions,
	config: ExportTarget = getConfig()
): string {
	const { surveyId, report, questionId, format, from, to } = options;
	if ( report === 'question' && ! questionId ) {
		throw new Error(
			'UserFeedback exportUrl(): a question report needs a questionId.'
		);
	}
	const url = exportsPage( config );
	const params = url.searchParams;
	params.set( 'survey_id', String( surveyId ) );
	params.set( 'report', report );
	if ( report === 'question' && questionId ) {
		params.set( 'question_id', String( questionId ) );
	} else {
		params.delete( 'question_id' );
	}
	params.set( 'format', format );
	if ( from ) {
		params.set( 'from', from );
	}
	if ( to ) {
		params.set( 'to', to );
	}
	params.set( '_wpnonce', config.exports_nonce );
	return url.toString();
}

/**
 * exportUrl() bound to the config of the app's context.
 *
 * @example
 * const urlFor = useExportUrl();
 * <a href={ urlFor( { surveyId, report: 'general', format: 'csv' } ) }>CSV</a>
 */
export function useExportUrl(): ( options: ExportOptions ) => string {
	const config = useConfig();
	return useCallback(
		( options: ExportOptions ) => exportUrl( options, config ),
		[ config ]
	);
}

export interface PostRatingsExportOptions {
	format: ExportFormat;
	/** One post's ratings (a row per rating); without it, a row per rated post. */
	postId?: number;
	/** Inclusive site-local days, 'YYYY-MM-DD'. */
	from?: Day;
	to?: Day;
	/** The table's sort: post_title|total_ratings|average_rating, or created_at|rating for a post. */
	orderby?: string;
	order?: 'asc' | 'desc';
}

/**
 * The URL that downloads a post-ratings export:
 * exports_url&report=post_ratings&format[&post_id][&from&to][&orderby&order]&_wpnonce.
 *
 * @param options The export.
 * @param config  The page config; defaults to the page's, read from the DOM.
 */
export function postRatingsExportUrl(
	options: PostRatingsExportOptions,
	config: ExportTarget = getConfig()
): string {
	const { format, postId, from, to, orderby, order } = options;
	const url = exportsPage( config );
	const params = url.searchParams;
	params.delete( 'survey_id' );
	params.delete( 'question_id' );
	params.set( 'report', 'post_ratings' );
	params.set( 'format', format );
	if ( postId ) {
		params.set( 'post_id', String( postId ) );
	}
	if ( from ) {
		params.set( 'from', from );
	}
	if ( to ) {
		params.set( 'to', to );
	}
	if ( orderby ) {
		params.set( 'orderby', orderby );
	}
	if ( order ) {
		params.set( 'order', order );
	}
	params.set( '_wpnonce', config.exports_nonce );
	return url.toString();
}

/** postRatingsExportUrl() bound to the config of the app's context. */
export function usePostRatingsExportUrl(): (
	options: PostRatingsExportOptions
) => string {
	const config = useConfig();
	return useCallback(
		( options: PostRatingsExportOptions ) =>
			postRatingsExportUrl( options, config ),
		[ config ]
	);
}
