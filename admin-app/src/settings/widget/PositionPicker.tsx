/**
 * Where the floating widget sits: four radio cards. The middle ones need the
 * widget_positions_middle feature; locked, they open the upgrade dialog.
 */
import { __ } from '@wordpress/i18n';

import type { WidgetPosition } from '../../shared/types';
import type { WidgetGates } from '../../shared/widgetLook';
import { MEDIUM } from './gates';

function positions(): Array< [ WidgetPosition, string ] > {
	return [
		[ 'bottom_left', __( 'Bottom left', 'userfeedback' ) ],
		[ 'bottom_right', __( 'Bottom right', 'userfeedback' ) ],
		[ 'middle_left', __( 'Middle left', 'userfeedback' ) ],
		[ 'middle_right', __( 'Middle right', 'userfeedback' ) ],
	];
}

export function PositionPicker( {
	value,
	onChange,
	gates,
}: {
	value: WidgetPosition;
	onChange: ( position: WidgetPosition ) => void;
	gates: WidgetGates;
} ) {
	const choose = ( position: WidgetPosition ) => {
		if (
			! position.startsWith( 'middle_' ) ||
			gates.middle.guard( MEDIUM )
		) {
			onChange( position );
		}
	};
	return (
		<fieldset className="userfeedback-card userfeedback-position-picker">
			<legend className="userfeedback-card__title">
				{ __( 'Widget position', 'userfeedback' ) }
			</legend>
			<div className="userfeedback-position-picker__cards">
				{ positions().map( ( [ position, label ] ) => (
					<label
						key={ position }
						className={ `userfeedback-position-picker__card is-${ position }${
							position === value ? ' is-selected' : ''
						}` }
					>
						<input
							type="radio"
							name="userfeedback-widget-position"
							value={ position }
							checked={ position === value }
							onChange={ () => choose( position ) }
						/>
						<span
							className="userfeedback-position-picker__screen"
							aria-hidden="true"
						>
							<span className="userfeedback-position-picker__dot" />
						</span>
						<span>{ label }</span>
					</label>
				) ) }
			</div>
		</fieldset>
	);
}
