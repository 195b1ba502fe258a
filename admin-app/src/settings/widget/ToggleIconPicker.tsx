/**
 * The toggle icon: a button showing the chosen icon that opens a dialog of the nine
 * toggle icons, drawn from the widget's own icon set and filtered by a substring of
 * their names.
 */
import { useState } from 'react';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { TOGGLE_ICONS } from '../../../../widget/src/ui/glyphs';
import { IconSearchDialog } from '../../shared/components/IconSearchDialog';

export const TOGGLE_ICON_NAMES = Object.keys( TOGGLE_ICONS );

/**
 * Toggle icon names containing the search text (case-insensitive); all when empty.
 *
 * @param search What the user typed.
 */
export function searchToggleIcons( search: string ): string[] {
	const needle = search.trim().toLowerCase();
	return TOGGLE_ICON_NAMES.filter( ( name ) => name.includes( needle ) );
}

/** The widget's glyph (a stroke path on a 24-unit grid), drawn by React. */
export function ToggleGlyph( { name }: { name: string } ) {
	return (
		<svg
			className="userfeedback-toggle-glyph"
			width="24"
			height="24"
			viewBox="0 0 24 24"
			aria-hidden="true"
			focusable="false"
		>
			<path d={ TOGGLE_ICONS[ name ] ?? TOGGLE_ICONS.userfeedback } />
		</svg>
	);
}

export function ToggleIconPicker( {
	value,
	onChange,
	guard,
}: {
	value: string;
	onChange: ( name: string ) => void;
	/** False (after opening the upgrade dialog) when the icon may not change. */
	guard: () => boolean;
} ) {
	const [ open, setOpen ] = useState( false );
	return (
		<div className="userfeedback-widget-settings__icon">
			<span className="userfeedback-widget-settings__label">
				{ __( 'Toggle icon', 'userfeedback' ) }
			</span>
			<span className="userfeedback-widget-settings__current">
				<ToggleGlyph name={ value } />
				<span>{ value }</span>
			</span>
			<Button
				variant="secondary"
				__next40pxDefaultSize
				onClick={ () => guard() && setOpen( true ) }
			>
				{ __( 'Choose icon', 'userfeedback' ) }
			</Button>
			{ open && (
				<IconSearchDialog
					title={ __( 'Choose an icon', 'userfeedback' ) }
					search={ searchToggleIcons }
					nameOf={ ( name ) => name }
					labelOf={ ( name ) => name }
					renderIcon={ ( name ) => <ToggleGlyph name={ name } /> }
					selected={ value }
					onSelect={ onChange }
					onClose={ () => setOpen( false ) }
				/>
			) }
		</div>
	);
}
