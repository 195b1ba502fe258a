/**
 * What the post-ratings settings are called on screen (the fields' labels, the reset
 * buttons' names and the server's field messages all use them).
 */
import { __ } from '@wordpress/i18n';

import type {
	PostRatingDisplay,
	PostRatingSettingKey,
} from '../../shared/types';

export function settingLabel( key: PostRatingSettingKey ): string {
	switch ( key ) {
		case 'icon_id':
			return __( 'Icon', 'userfeedback' );
		case 'icon_color':
			return __( 'Icon Color', 'userfeedback' );
		case 'background_color':
			return __( 'Background Color', 'userfeedback' );
		case 'text_color':
			return __( 'Text Color', 'userfeedback' );
		case 'font':
			return __( 'Font', 'userfeedback' );
		case 'rating_question':
			return __( 'Rating Question', 'userfeedback' );
		case 'rating_instruction_message':
			return __( 'Instruction Message', 'userfeedback' );
		case 'thank_you_message':
			return __( 'Thank You Message', 'userfeedback' );
		case 'display_settings':
			return __( 'Display Position', 'userfeedback' );
		case 'show_vote_count':
			return __( 'Show vote count', 'userfeedback' );
		case 'show_rating':
			return __( 'Show average rating', 'userfeedback' );
		case 'use_review_schema':
			return __( 'Use review schema', 'userfeedback' );
		case 'show_uf_logo':
			return __( 'Show UserFeedback logo', 'userfeedback' );
	}
}

/**
 * An icon's name; an id the admin does not know yet reads as its id, capitalised.
 *
 * @param id Icon id from the server's list.
 */
export function iconLabel( id: string ): string {
	switch ( id ) {
		case 'star':
			return __( 'Star', 'userfeedback' );
		case 'heart':
			return __( 'Heart', 'userfeedback' );
		case 'circle':
			return __( 'Circle', 'userfeedback' );
		case 'diamond':
			return __( 'Diamond', 'userfeedback' );
		case 'bolt':
			return __( 'Bolt', 'userfeedback' );
		case 'thumb':
			return __( 'Thumbs up', 'userfeedback' );
		default:
			return id.charAt( 0 ).toUpperCase() + id.slice( 1 );
	}
}

export function displayLabel( display: PostRatingDisplay ): string {
	switch ( display ) {
		case 'after_content':
			return __( 'After post content', 'userfeedback' );
		case 'before_comments':
			return __( 'Before comments', 'userfeedback' );
		case 'after_comments':
			return __( 'After comments', 'userfeedback' );
		case 'manual':
			return __( 'Manual (shortcode or block)', 'userfeedback' );
	}
}
