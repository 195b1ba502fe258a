/** @jsxImportSource preact */
/**
 * The choice types. radio-button, image-radio and icon-choice: a labelled group of
 * buttons; pressing one answers (and moves on, when the type auto-advances). With a
 * comment box the pick is held instead, shown by aria-pressed, and Next moves on.
 * checkbox: native check boxes in a labelled group.
 */
import { SurveyIcon } from '../glyphs';
import {
	CommentBox,
	optionLabel,
	orderedOptions,
	titleOf,
	type QuestionComponent,
	type QuestionViewProps,
} from './shared';

export const ICON_SIZES = { large: 24, medium: 20, small: 16 };

export const SingleChoice: QuestionComponent = ( props: QuestionViewProps ) => {
	const { question, draft, id, hold, icons, onPick } = props;
	const settings = question.settings ?? {};
	const size = ICON_SIZES[ settings.icon_size ?? 'medium' ] ?? 20;
	return (
		<>
			<div
				className={ `uf-choices uf-${ question.type }` }
				role="group"
				aria-labelledby={ titleOf( id ) }
			>
				{ orderedOptions( props ).map( ( option ) => {
					const label = optionLabel( option );
					const image =
						typeof option === 'object' && 'image' in option
							? option.image?.url
							: '';
					const icon =
						typeof option === 'object' && 'icon' in option
							? option.icon?.name
							: '';
					return (
						<button
							key={ label }
							type="button"
							className="uf-choice"
							aria-pressed={
								hold ? draft.value === label : undefined
							}
							onClick={ () => onPick( label ) }
						>
							{ image ? (
								// The picture's alt text is the label; the caption repeats
								// it for sight and is hidden from assistive technology.
								<>
									<img src={ image } alt={ label } />
									<span aria-hidden="true">{ label }</span>
								</>
							) : (
								<>
									{ icon && (
										<SurveyIcon
											icon={ icons?.[ icon ] }
											color={
												settings.icon_color || '#1579EF'
											}
											size={ size }
										/>
									) }
									<span>{ label }</span>
								</>
							) }
						</button>
					);
				} ) }
			</div>
			<CommentBox { ...props } />
		</>
	);
};
SingleChoice.picks = true;

export const Checkboxes: QuestionComponent = ( props: QuestionViewProps ) => {
	const { question, draft, id, onChange } = props;
	const ticked = Array.isArray( draft.value ) ? draft.value : [];
	const labels = ( question.config?.options ?? [] ).map( optionLabel );
	return (
		<>
			<div
				className="uf-choices uf-checkbox"
				role="group"
				aria-labelledby={ titleOf( id ) }
			>
				{ orderedOptions( props ).map( ( option ) => {
					const label = optionLabel( option );
					return (
						<label key={ label } className="uf-choice">
							<input
								type="checkbox"
								checked={ ticked.includes( label ) }
								onChange={ ( event ) => {
									const on = event.currentTarget.checked;
									// Kept in the options' own order, whatever the display order.
									onChange( {
										value: labels.filter( ( item ) =>
											item === label
												? on
												: ticked.includes( item )
										),
									} );
								} }
							/>
							<span>{ label }</span>
						</label>
					);
				} ) }
			</div>
			<CommentBox { ...props } />
		</>
	);
};
