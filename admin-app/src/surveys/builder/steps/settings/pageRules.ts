/**
 * Page rules: what each logic type is called, what data it takes and where its
 * choices come from, and when a rule is in error (spec 1, section 5; spec 3, section 5).
 *
 * Operators: a rule's operator joins it to the rule before it, so the first rule's
 * operator means nothing (it is kept as '&&'). Rules are read left to right.
 */
import { __ } from '@wordpress/i18n';

import type { PageRule, PageRuleLogic } from '../../../../shared/types';

/** Where a selector rule gets its choices: a logic_type of GET logic-type, or GET search. */
export type OptionSource =
	| 'user_logged_in'
	| 'wp_user_roles'
	| 'wp_page_type'
	| 'post_type'
	| 'taxonomy'
	| 'taxonomy_term'
	| 'search';

export type RuleKind =
	/** Free text that must be a valid URL. */
	| 'url'
	/** Free text that must not be empty. */
	| 'text'
	/** Free text that must be a valid regular expression. */
	| 'regex'
	/** One or more choices from an option source. */
	| 'select';

interface LogicTypeInfo {
	kind: RuleKind;
	source?: OptionSource;
}

const LOGIC_TYPES: Record< PageRuleLogic, LogicTypeInfo > = {
	user_logged_in: { kind: 'select', source: 'user_logged_in' },
	user_role: { kind: 'select', source: 'wp_user_roles' },
	page_type: { kind: 'select', source: 'wp_page_type' },
	page_or_post_is: { kind: 'select', source: 'search' },
	page_or_post_is_not: { kind: 'select', source: 'search' },
	post_type_is: { kind: 'select', source: 'post_type' },
	post_type_is_not: { kind: 'select', source: 'post_type' },
	taxonomy_is: { kind: 'select', source: 'taxonomy' },
	taxonomy_is_not: { kind: 'select', source: 'taxonomy' },
	taxonomy_term_is: { kind: 'select', source: 'taxonomy_term' },
	taxonomy_term_is_not: { kind: 'select', source: 'taxonomy_term' },
	referrer: { kind: 'url' },
	query_parameter_contains: { kind: 'text' },
	query_parameter_not_contains: { kind: 'text' },
	query_parameter_regex: { kind: 'regex' },
	cookie_exist: { kind: 'text' },
	cookie_not_exist: { kind: 'text' },
	page_url_is: { kind: 'url' },
	page_url_is_not: { kind: 'url' },
	page_url_contains: { kind: 'text' },
	page_url_not_contains: { kind: 'text' },
};

export const LOGIC_TYPE_KEYS = Object.keys( LOGIC_TYPES ) as PageRuleLogic[];

/** The logic type a new rule starts with. */
export const DEFAULT_LOGIC: PageRuleLogic = 'page_or_post_is';

export function ruleKind( logic: PageRuleLogic ): RuleKind {
	return LOGIC_TYPES[ logic ]?.kind ?? 'text';
}

export function optionSource( logic: PageRuleLogic ): OptionSource | null {
	return LOGIC_TYPES[ logic ]?.source ?? null;
}

export function logicTypeLabel( logic: PageRuleLogic ): string {
	const labels: Record< PageRuleLogic, string > = {
		user_logged_in: __( 'User login status', 'userfeedback' ),
		user_role: __( 'User role is', 'userfeedback' ),
		page_type: __( 'Page type is', 'userfeedback' ),
		page_or_post_is: __( 'Page or post is', 'userfeedback' ),
		page_or_post_is_not: __( 'Page or post is not', 'userfeedback' ),
		post_type_is: __( 'Post type is', 'userfeedback' ),
		post_type_is_not: __( 'Post type is not', 'userfeedback' ),
		taxonomy_is: __( 'Taxonomy is', 'userfeedback' ),
		taxonomy_is_not: __( 'Taxonomy is not', 'userfeedback' ),
		taxonomy_term_is: __( 'Taxonomy term is', 'userfeedback' ),
		taxonomy_term_is_not: __( 'Taxonomy term is not', 'userfeedback' ),
		referrer: __( 'Referrer URL is', 'userfeedback' ),
		query_parameter_contains: __(
			'Query parameter contains',
			'userfeedback'
		),
		query_parameter_not_contains: __(
			'Query parameter does not contain',
			'userfeedback'
		),
		query_parameter_regex: __(
			'Query parameter matches regex',
			'userfeedback'
		),
		cookie_exist: __( 'Cookie exists', 'userfeedback' ),
		cookie_not_exist: __( 'Cookie does not exist', 'userfeedback' ),
		page_url_is: __( 'Page URL is', 'userfeedback' ),
		page_url_is_not: __( 'Page URL is not', 'userfeedback' ),
		page_url_contains: __( 'Page URL contains', 'userfeedback' ),
		page_url_not_contains: __(
			'Page URL does not contain',
			'userfeedback'
		),
	};
	return labels[ logic ] ?? logic;
}

