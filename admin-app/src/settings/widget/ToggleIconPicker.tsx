/**
 * The toggle icon: a button showing the chosen icon that opens a dialog of the nine
 * toggle icons, drawn from the widget's own icon set and filtered by a substring of
 * their names.
 */
import { useState } from 'react';
import { Button, Modal, SearchControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { TOGGLE_ICONS } from '../../../../widget/src/ui/glyphs';

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

function IconDialog( {
	selected,
	onSelect,
	onClose,
}: {
	selected: string;
	onSelect: ( name: string ) => void;
	onClose: () => void;
} ) {
	const [ search, setSearch ] = useState( '' );
	const icons = searchToggleIcons( search );
	return (
		<Modal
			title={ __( 'Choose an icon', 'userfeedback' ) }
			onRequestClose={ onClose }
			className="userfeedback-icon-picker"
		>
			<SearchControl
				__nextHasNoMarginBottom
				label={ __( 'Search icons', 'userfeedback' ) }
				value={ search }
				onChange={ setSearch }
			/>
			{ icons.length === 0 ? (
				<p>{ __( 'No icons found.', 'userfeedback' ) }</p>
			) : (
				<ul className="userfeedback-icon-picker__grid">
					{ icons.map( ( name ) => (
						<li key={ name }>
							<button
								type="button"
								className="userfeedback-icon-picker__icon"
								aria-label={ name }
								aria-pressed={ name === selected }
								onClick={ () => {
									onSelect( name );
									onClose();
								} }
							>
								<ToggleGlyph name={ name } />
							</button>
						</li>
					) ) }
				</ul>
			) }
		</Modal>
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
				<IconDialog
					selected={ value }
					onSelect={ onChange }
					onClose={ () => setOpen( false ) }
				/>
			) }
		</div>
	);
}
