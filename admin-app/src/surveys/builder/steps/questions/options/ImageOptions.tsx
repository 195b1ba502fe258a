/**
 * Options of image-radio questions: a label and an image from the media library.
 */
import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import type { ImageOption, QuestionType } from '../../../../../shared/types';
import { surveyLimits } from '../../../../../shared/questionTypes';
import { hasMediaLibrary, pickImage } from '../../../../../shared/media';
import { RemoveOption } from './RemoveOption';
import { OptionsFieldset } from './OptionsFieldset';

export function ImageOptions( {
	type,
	options,
	onChange,
}: {
	type: QuestionType;
	options: ImageOption[];
	onChange: ( options: ImageOption[] ) => void;
} ) {
	const media = hasMediaLibrary();
	const set = ( index: number, patch: Partial< ImageOption > ) =>
		onChange(
			options.map( ( option, i ) =>
				i === index ? { ...option, ...patch } : option
			)
		);

	return (
		<OptionsFieldset
			type={ type }
			options={ options }
			onAdd={ () =>
				onChange( [ ...options, { label: '', image: null } ] )
			}
			itemClassName="is-media"
			renderItem={ ( option, index, name ) => (
				<>
					{ option.image?.url && (
						<img
							className="userfeedback-options__image"
							src={ option.image.url }
							alt=""
						/>
					) }
					<TextControl
						__nextHasNoMarginBottom
						label={ sprintf(
							/* translators: %s: "Option 2". */
							__( '%s label', 'userfeedback' ),
							name
						) }
						value={ option.label }
						maxLength={ surveyLimits().label_max }
						onChange={ ( label ) => set( index, { label } ) }
						onBlur={ () =>
							set( index, { label: option.label.trim() } )
						}
					/>
					{ media ? (
						<Button
							variant="secondary"
							onClick={ () =>
								pickImage(
									{
										title: __(
											'Choose Image',
											'userfeedback'
										),
										button: __(
											'Use this image',
											'userfeedback'
										),
									},
									( image ) => set( index, { image } )
								)
							}
						>
							{ option.image
								? __( 'Replace Image', 'userfeedback' )
								: __( 'Choose Image', 'userfeedback' ) }
						</Button>
					) : (
						<TextControl
							__nextHasNoMarginBottom
							type="url"
							label={ sprintf(
								/* translators: %s: "Option 2". */
								__( '%s image URL', 'userfeedback' ),
								name
							) }
							value={ option.image?.url ?? '' }
							onChange={ ( url ) =>
								set( index, {
									image: url.trim()
										? { id: null, url: url.trim() }
										: null,
								} )
							}
						/>
					) }
					<RemoveOption
						type={ type }
						index={ index }
						options={ options }
						name={ name }
						onChange={ onChange }
					/>
				</>
			) }
		></OptionsFieldset>
	);
}
