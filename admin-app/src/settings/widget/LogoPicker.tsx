/**
 * The widget's logo: ours, a custom image (branding) or none. The custom image comes
 * from the media library when the page has it, else from a URL field; a custom logo
 * with no image blocks the save (spec 3, section 5).
 */
import { useId } from 'react';
import { Button, RadioControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import type { LogoType } from '../../shared/types';
import type { WidgetGates, WidgetValues } from '../../shared/widgetLook';
import { MEDIUM } from './gates';
import { hasMediaLibrary, pickImage } from '../../shared/media';
import type { UpdateWidget } from './values';

function CustomLogo( {
	url,
	error,
	onChange,
}: {
	url: string;
	error?: string;
	onChange: ( url: string ) => void;
} ) {
	const errorId = useId();
	const describedBy = error ? errorId : undefined;
	const select = () =>
		pickImage(
			{
				title: __( 'Select Logo', 'userfeedback' ),
				button: __( 'Use this image', 'userfeedback' ),
			},
			( image ) => onChange( image.url )
		);
	return (
		<div
			className={ `userfeedback-widget-settings__logo${
				error ? ' has-error' : ''
			}` }
		>
			{ hasMediaLibrary() ? (
				<div className="userfeedback-widget-settings__logo-actions">
					{ url && (
						<img
							src={ url }
							alt={ __( 'Custom logo', 'userfeedback' ) }
						/>
					) }
					<Button
						variant="secondary"
						__next40pxDefaultSize
						aria-describedby={ describedBy }
						onClick={ select }
					>
						{ url
							? __( 'Change Logo', 'userfeedback' )
							: __( 'Select Logo', 'userfeedback' ) }
					</Button>
					{ url && (
						<Button
							variant="tertiary"
							isDestructive
							__next40pxDefaultSize
							onClick={ () => onChange( '' ) }
						>
							{ __( 'Remove', 'userfeedback' ) }
						</Button>
					) }
				</div>
			) : (
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					type="url"
					label={ __( 'Logo URL', 'userfeedback' ) }
					value={ url }
					aria-invalid={ !! error }
					aria-describedby={ describedBy }
					onChange={ onChange }
				/>
			) }
			{ error && (
				<p id={ errorId } className="userfeedback-field-error">
					{ error }
				</p>
			) }
		</div>
	);
}

export function LogoPicker( {
	values,
	update,
	gates,
	error,
}: {
	values: WidgetValues;
	update: UpdateWidget;
	gates: WidgetGates;
	error?: string;
} ) {
	const choose = ( type: LogoType ) => {
		if ( type !== 'custom' || gates.branding.guard( MEDIUM ) ) {
			update( { logo_type: type, widget_show_logo: type !== 'none' } );
		}
	};
	return (
		<div className="userfeedback-card">
			<RadioControl
				label={ __( 'Logo', 'userfeedback' ) }
				selected={ values.logo_type }
				options={ [
					{
						value: 'userfeedback',
						label: __( 'UserFeedback', 'userfeedback' ),
					},
					{ value: 'custom', label: __( 'Custom', 'userfeedback' ) },
					{ value: 'none', label: __( 'None', 'userfeedback' ) },
				] }
				onChange={ ( type ) => choose( type as LogoType ) }
			/>
			{ values.logo_type === 'custom' && (
				<CustomLogo
					url={ values.widget_custom_logo }
					error={ error }
					onChange={ ( url ) =>
						gates.branding.guard( MEDIUM ) &&
						update( { widget_custom_logo: url } )
					}
				/>
			) }
		</div>
	);
}
