/**
 * An icon-choice icon as the admin draws it (builder, icon picker, results): the
 * catalogue's SVG drawing, filled in the question's icon colour, sized like the
 * widget draws it. Decorative unless given a label. Until the catalogue has loaded, a
 * space of the same size holds its place; a name the catalogue does not know is the
 * fallback question mark, never an empty box.
 */
import { __ } from '@wordpress/i18n';

import { iconData, useIconCatalogue } from './catalogue';

export function SurveyIcon( {
	name,
	color = '#1579EF',
	size = 20,
	label,
}: {
	name: string;
	/** The question's icon_color. */
	color?: string;
	/** Height in px (the widget's icon sizes: 24, 20, 16). */
	size?: number;
	/** An accessible name, where the icon stands alone. */
	label?: string;
} ) {
	const catalogue = useIconCatalogue();
	const data =
		catalogue && ! ( catalogue instanceof Error )
			? iconData( catalogue, name )
			: undefined;
	if ( ! data ) {
		return (
			<span
				className="userfeedback-survey-icon is-loading"
				style={ { display: 'inline-block', width: size, height: size } }
				aria-hidden="true"
				title={
					catalogue instanceof Error
						? __( 'The icons could not be loaded.', 'userfeedback' )
						: undefined
				}
			/>
		);
	}
	const [ , , width, height ] = data.viewBox.split( ' ' ).map( Number );
	return (
		<svg
			className="userfeedback-survey-icon"
			data-icon={ name }
			data-icon-unknown={ data.unknown ? '' : undefined }
			width={ Math.round( ( size * width ) / height ) || size }
			height={ size }
			viewBox={ data.viewBox }
			fill="currentColor"
			style={ { color, flex: 'none' } }
			role={ label ? 'img' : undefined }
			aria-label={ label }
			aria-hidden={ label ? undefined : true }
			focusable="false"
		>
			<path d={ data.path } />
		</svg>
	);
}
