/**
 * The rating icon: a radio group of the server's icons, drawn in the icon colour.
 */
import { useId } from 'react';

import type { PostRatingIcon } from '../../shared/types';
import type { RatingForm } from './form';
import { SettingField } from './fields';
import { iconLabel, settingLabel } from './labels';

export function IconGlyph( { icon }: { icon: PostRatingIcon } ) {
	return (
		<svg viewBox={ icon.viewBox } aria-hidden="true" focusable="false">
			<path d={ icon.path } fill={ icon.fill || 'currentColor' } />
		</svg>
	);
}

export function IconPicker( { form }: { form: RatingForm } ) {
	const name = useId();
	return (
		<SettingField form={ form } name="icon_id">
			<fieldset className="userfeedback-pr-icons">
				<legend className="userfeedback-pr-icons__legend">
					{ settingLabel( 'icon_id' ) }
				</legend>
				<div
					className="userfeedback-pr-icons__options"
					style={ { color: form.values.icon_color } }
				>
					{ form.icons.map( ( icon ) => {
						const checked = form.values.icon_id === icon.id;
						return (
							<label
								key={ icon.id }
								className={ `userfeedback-pr-icons__option${
									checked ? ' is-selected' : ''
								}` }
								title={ iconLabel( icon.id ) }
							>
								<input
									type="radio"
									className="userfeedback-pr-icons__input"
									name={ name }
									value={ icon.id }
									checked={ checked }
									onChange={ () =>
										form.set( 'icon_id', icon.id )
									}
								/>
								<IconGlyph icon={ icon } />
								<span className="screen-reader-text">
									{ iconLabel( icon.id ) }
								</span>
							</label>
						);
					} ) }
				</div>
			</fieldset>
		</SettingField>
	);
}
