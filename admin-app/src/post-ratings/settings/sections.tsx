/**
 * The form's three groups: Appearance, Texts and Display.
 */
import type { ReactNode } from 'react';
import { SelectControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { fontFamilies, findFont } from '../../shared/fonts';
import { POST_RATING_DISPLAYS } from '../../shared/types';
import type { RatingForm } from './form';
import {
	ColorSetting,
	SettingField,
	TextSetting,
	YesNoSetting,
} from './fields';
import { IconPicker } from './IconPicker';
import { displayLabel, settingLabel } from './labels';

/** Where a manual placement goes: the shortcode, or the block of this name. */
export const SHORTCODE = '[userfeedback_post_rating]';
export const BLOCK_NAME = 'userfeedback/post-rating';

function Card( { title, children }: { title: string; children: ReactNode } ) {
	return (
		<section className="userfeedback-card userfeedback-pr-settings__card">
			<h3 className="userfeedback-card__title">{ title }</h3>
			{ children }
		</section>
	);
}

function FontSetting( { form }: { form: RatingForm } ) {
	const family = form.values.font;
	const options = fontFamilies().map( ( font ) => ( {
		value: font.family,
		label: font.family,
	} ) );
	// A family saved before the catalogue changed stays choosable.
	if ( family && ! findFont( family ) ) {
		options.unshift( { value: family, label: family } );
	}
	return (
		<SettingField form={ form } name="font">
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ settingLabel( 'font' ) }
				value={ family }
				options={ [
					{ value: '', label: __( 'Theme default', 'userfeedback' ) },
					...options,
				] }
				onChange={ ( value ) => form.set( 'font', value ) }
			/>
		</SettingField>
	);
}

export function AppearanceSection( { form }: { form: RatingForm } ) {
	return (
		<Card title={ __( 'Appearance', 'userfeedback' ) }>
			<IconPicker form={ form } />
			<div className="userfeedback-pr-settings__colors">
				<ColorSetting form={ form } name="icon_color" />
				<ColorSetting form={ form } name="background_color" />
				<ColorSetting form={ form } name="text_color" />
			</div>
			<FontSetting form={ form } />
		</Card>
	);
}

export function TextsSection( { form }: { form: RatingForm } ) {
	return (
		<Card title={ __( 'Texts', 'userfeedback' ) }>
			<TextSetting
				form={ form }
				name="rating_question"
				help={ __( 'Shown above the icons.', 'userfeedback' ) }
			/>
			<TextSetting
				form={ form }
				name="rating_instruction_message"
				help={ __(
					'Shown under the icons until the visitor votes.',
					'userfeedback'
				) }
			/>
			<TextSetting
				form={ form }
				name="thank_you_message"
				help={ __(
					'Shown once the visitor has voted.',
					'userfeedback'
				) }
			/>
		</Card>
	);
}

function ManualHint() {
	return (
		<p className="userfeedback-card__help userfeedback-pr-settings__manual">
			{ sprintf(
				/* translators: 1: the shortcode, [userfeedback_post_rating]; 2: the block's name, userfeedback/post-rating. */
				__(
					'The rating shows only where you place it: add the %1$s shortcode to a post or page, or the Post Rating block (%2$s) in the block editor.',
					'userfeedback'
				),
				SHORTCODE,
				BLOCK_NAME
			) }
		</p>
	);
}

export function DisplaySection( { form }: { form: RatingForm } ) {
	return (
		<Card title={ __( 'Display', 'userfeedback' ) }>
			<SettingField form={ form } name="display_settings">
				<SelectControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					label={ settingLabel( 'display_settings' ) }
					value={ form.values.display_settings }
					options={ POST_RATING_DISPLAYS.map( ( display ) => ( {
						value: display,
						label: displayLabel( display ),
					} ) ) }
					onChange={ ( value ) =>
						form.set(
							'display_settings',
							value as ( typeof POST_RATING_DISPLAYS )[ number ]
						)
					}
				/>
				{ form.values.display_settings === 'manual' && <ManualHint /> }
			</SettingField>
			<YesNoSetting form={ form } name="show_vote_count" />
			<YesNoSetting form={ form } name="show_rating" />
			<YesNoSetting
				form={ form }
				name="use_review_schema"
				help={ __(
					'Adds schema.org AggregateRating data to rated posts, so search engines can show the average rating as stars next to the post in their results (rich results). Search engines decide whether to show it.',
					'userfeedback'
				) }
			/>
			<YesNoSetting
				form={ form }
				name="show_uf_logo"
				help={ __(
					'Shows "Powered by UserFeedback" under the rating.',
					'userfeedback'
				) }
			/>
		</Card>
	);
}