/** Groups for the logic type select, in the order they are offered. */
export function logicTypeGroups(): { label: string; types: PageRuleLogic[] }[] {
	return [
		{
			label: __( 'Visitor', 'userfeedback' ),
			types: [ 'user_logged_in', 'user_role' ],
		},
		{
			label: __( 'Content', 'userfeedback' ),
			types: [
				'page_type',
				'page_or_post_is',
				'page_or_post_is_not',
				'post_type_is',
				'post_type_is_not',
				'taxonomy_is',
				'taxonomy_is_not',
				'taxonomy_term_is',
				'taxonomy_term_is_not',
			],
		},
		{
			label: __( 'Address', 'userfeedback' ),
			types: [
				'page_url_is',
				'page_url_is_not',
				'page_url_contains',
				'page_url_not_contains',
				'referrer',
				'query_parameter_contains',
				'query_parameter_not_contains',
				'query_parameter_regex',
			],
		},
		{
			label: __( 'Cookies', 'userfeedback' ),
			types: [ 'cookie_exist', 'cookie_not_exist' ],
		},
	];
}

/** An example of what a text rule takes, for its placeholder. */
export function logicTypePlaceholder( logic: PageRuleLogic ): string {
	switch ( ruleKind( logic ) ) {
		case 'url':
			return 'https://example.com/pricing/';
		case 'regex':
			return '^utm_source=';
		default:
			if ( logic.startsWith( 'cookie' ) ) {
				return __( 'cookie_name', 'userfeedback' );
			}
			if ( logic.startsWith( 'query' ) ) {
				return 'utm_source=newsletter';
			}
			return '/blog/';
	}
}

/** A URL validator that accepts what the URL parser accepts (spec 3, section 5). */
export function isValidUrl( value: string ): boolean {
	const text = value.trim();
	if ( ! text || /\s/.test( text ) ) {
		return false;
	}
	try {
		new URL( text );
		return true;
	} catch {
		return false;
	}
}

function isValidRegex( value: string ): boolean {
	try {
		new RegExp( value );
		return true;
	} catch {
		return false;
	}
}

export function newPageRule( logic: PageRuleLogic = DEFAULT_LOGIC ): PageRule {
	return {
		logic,
		operator: '&&',
		data: ruleKind( logic ) === 'select' ? [] : '',
	};
}

/**
 * The rule with a new logic type. Its data is kept when the new type reads the same
 * kind of data from the same place (text to text, "is" to "is not"), else cleared.
 *
 * @param rule  The rule.
 * @param logic The new logic type.
 */
export function withLogic( rule: PageRule, logic: PageRuleLogic ): PageRule {
	const before = ruleKind( rule.logic ) === 'select';
	const after = ruleKind( logic ) === 'select';
	const keep =
		before === after &&
		optionSource( rule.logic ) === optionSource( logic ) &&
		( after ? Array.isArray( rule.data ) : typeof rule.data === 'string' );
	return {
		...rule,
		logic,
		data: keep ? rule.data : newPageRule( logic ).data,
	};
}

/**
 * Why a page rule is in error, or null when it is fine.
 *
 * @param rule The rule.
 */
export function pageRuleError( rule: PageRule ): string | null {
	const kind = ruleKind( rule.logic );
	if ( kind === 'select' ) {
		return Array.isArray( rule.data ) && rule.data.length > 0
			? null
			: __( 'Select at least one option.', 'userfeedback' );
	}
	const text = typeof rule.data === 'string' ? rule.data.trim() : '';
	if ( kind === 'url' ) {
		return isValidUrl( text )
			? null
			: __(
					'Enter a valid URL, such as https://example.com/page/.',
					'userfeedback'
				);
	}
	if ( ! text ) {
		return __( 'This field cannot be empty.', 'userfeedback' );
	}
	if ( kind === 'regex' && ! isValidRegex( text ) ) {
		return __( 'Enter a valid regular expression.', 'userfeedback' );
	}
	return null;
}
